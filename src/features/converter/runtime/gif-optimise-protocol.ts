import type { GifOptimiseOptions } from '../rules/gif-optimise';

/** The messages between the runtime and its GIF optimiser worker, written once. */
export interface OptimiseRequest {
  id: number;
  /** Transferred: the runtime gives the GIF away and gets the one to keep back. */
  gif: ArrayBuffer;
  options: GifOptimiseOptions;
}

export type OptimiseResponse = { id: number; ok: true; gif: ArrayBuffer } | { id: number; ok: false; message: string };
