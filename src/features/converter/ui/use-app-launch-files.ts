import { useEffect } from 'react';
import type { useAddFiles } from './use-add-files';

/** The File Handling API's queue (installed app, manifest `file_handlers`); absent in most browsers. */
interface LaunchQueue {
  setConsumer(consumer: (params: { files?: readonly FileSystemFileHandle[] }) => void): void;
}

/** The query the share target's redirect carries (public/share-target-sw.js). */
const SHARE_TARGET_QUERY = 'share-target';

/**
 * Files the operating system hands the installed app: PNGs opened with it (launchQueue) and PNGs shared to
 * it (the service worker passes the POSTed files by message). Each goes into the selection like a drop.
 * Where a browser has neither API, nothing happens.
 */
export function useAppLaunchFiles(addFiles: ReturnType<typeof useAddFiles>): void {
  useEffect(() => {
    const queue = (window as Window & { launchQueue?: LaunchQueue }).launchQueue;
    queue?.setConsumer(async ({ files = [] }) => {
      const opened = await Promise.all(files.map((handle) => handle.getFile()));
      void addFiles(opened);
    });
  }, [addFiles]);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(SHARE_TARGET_QUERY)) return;
    // Once the files are here, the address is the page's again: a reload must not wait for files.
    const forgetHandOver = () => {
      params.delete(SHARE_TARGET_QUERY);
      const query = params.toString();
      history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
    };
    const worker = navigator.serviceWorker;
    if (!worker?.controller) return forgetHandOver();
    const onMessage = (event: MessageEvent<{ type?: string; files?: unknown }>) => {
      if (event.data?.type !== 'shared-files' || !Array.isArray(event.data.files)) return;
      worker.removeEventListener('message', onMessage);
      forgetHandOver();
      void addFiles(event.data.files.filter((file): file is File => file instanceof File));
    };
    worker.addEventListener('message', onMessage);
    worker.controller.postMessage({ type: 'share-target-ready' });
    return () => worker.removeEventListener('message', onMessage);
  }, [addFiles]);
}
