/**
 * The converter's boundary: what the store asks of an engine and what it gets back.
 * The store depends only on this interface, so tests drive it with a fake engine.
 */
import type { ConversionSettings } from './settings';

export type ProgressStage = 'preparing' | 'processing' | 'finalizing' | 'complete';

export interface ConversionProgress {
  stage: ProgressStage;
  /** 0–100, never decreasing within one job. */
  progress: number;
  message: string;
}

export interface ConversionRequest {
  /** The PNG files in frame order. */
  files: readonly File[];
  settings: ConversionSettings;
  /**
   * Optional per-frame delays in milliseconds, by file index, overriding settings.frameDelay for
   * that frame (undefined or 0 entries use the setting). GIF timing has 10 ms steps.
   */
  frameDelaysMs?: readonly (number | undefined)[];
}

export interface ConversionOutput {
  gif: Blob;
  fileName: string;
  width: number;
  height: number;
  frameCount: number;
}

export interface ConvertOptions {
  onProgress?: (progress: ConversionProgress) => void;
  /** Aborting stops the work at once; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
}

export interface ConverterEngine {
  convert(request: ConversionRequest, options?: ConvertOptions): Promise<ConversionOutput>;
  /** Loads the engine in the background so the first conversion does not wait for it. */
  warmUp(): void;
}
