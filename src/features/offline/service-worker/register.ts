/// <reference types="vite-plugin-pwa/client" />
// The only module that talks to the service worker. vite-plugin-pwa generates the worker (precache of
// every built file, ffmpeg core included) and this registration helper; the dev server gets a no-op.
import { registerSW } from 'virtual:pwa-register';
import type { OfflineStore } from '../store/offline-store';

let started = false;

/** Registers the service worker once and keeps the store told of its phase and of waiting updates. */
export function startOfflineSupport(store: OfflineStore): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  const activateWaitingVersion = registerSW({
    immediate: true,
    onNeedRefresh: () => store.getState().offerUpdate(() => activateWaitingVersion()),
    onNeedReload: () => store.getState().reloadWhenIdle(),
    onRegisteredSW: (_url, registration) => {
      if (registration) followFirstInstallation(registration, store);
    },
    onRegisterError: () => store.getState().setPhase('unavailable'),
  });
}

/** A registration with an active worker has its precache complete; otherwise the first install is running. */
function followFirstInstallation(registration: ServiceWorkerRegistration, store: OfflineStore): void {
  if (registration.active) {
    store.getState().setPhase('ready');
    return;
  }
  store.getState().setPhase('preparing');
  const installing = registration.installing;
  // A failed precache (quota, network lost mid-download) makes the worker redundant: no offline mode.
  installing?.addEventListener('statechange', () => {
    if (installing.state === 'redundant' && !registration.active) store.getState().setPhase('unavailable');
  });
  void navigator.serviceWorker.ready.then(() => store.getState().setPhase('ready'));
}
