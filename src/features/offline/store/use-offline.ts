import { useStore } from 'zustand';
import { createOfflineStore, type OfflineActions, type OfflineState } from './offline-store';

export const offlineStore = createOfflineStore(() => window.location.reload());

export function useOffline<T>(selector: (state: OfflineState & OfflineActions) => T): T {
  return useStore(offlineStore, selector);
}

/**
 * Tells the offline feature whether a conversion is running, so an update never interrupts it.
 * The app layer calls it from the converter's state (features do not import each other).
 */
export function setConversionBusy(busy: boolean): void {
  offlineStore.getState().setConversionBusy(busy);
}
