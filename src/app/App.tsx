import { RouterProvider } from 'react-router-dom';
import { OfflineStatus } from '@/features/offline';
import { AppProviders } from './providers/AppProviders';
import { router } from './router';

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
      {/* The badge lives in the header; this mounts the service worker and the update prompt once. */}
      <OfflineStatus />
    </AppProviders>
  );
}
