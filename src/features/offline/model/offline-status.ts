/** What the service worker has done for this page so far. */
export type ServiceWorkerPhase =
  /** No service worker: unsupported browser, dev server, or the installation failed. */
  | 'unavailable'
  /** The first installation is downloading the app and the ffmpeg core into the cache. */
  | 'preparing'
  /** Everything is cached: the app, every route and a conversion work without network. */
  | 'ready';

export const OFFLINE_TEXTS = {
  preparing: 'Preparing offline mode…',
  ready: 'Ready to work offline',
  offline: 'Offline',
  updateTitle: 'A new version is available',
  updateBody: 'Reload to use it. Nothing is interrupted until you do.',
  reload: 'Reload',
} as const;

export type OfflineBadgeKind = 'preparing' | 'ready' | 'offline';

export interface OfflineBadgeView {
  kind: OfflineBadgeKind;
  label: string;
}

/** The one status badge to show, or none. Being offline outranks everything: it is what the user needs to know. */
export function offlineBadge(phase: ServiceWorkerPhase, online: boolean): OfflineBadgeView | null {
  if (!online) return { kind: 'offline', label: OFFLINE_TEXTS.offline };
  if (phase === 'preparing') return { kind: 'preparing', label: OFFLINE_TEXTS.preparing };
  if (phase === 'ready') return { kind: 'ready', label: OFFLINE_TEXTS.ready };
  return null;
}
