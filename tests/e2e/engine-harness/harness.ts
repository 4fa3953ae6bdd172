/**
 * A test page around the app's real browser engine (the module the store imports): files come from a
 * file input, settings and a cancel point from the test. It exercises the engine's whole browser path —
 * PNG validation, the decode worker, the ffmpeg worker, cancel by terminating — without depending on
 * the home page's layout.
 */
import type { ConversionProgress } from '../../../src/features/converter/rules/contracts';
import { DEFAULT_SETTINGS, type ConversionSettings } from '../../../src/features/converter/rules/settings';
import { createBrowserRuntime } from '../../../src/features/converter/runtime/browser-runtime';

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
      /** From the convert() call to the GIF Blob, in the page. */
      engineMs: number;
      progress: TimedProgress[];
    }
  | { ok: false; name: string; message: string; progress: TimedProgress[]; progressAfterCancel: number };

export interface Harness {
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
      progress,
    };
  } catch (error) {
    const { name, message } = error as Error;
    // Give any stray late event a chance to arrive before reporting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { ok: false, name, message, progress, progressAfterCancel };
  }
}

(window as unknown as { harness: Harness }).harness = { convert };
