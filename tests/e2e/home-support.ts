import { expect, type Page } from '@playwright/test';
import { encodePng, testPattern } from '../fixtures/pngs';

export interface PagePng {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A test-pattern PNG made in memory; hue sets the blue channel outside the central disc. */
export function patternPng(name: string, width: number, height: number, hue = 0): PagePng {
  return { name, mimeType: 'image/png', buffer: Buffer.from(encodePng(testPattern(width, height, hue))) };
}

export function fileInput(page: Page) {
  return page.locator('input[type="file"]');
}

export function dropzone(page: Page) {
  return page.getByRole('group', { name: /^Upload PNG files/ });
}

export interface DroppedFile {
  name: string;
  type: string;
  /** Base64 content, or a size to fill with zeros inside the page (big files never cross the wire). */
  base64?: string;
  size?: number;
}

export function toDropped(file: PagePng): DroppedFile {
  return { name: file.name, type: file.mimeType, base64: file.buffer.toString('base64') };
}

/** Builds a DataTransfer in the page and sends a drag event carrying it to the drop zone. */
/**
 * The drop zone is in the prerendered HTML; it takes files (dropped, pasted, chosen) once hydrated, when its
 * file input appears. Events dispatched by a script before then would find no handler.
 */
export async function converterReady(page: Page): Promise<void> {
  await page.locator('input[type="file"]').waitFor({ state: 'attached' });
}

export async function dispatchDrag(
  page: Page,
  type: 'dragenter' | 'dragover' | 'dragleave' | 'drop',
  files: DroppedFile[],
) {
  await converterReady(page);
  const dataTransfer = await page.evaluateHandle((specs) => {
    const transfer = new DataTransfer();
    for (const spec of specs) {
      const bytes = spec.base64
        ? Uint8Array.from(atob(spec.base64), (c) => c.charCodeAt(0))
        : new Uint8Array(spec.size ?? 0);
      transfer.items.add(new File([bytes], spec.name, { type: spec.type }));
    }
    return transfer;
  }, files);
  await dropzone(page).dispatchEvent(type, { dataTransfer });
}

export async function dropFiles(page: Page, files: DroppedFile[]) {
  await dispatchDrag(page, 'dragenter', files);
  await dispatchDrag(page, 'drop', files);
}

export function toast(page: Page, text: string | RegExp) {
  return page.locator('.Toastify').getByText(text);
}

export async function expectToast(page: Page, text: string | RegExp) {
  await expect(toast(page, text).first()).toBeVisible();
}

/** File names in the list, in order (the frame order). */
export async function listedFileNames(page: Page): Promise<string[]> {
  return page.getByTestId('file-row').locator('p[title]').allTextContents();
}

/**
 * Starts watching for a button that says `text`, and returns whether one has appeared since. A state as
 * short as a small conversion can come and go between two polls of `expect(...).toHaveText`, so the page
 * itself records it.
 */
export async function watchForButton(page: Page, text: string): Promise<() => Promise<boolean>> {
  const key = `__sawButton:${text}`;
  await page.evaluate(
    ({ key, text }) => {
      const record = window as unknown as Record<string, boolean>;
      const check = () => {
        if ([...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === text)) record[key] = true;
      };
      record[key] = false;
      check();
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    { key, text },
  );
  return () => page.evaluate((key) => (window as unknown as Record<string, boolean>)[key] === true, key);
}
