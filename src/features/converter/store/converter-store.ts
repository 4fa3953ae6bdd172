import { createStore } from 'zustand/vanilla';
import type { ConversionProgress, ConversionRequest, ConverterRuntime, DecodedGif } from '../rules/contracts';
import type { AnimationSummary } from '../rules/png/apng-parse';
import { errorMessageOf, isAbortError } from '../rules/errors';
import { moveDown, moveItem, moveUp, prepareNaturalOrder, reversed, sortNaturally } from '../rules/intake/frame-order';
import { frameCountOf } from '../rules/plan/frame-sources';
import { PNG_HEADER_BYTES, pngSize } from '../rules/png/size';
import { DEFAULT_SETTINGS, type ConversionMode, type ConversionSettings } from '../rules/settings';
import { framedSize } from '../rules/framing';
import type { Size } from '../rules/dimensions';
import {
  areSettingsValid,
  isBatch,
  isModeAvailable,
  modeForFileCount,
  withDimension,
  withMaintainAspectRatio,
  withPreset,
  type Dimension,
} from '../rules/settings-rules';
import type { SizePreset } from '../rules/size-presets';
import { ESTIMATE_ABORT_GRACE_MS, estimateSample, extrapolateSize } from '../rules/estimate/size-estimate';
import { runFitSearch } from './fit-search';
import { transition, type ConverterEvent, type ConverterState } from './machine';

/** A chosen file with a stable id, so the list can be keyed and edited; the list order is the frame order. */
export interface SelectedFile {
  id: string;
  file: File;
  /** This frame's own delay in milliseconds, or null for the global frame delay (an APNG frame: its own). */
  delayMs: number | null;
  /** An animated PNG's frames and timing, or null for a still PNG. */
  animation: AnimationSummary | null;
  /** The one frame (0-based) of an animation this item shows once expanded, or null for the whole file. */
  frame: number | null;
}

/** How a convert() call ended, so the UI can say so (toasts are the UI's business). */
export type ConvertOutcome =
  | { kind: 'done' }
  /** A "Fit under" search ended over the budget: the result is the smallest GIF it could make. */
  | { kind: 'fit-missed'; budget: number; bytes: number }
  /** A static batch finished: `failed` of its files could not be converted, the others were. */
  | { kind: 'batch-done'; converted: number; failed: number }
  | { kind: 'failed'; error: string }
  | { kind: 'cancelled' }
  | { kind: 'no-files' }
  | { kind: 'invalid-settings' }
  | { kind: 'busy' };

export interface ConverterStoreState {
  machine: ConverterState;
  files: SelectedFile[];
  settings: ConversionSettings;
  /**
   * Width / height of the first file as framed (cropped, then oriented), from its PNG header; null until
   * known or when unreadable.
   */
  aspectRatio: number | null;

  /**
   * Replaces the selection, in natural name order; clears an earlier result and error.
   * `animations`: the animated PNGs among the files (see summarizeAnimation).
   */
  chooseFiles(files: readonly File[], animations?: ReadonlyMap<File, AnimationSummary>): void;
  /** Adds files after the current selection (a paste): nothing chosen before is lost. */
  appendFiles(files: readonly File[], animations?: ReadonlyMap<File, AnimationSummary>): void;
  /** Replaces an animated PNG's item by one item per frame, so frames can be reordered and timed one by one. */
  expandAnimation(id: string): void;
  removeFile(id: string): void;
  /** Moves a file to another place in the list, which is the frame order. */
  moveFile(from: number, to: number): void;
  moveFileUp(index: number): void;
  moveFileDown(index: number): void;
  reverseFiles(): void;
  /** Natural order by name: 'frame2' before 'frame10'. */
  sortFilesByName(): void;
  /** Overrides one frame's delay (milliseconds), or goes back to the global delay with null. */
  setFrameDelay(id: string, delayMs: number | null): void;
  clearFiles(): void;

