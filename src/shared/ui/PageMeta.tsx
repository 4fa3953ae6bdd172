import { useDocumentTitle } from '@mantine/hooks';
import { createContext, useContext, useEffect } from 'react';
import { PRODUCT_NAME } from '@/shared/lib/product';

/** The document title of a page: its own name, then the product's. */
export function pageTitle(name: string): string {
  return `${name} - ${PRODUCT_NAME}`;
}

/** What the page being prerendered asks for its head; the build writes it into that page's HTML. */
export interface PageHead {
  title?: string;
  description?: string;
}

/** Provided only while prerendering at build time; in the browser, the effects below set the head. */
export const PageHeadContext = createContext<((head: PageHead) => void) | null>(null);

interface PageMetaProps {
  /** The full document title, usually `pageTitle(name)`. */
  title: string;
  description?: string;
}

/** Sets the document title (and the meta description when given) while the page is shown. */
export function PageMeta({ title, description }: PageMetaProps) {
  useContext(PageHeadContext)?.(description === undefined ? { title } : { title, description });
  useDocumentTitle(title);
  useEffect(() => {
    if (description === undefined) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [description]);
  return null;
}
