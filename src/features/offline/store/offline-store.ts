import { createStore } from 'zustand/vanilla';
import type { ServiceWorkerPhase } from '../model/offline-status';

export interface OfflineState {
  phase: ServiceWorkerPhase;
  /** A new version is installed and waiting for the user's consent. */
  updateWaiting: boolean;
  updateDismissed: boolean;
  /** A conversion is running: no update prompt, no reload until it ends. */
  conversionBusy: boolean;
  /** The new version took control during a conversion: reload as soon as it ends. */
  reloadPending: boolean;
}

export interface OfflineActions {
  setPhase(phase: ServiceWorkerPhase): void;
  /** The service worker of a new version is waiting; `activate` lets it take over. */
  offerUpdate(activate: () => Promise<void>): void;
  dismissUpdate(): void;
  /** The user chose 'Reload': the waiting version takes over, then the page reloads. */
  acceptUpdate(): Promise<void>;
  /** The new version controls the page (from this tab or another one): reload, but never mid-conversion. */
  reloadWhenIdle(): void;
  setConversionBusy(busy: boolean): void;
}

export type OfflineStore = ReturnType<typeof createOfflineStore>;

export function createOfflineStore(reload: () => void) {
  let activateUpdate: (() => Promise<void>) | null = null;

  return createStore<OfflineState & OfflineActions>()((set, get) => ({
    phase: 'unavailable',
    updateWaiting: false,
    updateDismissed: false,
    conversionBusy: false,
    reloadPending: false,
    setPhase(phase) {
      set({ phase });
    },
    offerUpdate(activate) {
      activateUpdate = activate;
      set({ updateWaiting: true, updateDismissed: false });
    },
    dismissUpdate() {
      set({ updateDismissed: true });
    },
    async acceptUpdate() {
      if (get().conversionBusy || !activateUpdate) return;
      await activateUpdate();
    },
    reloadWhenIdle() {
      if (get().conversionBusy) set({ reloadPending: true });
      else reload();
    },
    setConversionBusy(busy) {
      set({ conversionBusy: busy });
      if (!busy && get().reloadPending) {
        set({ reloadPending: false });
        reload();
      }
    },
  }));
}

/** The update prompt is visible: a version waits, the user has not closed the prompt, and nothing is converting. */
export function isUpdatePromptVisible(state: OfflineState): boolean {
  return state.updateWaiting && !state.updateDismissed && !state.conversionBusy;
}