  setMode(mode: ConversionMode): void;
  updateSettings(patch: Partial<Omit<ConversionSettings, 'mode' | 'width' | 'height' | 'maintainAspectRatio'>>): void;
  setDimension(dimension: Dimension, value: number): void;
  setMaintainAspectRatio(maintain: boolean): void;
  applyPreset(preset: SizePreset): void;
  /**
   * The GIF's size at the current settings, estimated from one quick encode of a small sample; null
   * for a batch, while converting or when the sample fails. The latest estimate also seeds a "Fit under" search.
   */
  estimateSize(): Promise<number | null>;
  /** Takes over the settings a "Fit under" search chose (and turns the budget off), to tweak them by hand. */
  applyFittedSettings(): void;

  /**
   * Files chosen and still being read before they join the list (use-add-files.ts): a Convert clicked
   * meanwhile waits for them instead of saying that no files are selected.
   */
  expectFiles(arriving: Promise<unknown>): void;
  convert(): Promise<ConvertOutcome>;
  cancel(): void;
  /** Clears files, result, error and progress; settings stay as the user left them. */
  reset(): void;
  /**
   * Loads the engine in idle time, and prepares the sort of the files chosen next; settles when the engine is in
   * (or failed to load: see ConverterRuntime.warmUp).
   */
  warmUp(): Promise<void>;
  /** A result's frames for the compare view, decoded off the main thread; the signal drops a decode no longer shown. */
  decodeGif(gif: Blob, signal?: AbortSignal): Promise<DecodedGif>;
  /** An animated PNG's frame as RGBA of `size`, for its row's thumbnail (ConverterRuntime.animationFrame). */
  animationFrame(file: File, frame: number, source: Size, size: Size): Promise<Uint8Array | null>;
}

/**
 * A new crop or orientation settles this long before its facts are read ahead, as the size estimate's sample
 * waits for the settings: dragging the crop box or typing a width costs nothing.
 */
export const FRAMING_SETTLE_MS = 500;

