import { useEffect, type ReactNode } from 'react';
import { OfflineStatus } from '@/features/offline';
import { AppProviders } from './providers/AppProviders';

/** The providers around the routes: `<RouterProvider>` in the browser, `<StaticRouterProvider>` at build time. */
export function App({ routes }: { routes: ReactNode }) {
  // The prerendered page is inert until hydrated: a click or a typed letter before would be lost.
  useEffect(() => document.getElementById('root')?.removeAttribute('inert'), []);
  return (
    <AppProviders>
      {routes}
      {/* The badge lives in the header; this mounts the service worker and the update prompt once. */}
      <OfflineStatus />
    </AppProviders>
  );
}
