import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { App } from './App';
import { connectConverterToOffline } from './connect-offline';
import { preloadHomePage } from '@/pages/home/HomePage';
import { PATHS } from '@/shared/lib/paths';
import { createAppRouter, loadLocationRoutes, routeOf } from './router';

void connectConverterToOffline();

const isHome = routeOf(window.location.pathname) === PATHS.home;
void Promise.all([loadLocationRoutes(), isHome ? preloadHomePage().catch(() => {}) : null]).then(([loaded]) => {
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App routes={<RouterProvider router={createAppRouter()} />} />
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
});
