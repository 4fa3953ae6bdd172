import { useEffect } from 'react';
import { errorMessageOf } from '../rules/errors';
import { launchQueueOf, SHARE_TARGET_QUERY, sharedFilesHandOver } from './browser-features';
import { MESSAGES } from './messages';
import type { useAddFiles } from './use-add-files';
import { notify } from '@/shared/ui/notify';

/**
 * Files the operating system hands the installed app: PNGs opened with it (launchQueue) and PNGs shared to
 * it (the service worker passes the POSTed files by message). Each goes into the selection like a drop.
 * Where a browser has neither API, nothing happens.
 */
export function useAppLaunchFiles(addFiles: ReturnType<typeof useAddFiles>): void {
  useEffect(() => {
    launchQueueOf(window as { launchQueue?: unknown })?.setConsumer(async ({ files = [] }) => {
      try {
        const opened = await Promise.all(files.map((handle) => handle.getFile()));
        void addFiles(opened);
      } catch (error) {
        // A file moved or removed since the system handed it over, or access refused.
        notify('error', MESSAGES.loadImageTitle, errorMessageOf(error));
      }
    });
  }, [addFiles]);

  useEffect(() => {
    const handOver = sharedFilesHandOver(location.search, navigator.serviceWorker);
    if (handOver === 'none') return;
    const params = new URLSearchParams(location.search);
    // Once the files are here, the address is the page's again: a reload must not wait for files.
    const forgetHandOver = () => {
      params.delete(SHARE_TARGET_QUERY);
      const query = params.toString();
      history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
    };
    if (handOver === 'forget') return forgetHandOver();
    const worker = navigator.serviceWorker;
    if (!worker.controller) return forgetHandOver();
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
