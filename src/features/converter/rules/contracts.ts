/**
 * The converter's boundary: what the store asks of an engine and what it gets back.
 * The store depends only on this interface, so tests drive it with a fake engine.
 */
import type { Placement, Size } from './dimensions';
import type { FrameCut } from './framing';
import type { ConversionSettings } from './settings';

export type ProgressStage = 'preparing' | 'processing' | 'finalizing' | 'complete';

export interface ConversionProgress {
  stage: ProgressStage;
  /** 0–100, never decreasing within one job. */
  progress: number;
  message: string;
  /** A batch (one GIF per file): how many files are finished, failed ones included, of how many. */
  filesDone?: number;
  filesTotal?: number;
}

export interface ConversionRequest {
  /** The PNG files in frame order. */
  files: readonly File[];
  settings: ConversionSettings;
  /**
   * Per-frame delay overrides in milliseconds, by index in `files`; null or missing means
   * `settings.frameDelay`. GIF timing is in centiseconds, so each delay is rounded to 10 ms.
   */
  frameDelays?: readonly (number | null)[];
  /**
   * Animated PNGs expanded in the frame strip: the frame (0-based) an item shows, by index in `files`;
   * null or missing means the whole file (every frame of an APNG, with its own delays).
   */
  animationFrames?: readonly (number | null)[];
}

/** A size estimate's sample: a conversion at the sample's settings that stands for one at `fullSize`. */
export interface SampleRequest extends ConversionRequest {
  /** The canvas of the GIF the sample stands for (its tiles are cut at that scale: sample-pixels.ts). */
  fullSize: Size;
}

export interface ConversionOutput {
  gif: Blob;
  fileName: string;
  width: number;
  height: number;
  frameCount: number;
  /** Where each frame's PNG sits in the GIF, in frame order (the compare view lines them up). */
  placements?: readonly Placement[];
  /** How each frame's PNG was cropped and turned first, in frame order; absent when none was. */
  cuts?: readonly (FrameCut | null)[];
  /**
   * The browser's privacy protection hides canvas pixels (its read-back is randomised or blocked), so the
   * converter decoded the PNGs itself; the result says so in one line.
   */
  readBackHidden?: boolean;
}

export interface ConvertOptions {
  onProgress?: (progress: ConversionProgress) => void;
  /** Aborting stops the work at once; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
  /**
   * After an abort, the work may go on this long to reach a safe point (a frame decoded, the core's run
   * about to start) or to finish, its result dropped, before it is stopped: a job that stops in time leaves
   * the engine warm for the next one, where stopping it would replace the core and every worker. The
   * promise still rejects with an AbortError.
   */
  abortGraceMs?: number;
  /**
   * More conversions of the same files follow at once (a Fit under search): the decodes kept for them stay
   * kept. Otherwise a conversion takes them, and they are made again ahead in idle time after it.
   */
  keepDecodes?: boolean;
}

/** One file of a batch: its GIF, or why it failed (a failed file does not sink the batch). */
export type BatchItemResult =
  | { status: 'done'; sourceName: string; output: ConversionOutput }
  | { status: 'failed'; sourceName: string; error: string };

export interface ConvertEachOptions extends ConvertOptions {
  /** Called as each file finishes, with its index in the request. */
  onItem?: (index: number, result: BatchItemResult) => void;
}

/** A GIF's frame as a browser shows it (rules/gif/decode.ts), for the compare view. */
export interface DecodedFrame {
  /** The whole logical screen after this frame was drawn, RGBA. */
  rgba: Uint8ClampedArray<ArrayBuffer>;
  delayCs: number;
}

export interface DecodedGif {
  width: number;
  height: number;
  frames: DecodedFrame[];
}

export interface ConverterRuntime {
  convert(request: ConversionRequest, options?: ConvertOptions): Promise<ConversionOutput>;
  /**
   * Static batch: every file becomes its own GIF with the same settings, several side by side.
   * Resolves with one result per file, in the request's order; rejects only on abort (AbortError).
   */
  convertEach(request: ConversionRequest, options?: ConvertEachOptions): Promise<BatchItemResult[]>;
  /**
   * A small conversion made for a size estimate (store: estimateSize). The same work as convert, kept
   * apart so an engine can give it lower priority and tests can answer it separately.
   */
  convertSample(request: SampleRequest, options?: ConvertOptions): Promise<ConversionOutput>;
  /**
   * A GIF's frames composed as a browser shows them, for the compare view; the work is done off the
   * page's main thread. Aborting rejects at once with an AbortError.
   */
  decodeGif(gif: Blob, options?: { signal?: AbortSignal }): Promise<DecodedGif>;
  /**
   * Frame `frame` (from 0) of an animated PNG of `source` size (its header's) as a viewer shows it, composed
   * over the frames before it, as RGBA of `size`: an expanded animation's row shows its own frame. Off the
   * page's main thread; null when it cannot be made.
   */
  animationFrame(file: File, frame: number, source: Size, size: Size): Promise<Uint8Array | null>;
  /**
   * Loads the engine in the background so the first conversion does not wait for it. Settles once the
   * engine a single conversion takes has loaded or failed to (a failure is reported by the next conversion).
   */
  warmUp(): Promise<void>;
  /**
   * The files just chosen, with the settings of the moment: the runtime may check and decode them in idle
   * time, so that Convert does not read, check and decode them first. What a check finds is reported by
   * the conversion, as if it had found it itself. Called again with the same files when their crop or
   * orientation has changed: what is decoded already is not decoded again, only read as now framed.
   */
  prepare(files: readonly File[], settings: ConversionSettings): void;
  /**
   * The conversion Convert would ask for now (null: none), made in idle time when it is small
   * (rules/plan/convert-ahead.ts): a convert() of the same request takes it over, finished or under way with
   * its progress, so the person waits only for what is left. Another request, or any other conversion,
   * calls it off. Nothing it finds is reported unless a convert() takes it over.
   */
  convertAhead(request: ConversionRequest | null): void;
}
