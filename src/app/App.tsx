import type { ReactNode } from 'react';
import { OfflineStatus } from '@/features/offline';
import { AppProviders } from './providers/AppProviders';

/** The providers around the routes: `<RouterProvider>` in the browser, `<StaticRouterProvider>` at build time. */
export function App({ routes }: { routes: ReactNode }) {
  return (
    <AppProviders>
      {routes}
      {/* The badge lives in the header; this mounts the service worker and the update prompt once. */}
      <OfflineStatus />
    </AppProviders>
  );
}
