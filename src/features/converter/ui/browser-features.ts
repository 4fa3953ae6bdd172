/**
 * Which of the browser's optional APIs the converter can use, decided from the globals passed in (the page
 * passes `window`, `navigator`, `HTMLInputElement.prototype`; tests pass what an engine lacks). Engines
 * differ: `launchQueue` (the installed app's file handler) and a share target exist in Chromium only,
 * folder choice in a file dialog came to phones in 2025, Firefox on the desktop shares no files. Where an
 * API is missing its control is not offered, and nothing calls it.
 */

/** "Choose a folder" under the drop zone: the file input's non-standard `webkitdirectory`. */
export function canChooseFolder(inputPrototype: object | undefined): boolean {
  return inputPrototype !== undefined && 'webkitdirectory' in inputPrototype;
}

/** The File Handling API's queue (installed app, manifest `file_handlers`). */
export interface LaunchQueue {
  setConsumer(consumer: (params: { files?: readonly FileSystemFileHandle[] }) => void): void;
}

/** The launch queue when the browser has one that can be used. */
export function launchQueueOf(window: { launchQueue?: unknown }): LaunchQueue | null {
  const queue = window.launchQueue as Partial<LaunchQueue> | null | undefined;
  return typeof queue?.setConsumer === 'function' ? (queue as LaunchQueue) : null;
}

/**
 * A page opened by the share target (`?share-target`): its files come from the service worker that
 * received them ('wait'), or, with no worker in control (a browser without service workers, a private
 * window), never come, and the address is simply made the page's own again ('forget').
 */
export function sharedFilesHandOver(
  search: string,
  serviceWorker: { controller?: unknown } | undefined,
): 'none' | 'wait' | 'forget' {
  if (!new URLSearchParams(search).has(SHARE_TARGET_QUERY)) return 'none';
  return serviceWorker?.controller ? 'wait' : 'forget';
}

/** The query the share target's redirect carries (public/share-target-sw.js). */
export const SHARE_TARGET_QUERY = 'share-target';

/** What the Web Share API offers for files: `canShare` says no on Firefox's desktop, and is absent in places. */
export interface FileSharing {
  canShare?: (data: { files: File[] }) => boolean;
  share?: (data: { files: File[]; title?: string }) => Promise<void>;
}

/** Whether these files can be shared: both methods there, and `canShare` says yes without throwing. */
export function canShareFiles(navigator: FileSharing | undefined, files: File[]): boolean {
  if (typeof navigator?.canShare !== 'function' || typeof navigator.share !== 'function') return false;
  try {
    return navigator.canShare({ files }) === true;
  } catch {
    return false;
  }
}