/** The single source of truth of the converter. The engine is injected so tests can drive it with a fake. */
export function createConverterStore(runtime: ConverterRuntime) {
  let nextJobId = 1;
  let nextFileId = 1;
  let running: { jobId: number; controller: AbortController } | null = null;
  /** Bumped by every selection change, so a late header read of an older selection is ignored. */
  let selectionVersion = 0;
  /** Whether the user set the size after the current selection was made: a late header read must not undo it. */
  let sizeEditedSinceSelection = false;
  /** The first file's size from its header, which the framed aspect ratio is worked out from. */
  let firstSize: { width: number; height: number } | null = null;
  /** The latest size estimate and what it was made for (files, delays and settings but the budget). */
  let lastEstimate: { key: string; bytes: number } | null = null;
  /**
   * The sample encode in flight: a real conversion or a new selection stops it, since an engine instance
   * busy with a stale sample would make the conversion wait.
   */
  let estimating: AbortController | null = null;
  /** Files on their way into the list (expectFiles). */
  const arriving = new Set<Promise<unknown>>();
  const stopEstimate = () => {
    estimating?.abort();
    estimating = null;
  };
  /** The read ahead of a new framing, waiting for it to settle. */
  let framingAhead: ReturnType<typeof setTimeout> | null = null;
  const stopFramingAhead = () => {
    if (framingAhead !== null) clearTimeout(framingAhead);
    framingAhead = null;
  };
  const estimateKey = (files: readonly SelectedFile[], settings: ConversionSettings) =>
    JSON.stringify([files.map((f) => [f.id, f.delayMs]), { ...settings, targetBytes: null }]);

  const newItem = (file: File, animations?: ReadonlyMap<File, AnimationSummary>): SelectedFile => ({
    id: `file-${nextFileId++}`,
    file,
    delayMs: null,
    animation: animations?.get(file) ?? null,
    frame: null,
  });

  const store = createStore<ConverterStoreState>()((set, get) => {
    const dispatch = (event: ConverterEvent) => set((s) => ({ machine: transition(s.machine, event) }));

    /**
     * The files handed to the runtime again once a new crop or orientation has settled, so that it reads the
     * facts of the cut pictures ahead, as it did those of the chosen ones: the Convert after it finds them ready.
     */
    const prepareFraming = () => {
      stopFramingAhead();
      framingAhead = setTimeout(() => {
        framingAhead = null;
        const { files, settings, machine } = get();
        if (files.length === 0 || machine.status === 'converting') return;
        runtime.prepare(
          files.map((item) => item.file),
          settings,
        );
      }, FRAMING_SETTLE_MS);
    };

    /** Any change to the selection invalidates the result; the mode follows the file count. */
    const select = (files: SelectedFile[], change: 'chosen' | 'edited') => {
      stopEstimate();
      stopFramingAhead();
      const version = ++selectionVersion;
      sizeEditedSinceSelection = false;
      const { settings, machine } = get();
      // A crop is drawn on the first picture: another first picture chosen starts from the whole of it.
      const newFirst = change === 'chosen' && files[0]?.file !== get().files[0]?.file;
      set({
        files,
        machine: transition(machine, { type: 'clear' }),
        settings: {
          ...settings,
          mode: modeForFileCount(settings.mode, frameCountOf(files), change),
          ...(newFirst ? { crop: null } : {}),
        },
      });
      // An empty list too: the runtime gives back what it kept of the files, and calls off its work on them.
      if (change === 'chosen' || files.length === 0)
        runtime.prepare(
          files.map((item) => item.file),
          get().settings,
        );
      const first = files[0]?.file;
      firstSize = null;
      if (!first) return set({ aspectRatio: null });
      void readHeaderSize(first).then((size) => {
        if (version !== selectionVersion) return;
        firstSize = size;
        const aspectRatio = framedRatio(size, get().settings);
        if (sizeEditedSinceSelection) return set({ aspectRatio });
        // With the ratio maintained, the size follows the new first image at once.
        set((s) => ({
          aspectRatio,
          settings: withMaintainAspectRatio(s.settings, s.settings.maintainAspectRatio, aspectRatio),
        }));
      });
    };

    /** The settings and the files stay as the running conversion took them, whatever the page lets a person try. */
    const converting = () => get().machine.status === 'converting';

    /** A new frame order is a new selection (the result no longer matches it); nothing moves while converting. */
    const reorder = (change: (files: readonly SelectedFile[]) => SelectedFile[]) => {
      if (converting()) return;
      const { files } = get();
      const next = change(files);
      if (next.every((item, index) => item.id === files[index]?.id)) return;
      select(next, 'edited');
    };

    return {
      machine: { status: 'idle' },
      files: [],
      settings: DEFAULT_SETTINGS,
      aspectRatio: null,

      chooseFiles(files, animations) {
        if (converting()) return;
        select(
          sortNaturally(files).map((file) => newItem(file, animations)),
          'chosen',
        );
      },
      appendFiles(files, animations) {
        if (converting() || files.length === 0) return;
        select([...get().files, ...files.map((file) => newItem(file, animations))], 'chosen');
      },
      expandAnimation(id) {
        const { files, machine } = get();
        const index = files.findIndex((f) => f.id === id);
        const item = files[index];
        if (machine.status === 'converting' || !item?.animation || item.frame !== null) return;
        const frames = item.animation.delaysMs.map((_, frame) => ({
          ...item,
          id: `file-${nextFileId++}`,
          frame,
        }));
        select([...files.slice(0, index), ...frames, ...files.slice(index + 1)], 'edited');
      },
      removeFile(id) {
        if (converting()) return;
        select(
          get().files.filter((f) => f.id !== id),
          'edited',
        );
      },
      moveFile(from, to) {
        const { files } = get();
        if (from === to || !files[from] || !files[to]) return;
        reorder((list) => moveItem(list, from, to));
      },
      moveFileUp(index) {
        if (index > 0) reorder((list) => moveUp(list, index));
      },
      moveFileDown(index) {
        if (index < get().files.length - 1) reorder((list) => moveDown(list, index));
      },
      reverseFiles() {
        if (get().files.length > 1) reorder(reversed);
      },
      sortFilesByName() {
        // Frames of one APNG keep their order among themselves (the sort is stable).
        reorder((list) => sortNaturally(list.map((item) => ({ name: item.file.name, item }))).map(({ item }) => item));
      },
      setFrameDelay(id, delayMs) {
        if (converting()) return;
        set((s) => ({ files: s.files.map((f) => (f.id === id ? { ...f, delayMs } : f)) }));
      },
      clearFiles() {
        if (converting()) return;
        select([], 'edited');
      },

      setMode(mode) {
        if (converting() || !isModeAvailable(mode, frameCountOf(get().files))) return;
        set((s) => ({ settings: { ...s.settings, mode } }));
      },
      updateSettings(patch) {
        if (converting()) return;
        if (!('crop' in patch || 'orientation' in patch))
          return set((s) => ({ settings: { ...s.settings, ...patch } }));
        prepareFraming();
        // A new framing is a new picture to size: with the ratio maintained, the height follows its proportions.
        set((s) => {
          const settings = { ...s.settings, ...patch };
          const aspectRatio = framedRatio(firstSize, settings);
          return {
            aspectRatio,
            settings: withMaintainAspectRatio(settings, settings.maintainAspectRatio, aspectRatio),
          };
        });
      },
      setDimension(dimension, value) {
        if (converting()) return;
        sizeEditedSinceSelection = true;
        set((s) => ({ settings: withDimension(s.settings, dimension, value, s.aspectRatio) }));
      },
      setMaintainAspectRatio(maintain) {
        if (converting()) return;
        sizeEditedSinceSelection = true;
        set((s) => ({ settings: withMaintainAspectRatio(s.settings, maintain, s.aspectRatio) }));
      },
      applyPreset(preset) {
        if (converting()) return;
        sizeEditedSinceSelection = true;
        set((s) => ({ settings: withPreset(s.settings, preset) }));
      },

      applyFittedSettings() {
        const { machine } = get();
        if (machine.status !== 'done' || !machine.fit) return;
        const fitted = machine.fit.settings;
        sizeEditedSinceSelection = true;
        set((s) => ({ settings: { ...fitted, mode: s.settings.mode, targetBytes: null } }));
      },

      async estimateSize() {
        const { files, settings, machine } = get();
        if (files.length === 0 || machine.status === 'converting' || isBatch(settings.mode, files.length)) return null;
        if (!areSettingsValid(settings)) return null;
        const key = estimateKey(files, settings);
        if (lastEstimate?.key === key) return lastEstimate.bytes;
        stopEstimate();
        const controller = new AbortController();
        estimating = controller;
        try {
          const first = await readPngSize(files[0]!.file);
          const sample = estimateSample(settings, first);
          const output = await runtime.convertSample(
            {
              files: files.slice(0, sample.frames).map((f) => f.file),
              settings: sample.settings,
              frameDelays: files.slice(0, sample.frames).map((f) => f.delayMs),
              fullSize: sample.fullSize,
            },
            { signal: controller.signal, abortGraceMs: ESTIMATE_ABORT_GRACE_MS },
          );
          const gif = new Uint8Array(await output.gif.arrayBuffer());
          const delays = files.map((f) => f.delayMs);
          const bytes = extrapolateSize(gif, output, settings, first, delays);
          lastEstimate = { key, bytes };
          return bytes;
        } catch {
          // No estimate is not an error: the conversion itself reports what is wrong with a file.
          return null;
        } finally {
          if (estimating === controller) estimating = null;
        }
      },

      expectFiles(intake) {
        arriving.add(intake);
        void intake.then(
          () => arriving.delete(intake),
          () => arriving.delete(intake),
        );
      },

      async convert() {
        // Only when files are on their way: otherwise Convert starts in the same turn as the click.
        while (arriving.size > 0) await Promise.allSettled([...arriving]);
        const { files, settings, machine } = get();
        if (machine.status === 'converting') return { kind: 'busy' };
        if (files.length === 0) return { kind: 'no-files' };
        stopEstimate();
        stopFramingAhead();
        // Out-of-range sizes are shown as invalid in the card and never reach the engine.
        if (!areSettingsValid(settings)) return { kind: 'invalid-settings' };

        const jobId = nextJobId++;
        const controller = new AbortController();
        running = { jobId, controller };
        dispatch({ type: 'start', jobId });
        const request = requestOf(files, settings);
        const options = {
          signal: controller.signal,
          onProgress: (progress: ConversionProgress) => dispatch({ type: 'progress', jobId, progress }),
        };
        try {
          if (isBatch(settings.mode, files.length)) {
            const items = await runtime.convertEach(request, options);
            if (controller.signal.aborted) return { kind: 'cancelled' };
            dispatch({ type: 'succeed-batch', jobId, items });
            const failed = items.filter((item) => item.status === 'failed').length;
            return { kind: 'batch-done', converted: items.length - failed, failed };
          }
          if (settings.targetBytes !== null) {
            const first = await readPngSize(files[0]!.file);
            const prior = lastEstimate?.key === estimateKey(files, settings) ? lastEstimate.bytes : undefined;
            const input = { budget: settings.targetBytes, first, ...(prior ? { prior } : {}) };
            const { result, fit } = await runFitSearch(runtime, request, input, options);
            if (controller.signal.aborted) return { kind: 'cancelled' };
            dispatch({ type: 'succeed', jobId, result, fit });
            return fit.fits ? { kind: 'done' } : { kind: 'fit-missed', budget: fit.budget, bytes: result.gif.size };
          }
          const result = await runtime.convert(request, options);
          if (controller.signal.aborted) return { kind: 'cancelled' };
          dispatch({ type: 'succeed', jobId, result });
          return { kind: 'done' };
        } catch (error) {
          // An abort is not an error: cancel() already returned the machine to idle.
          if (controller.signal.aborted || isAbortError(error)) return { kind: 'cancelled' };
          const message = errorMessageOf(error);
          dispatch({ type: 'fail', jobId, error: message });
          return { kind: 'failed', error: message };
        } finally {
          if (running?.jobId === jobId) running = null;
        }
      },
      cancel() {
        if (!running) return;
        const { jobId, controller } = running;
        running = null;
        dispatch({ type: 'cancel', jobId });
        controller.abort();
      },
      reset() {
        get().cancel();
        selectionVersion++;
        firstSize = null;
        set({ files: [], aspectRatio: null, machine: transition(get().machine, { type: 'clear' }) });
        set((s) => ({ settings: { ...s.settings, mode: modeForFileCount(s.settings.mode, 0) } }));
        runtime.prepare([], get().settings);
      },
      warmUp() {
        prepareNaturalOrder();
        return runtime.warmUp();
      },
      decodeGif(gif, signal) {
        return runtime.decodeGif(gif, { signal });
      },
      animationFrame(file, frame, source, size) {
        return runtime.animationFrame(file, frame, source, size);
      },
    };
  });

  // The conversion Convert would ask for, made ahead while the person looks at the list and the settings
  // (the runtime decides whether it is small enough): Convert then takes it over. A conversion under way
  // takes it or calls it off itself.
  let aheadOf: Pick<ConverterStoreState, 'files' | 'settings'> | null = null;
  store.subscribe(({ files, settings, machine }) => {
    if (machine.status === 'converting') return;
    const wanted =
      machine.status === 'idle' && files.length > 0 && areSettingsValid(settings) ? { files, settings } : null;
    if (wanted?.files === aheadOf?.files && wanted?.settings === aheadOf?.settings) return;
    aheadOf = wanted;
    runtime.convertAhead(wanted && requestOf(wanted.files, wanted.settings));
  });
  return store;
}

/** What Convert asks the runtime for: the files in their order, the settings, each frame's own timing. */
function requestOf(files: readonly SelectedFile[], settings: ConversionSettings): ConversionRequest {
  return {
    files: files.map((f) => f.file),
    settings,
    frameDelays: files.map((f) => f.delayMs),
    ...(files.some((f) => f.frame !== null) ? { animationFrames: files.map((f) => f.frame) } : {}),
  };
}

async function readHeaderSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    return pngSize(new Uint8Array(await file.slice(0, PNG_HEADER_BYTES).arrayBuffer()));
  } catch {
    return null;
  }
}

/** The proportions of the first picture once framed, which the width and height keep. */
function framedRatio(size: { width: number; height: number } | null, settings: ConversionSettings): number | null {
  if (!size) return null;
  const framed = framedSize(size, settings.crop, settings.orientation);
  return framed.width / framed.height;
}

/** The first file's size for the search; an unreadable header fails later, in the engine, with its message. */
async function readPngSize(file: File): Promise<{ width: number; height: number }> {
  const size = pngSize(new Uint8Array(await file.slice(0, PNG_HEADER_BYTES).arrayBuffer()));
  return size ?? { width: 1, height: 1 };
}
