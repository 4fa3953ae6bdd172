/**
 * A test page around the app's real browser engine (the module the store imports): files come from a
 * file input, settings and a cancel point from the test. It exercises the engine's whole browser path —
 * PNG validation, the decode worker, the ffmpeg worker, cancel by terminating — without depending on
 * the home page's layout.
 */
import type { ConversionProgress } from '@/features/converter/rules/contracts';
import { DEFAULT_SETTINGS, type ConversionSettings } from '@/features/converter/rules/settings';
import { createBrowserRuntime } from '@/features/converter/runtime/browser-runtime';
import { FrameDecoder } from '@/features/converter/runtime/frame-decoder';

/** A progress event with the page time (ms) it arrived at. */
export type TimedProgress = ConversionProgress & { at: number };

export type HarnessResult =
  | {
      ok: true;
      gif: number[];
      type: string;
      fileName: string;
      width: number;
      height: number;
      frameCount: number;
      /** The converter decoded the PNGs itself: the browser's read-back is not the truth. */
      readBackHidden: boolean;
      /** From the convert() call to the GIF Blob, in the page. */
      engineMs: number;
      progress: TimedProgress[];
    }
  | { ok: false; name: string; message: string; progress: TimedProgress[]; progressAfterCancel: number };

/** A chosen file's pixels from the decode worker against a canvas's read-back of the same decode. */
export interface DecodeComparison {
  name: string;
  bytes: number;
  /** Bytes that differ between the two. */
  differ: number;
}

/** One file of a static batch: its GIF's bytes and size, or the message it failed with. */
export type HarnessBatchItem =
  | { ok: true; name: string; gif: number[]; width: number; height: number }
  | { ok: false; name: string; message: string };

export interface Harness {
  decodeAgainstCanvas(): Promise<DecodeComparison[]>;
  /** The chosen files as a static batch, one GIF per file. */
  convertEach(settings: Partial<ConversionSettings>): Promise<HarnessBatchItem[]>;
  convert(
    settings: Partial<ConversionSettings>,
    cancelAt?: ConversionProgress['stage'],
    frameDelays?: (number | null)[],
    abortGraceMs?: number,
  ): Promise<HarnessResult>;
}

// ?decoders=N sets the PNG decode workers (measurements compare one with several).
const decoders = Number(new URLSearchParams(location.search).get('decoders')) || undefined;
const engine = createBrowserRuntime(1, decoders ? { decodeWorkers: decoders } : {});
engine.warmUp();

async function convert(
  settings: Partial<ConversionSettings>,
  cancelAt?: ConversionProgress['stage'],
  frameDelays?: (number | null)[],
  abortGraceMs?: number,
): Promise<HarnessResult> {
  const files = [...(document.querySelector<HTMLInputElement>('#files')?.files ?? [])];
  const controller = new AbortController();
  const progress: TimedProgress[] = [];
  let progressAfterCancel = 0;
  const started = performance.now();
  try {
    const output = await engine.convert(
      { files, settings: { ...DEFAULT_SETTINGS, ...settings }, ...(frameDelays ? { frameDelays } : {}) },
      {
        signal: controller.signal,
        ...(abortGraceMs !== undefined ? { abortGraceMs } : {}),
        onProgress: (p) => {
          if (controller.signal.aborted) progressAfterCancel++;
          progress.push({ ...p, at: performance.now() });
          if (p.stage === cancelAt) controller.abort();
        },
      },
    );
    const engineMs = performance.now() - started;
    return {
      ok: true,
      engineMs,
      gif: [...new Uint8Array(await output.gif.arrayBuffer())],
      type: output.gif.type,
      fileName: output.fileName,
      width: output.width,
      height: output.height,
      frameCount: output.frameCount,
      readBackHidden: output.readBackHidden === true,
      progress,
    };
  } catch (error) {
    const { name, message } = error as Error;
    // Give any stray late event a chance to arrive before reporting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { ok: false, name, message, progress, progressAfterCancel };
  }
}

/**
 * Each chosen file decoded by a decode worker at its own size (no matte), and the same file decoded as the
 * worker does and read back from a canvas: how many bytes differ.
 */
async function decodeAgainstCanvas(): Promise<DecodeComparison[]> {
  const files = [...(document.querySelector<HTMLInputElement>('#files')?.files ?? [])];
  const decoder = new FrameDecoder(1);
  try {
    const comparisons: DecodeComparison[] = [];
    for (const file of files) {
      const bitmap = await createImageBitmap(file, { premultiplyAlpha: 'none', colorSpaceConversion: 'default' });
      const size = { width: bitmap.width, height: bitmap.height };
      const canvas = new OffscreenCanvas(size.width, size.height);
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      context.drawImage(bitmap, 0, 0);
      bitmap.close();
      const expected = context.getImageData(0, 0, size.width, size.height).data;
      const { rgba } = await decoder.decode(
        file,
        file.name,
        { source: size, size, canvas: size, at: { x: 0, y: 0 }, histogram: { step: 1, shown: size } },
        { matte: null, alphaThreshold: 128 },
      );
      let differ = 0;
      for (let i = 0; i < expected.length; i++) if (rgba[i] !== expected[i]) differ++;
      comparisons.push({ name: file.name, bytes: rgba.length, differ });
    }
    return comparisons;
  } finally {
    decoder.terminate();
  }
}

async function convertEach(settings: Partial<ConversionSettings>): Promise<HarnessBatchItem[]> {
  const files = [...(document.querySelector<HTMLInputElement>('#files')?.files ?? [])];
  const items = await engine.convertEach({ files, settings: { ...DEFAULT_SETTINGS, ...settings, mode: 'static' } });
  return Promise.all(
    items.map(async (item): Promise<HarnessBatchItem> => {
      if (item.status !== 'done') return { ok: false, name: item.sourceName, message: item.error };
      const { gif, width, height } = item.output;
      return { ok: true, name: item.sourceName, gif: [...new Uint8Array(await gif.arrayBuffer())], width, height };
    }),
  );
}

(window as unknown as { harness: Harness }).harness = { convert, convertEach, decodeAgainstCanvas };
