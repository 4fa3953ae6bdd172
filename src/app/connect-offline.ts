import type { createBrowserRouter } from 'react-router-dom';
import { setConversionBusy } from '@/features/offline';
import { PATHS } from './paths';
import { routeOf } from './router';

/**
 * An update never reloads the page in the middle of a conversion: the offline feature is told when one runs.
 * Only the converter's page runs conversions, and it loads the converter's code: the other pages never load
 * it for this, until the converter's page is shown.
 */
export function connectConverterToOffline(router: ReturnType<typeof createBrowserRouter>): void {
  let connected = false;
  const connectOn = (pathname: string) => {
    if (connected || routeOf(pathname) !== PATHS.home) return;
    connected = true;
    import('@/features/converter').then(
      ({ converterStore }) =>
        converterStore.subscribe((state) => setConversionBusy(state.machine.status === 'converting')),
      // The page's own load of the converter fails too, and says so; no conversion can run.
      () => {},
    );
  };
  connectOn(router.state.location.pathname);
  router.subscribe((state) => connectOn(state.location.pathname));
}
