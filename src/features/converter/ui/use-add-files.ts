import { useCallback } from 'react';
import { animationInStart, isAnimatedPng, summarizeAnimation, type AnimationSummary } from '../rules/png/apng-parse';
import { errorMessageOf } from '../rules/errors';
import { sortOutFolders } from '../rules/intake/intake';
import { screenUpload } from '../rules/intake/upload-rules';
import { useConverterStore, type ConverterStore } from '../store/use-converter';
import { loadSelectionCards } from './lazy-cards';
import { MESSAGES } from './messages';
import { readStart } from '@/shared/lib/file-start';
import { notify } from '@/shared/ui/notify';
import { announceUpload } from './upload-feedback';

/** How the files join the selection: a choice or drop replaces it, a paste adds to it. */
export type Intake = 'replace' | 'append';

/**
 * acTL comes before the image data, so the start of a file says whether it is animated: its chunk headers
 * are enough. The first read is the one the engine reads headers from (64 KiB: reading 1 MiB of a photo
 * delayed its file list noticeably on a first visit); 1 MiB only when metadata fills it.
 */
const ANIMATION_PROBE_BYTES = 1024 * 1024;

async function isAnimated(file: File): Promise<boolean> {
  return (
    animationInStart(await readStart(file)) ??
    isAnimatedPng(new Uint8Array(await file.slice(0, ANIMATION_PROBE_BYTES).arrayBuffer()))
  );
}

interface Inspected {
  files: File[];
  animations: Map<File, AnimationSummary>;
}

/**
 * Reads the animated PNGs' structure; a malformed one gets its own toast and stays out, the others go on.
 * The files are read side by side (one read after the other waited for the main thread once per file, right
 * after a first load too), and judged in their order.
 */
async function inspectAnimations(files: readonly File[]): Promise<Inspected> {
  const inspected: Inspected = { files: [], animations: new Map() };
  const inspections = files.map(async (file) => {
    if (!(await isAnimated(file))) return null;
    return summarizeAnimation(new Uint8Array(await file.arrayBuffer()), file.name);
  });
  for (const inspection of inspections) inspection.catch(() => {}); // each reported in its turn below
  for (const [index, inspection] of inspections.entries()) {
    const file = files[index]!;
    try {
      const animation = await inspection;
      if (animation) inspected.animations.set(file, animation);
      inspected.files.push(file);
    } catch (error) {
      notify('error', MESSAGES.loadImageTitle, errorMessageOf(error));
    }
  }
  return inspected;
}

/** Screens, announces and inspects the files, then hands the accepted ones to the store. */
async function takeIn(store: ConverterStore, files: readonly File[], intake: Intake): Promise<void> {
  const { files: candidates, skipped } = sortOutFolders(files);
  if (skipped.length > 0)
    notify('info', MESSAGES.folderSkippedTitle, MESSAGES.folderSkipped(skipped.map((file) => file.name)));
  if (candidates.length === 0) return;
  const screening = screenUpload(candidates, intake === 'append' ? store.getState().files.length : 0);
  const [{ files: accepted, animations }] = await Promise.all([
    inspectAnimations(screening.accepted),
    loadSelectionCards(),
  ]);
  announceUpload({ ...screening, accepted });
  if (accepted.length === 0) return;
  const state = store.getState();
  if (intake === 'append') state.appendFiles(accepted, animations);
  else state.chooseFiles(accepted, animations);
}

/**
 * The one way files join the selection, whatever brought them (file dialog, drop, folder, paste, the
 * installed app's file handler or share target): folders' non-PNG files are reported in one toast, the
 * rest goes through the upload screening and its toasts, animated PNGs are inspected, then the store takes them.
 * The store knows they are on their way, so a Convert clicked meanwhile waits for them.
 */
export function useAddFiles(): (files: readonly File[], intake?: Intake) => Promise<void> {
  const store = useConverterStore();
  return useCallback(
    (files, intake = 'replace') => {
      if (files.length === 0 || store.getState().machine.status === 'converting') return Promise.resolve();
      // Reading the files or fetching the list's code can fail (a file moved meanwhile, the network gone).
      const taking = takeIn(store, files, intake).catch((error: unknown) =>
        notify('error', MESSAGES.filesNotAddedTitle, errorMessageOf(error)),
      );
      store.getState().expectFiles(taking);
      return taking;
    },
    [store],
  );
}
