import type { LzwBandRequest, LzwResult } from '../rules/gif/lzw';
import type { GifFile } from '../rules/gif/file';
import type { OptimiserOptions, OptimiseRun } from '../rules/gif/optimiser';

/** The messages between the runtime and its GIF optimiser workers, written once. */
export interface OptimiseRequest {
  kind: 'optimise';
  id: number;
  /**
   * The core's GIF, or its indexed frames (rules/gif/indexed-frames.ts: views of the core's outputs, or a run's
   * copies). Transferred, buffers and all: the runtime gives it away and gets the GIF to keep back.
   */
  input: ArrayBuffer | GifFile;
  options: OptimiserOptions;
  /** Only these frames (rules/gif/optimiser.ts optimiseRun), while another worker does the others. */
  run?: OptimiseRun;
  /** Big frames' lower bands of rows go to the partner worker (rules/gif/optimiser.ts optimiseGifInBands). */
  bands?: boolean;
}

/** One end of a channel to the other optimiser worker: each encodes the other's lower bands. */
export interface PartnerMessage {
  kind: 'partner';
  port: MessagePort;
}

/** Compiles the optimiser before the first GIF needs it (rules/gif/optimiser-warm-up.ts). */
export interface WarmUpMessage {
  kind: 'warm-up';
}

export type OptimiserMessage = OptimiseRequest | PartnerMessage | WarmUpMessage;

/** `gif` null: the run could not be optimised (the whole GIF is kept as it is). */
export type OptimiseResponse =
  { id: number; ok: true; gif: ArrayBuffer | null } | { id: number; ok: false; message: string };

/** Between partner workers: a band to encode (its arrays transferred), and its code stream back. */
export interface BandRequest {
  id: number;
  request: LzwBandRequest;
}

export type BandResponse = { id: number; ok: true; result: LzwResult } | { id: number; ok: false; message: string };
