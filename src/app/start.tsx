import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { App } from './App';
import { connectConverterToOffline } from './connect-offline';
import { preloadHomePage } from '@/pages/home/HomePage';
import { PATHS } from '@/shared/lib/paths';
import { createAppRouter, loadLocationRoutes, routeOf } from './router';

/** Lets the browser run what waits (a paint, input) before the next step: each step is a short task. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Evaluating the app's code, matching the location's routes, creating the router and hydrating each take a
 * task of their own: together they were one long task after the first paint.
 */
async function start(): Promise<void> {
  await nextTask();
  const isHome = routeOf(window.location.pathname) === PATHS.home;
  const [loaded] = await Promise.all([loadLocationRoutes(), isHome ? preloadHomePage().catch(() => {}) : null]);
  await nextTask();
  const router = createAppRouter();
  connectConverterToOffline(router);
  await nextTask();
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App routes={<RouterProvider router={router} />} />
    </StrictMode>
  );
  // The build prerenders each route's HTML; a host or the service worker may answer another path with one of
  // them (an unknown path gets the not-found page's): that page is rendered afresh, not hydrated.
  const prerendered = container.dataset.route;
  if (loaded && prerendered !== undefined && prerendered === routeOf(window.location.pathname)) {
    // As a transition, hydration yields to the browser every few milliseconds instead of one long task.
    startTransition(() => void hydrateRoot(container, app));
  } else {
    container.replaceChildren();
    container.removeAttribute('inert');
    createRoot(container).render(app);
  }
}

void start();
