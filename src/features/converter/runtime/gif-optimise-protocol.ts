import type { GifOptimiseOptions, OptimiseRun } from '../rules/gif-optimise';

/** The messages between the runtime and its GIF optimiser workers, written once. */
export interface OptimiseRequest {
  id: number;
  /** Transferred: the runtime gives the GIF away and gets the one to keep back. */
  gif: ArrayBuffer;
  options: GifOptimiseOptions;
  /** Only these frames (rules/gif-optimise.ts optimiseRun), while another worker does the others. */
  run?: OptimiseRun;
}

/** `gif` null: the run could not be optimised (the whole GIF is kept as it is). */
export type OptimiseResponse =
  { id: number; ok: true; gif: ArrayBuffer | null } | { id: number; ok: false; message: string };
