/**
 * Build-time only: renders each route's first screen to HTML (vite.config.ts's prerender step loads this
 * module from an SSR build), so that a page paints before its JavaScript has run; main.tsx hydrates it.
 */
import { ColorSchemeScript } from '@mantine/core';
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { App } from './app/App';
import { COLOR_SCHEME_KEY, DEFAULT_COLOR_SCHEME } from './app/providers/color-scheme';
import { routeOf, routes } from './app/router';
import { PATHS } from './shared/lib/paths';
import { PageHeadContext, type PageHead } from './shared/ui/PageMeta';

/** Every page the build writes, by the path it is served at, and the path it is rendered for. */
export const PRERENDERED_PAGES: { file: string; path: string }[] = [
  { file: 'index.html', path: PATHS.home },
  { file: 'terms.html', path: PATHS.terms },
  { file: 'privacy.html', path: PATHS.privacy },
  { file: 'cookies.html', path: PATHS.cookies },
  { file: 'feedback.html', path: PATHS.feedback },
  // Any path no route names: hosts answer unknown paths with it.
  { file: '404.html', path: '/404' },
];

export interface PrerenderedPage {
  /** The inside of #root. */
  html: string;
  /** #root's data-route: the route the HTML shows, which main.tsx compares with the location's. */
  route: string;
  head: PageHead;
}

export async function renderPage(path: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path}: the router answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let head: PageHead = {};
  const setHead = (pageHead: PageHead) => (head = { ...head, ...pageHead });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageHeadContext value={setHead}>
        {/* No hydration data script: the CSP allows no inline script, and no route has a loader. */}
        <App routes={<StaticRouterProvider router={router} context={context} hydrate={false} />} />
      </PageHeadContext>
    </StrictMode>,
    // Every Suspense boundary inline in the HTML: React would outline a big one, to be revealed by an inline
    // script that the CSP refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  const route = routeOf(path);
  if (route === undefined) throw new Error(`${path}: no route`);
  return { html, route, head };
}

/** Mantine's script that sets the colour scheme before the first paint, as an HTML string. */
export function colorSchemeScript(): string {
  return renderToStaticMarkup(
    <ColorSchemeScript defaultColorScheme={DEFAULT_COLOR_SCHEME} localStorageKey={COLOR_SCHEME_KEY} />,
  );
}
