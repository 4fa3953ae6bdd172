import type { HistogramSampling } from '../rules/palette/refine';
import type { Size } from '../rules/dimensions';
import type { FrameFacts } from '../rules/palette/frame-facts';
import type { Picture } from '../rules/plan/frame-sources';
import type { TransparencyOptions } from '../rules/palette/matte';
import type { FactsAheadAsk } from '../rules/plan/facts-ahead';
import type { FrameCut } from '../rules/plan/frame-cuts';

/** The messages between the runtime and its decode worker, written once. */
export interface DecodeRequest {
  type: 'decode';
  id: number;
  /** Files are structured-cloned by reference to the same bytes; nothing is read on this side. */
  file: Blob;
  /** The file's number on the runtime's side (a cloned Blob is a new object here): the key of its kept decode. */
  key: number;
  name: string;
  /** The picture's size in the file (from its header). */
  source: Size;
  /** The crop and orientation taken first (rules/plan/frame-cuts.ts); `size` is then the cut picture's. */
  cut: FrameCut | null;
  /** Decode to this size: the source's own, or scaled by the browser when it differs. */
  size: Size;
  /** Drawn at `at` on a transparent canvas of this size (the frame's own size: nothing added). */
  canvas: Size;
  at: { x: number; y: number };
  /** Which picture of the file: the PNG as the browser decodes it, or an APNG's default image or frame. */
  picture: Picture;
  /** The matte the pixels are blended onto and the alpha threshold, before their facts are read. */
  transparency: TransparencyOptions;
  /** How the frame is sampled for the palette's colour histogram (the plan decides). */
  histogram: HistogramSampling;
  /** Also a copy of the pixels from this row on (a helper core's band reads only those), or none. */
  copyRowsFrom: number | null;
  /**
   * A size estimate's sample: the frame's size in the conversion it stands for, where its tiles are cut
   * (rules/estimate/sample-pixels.ts); null for a conversion's frame.
   */
  tilesAt: Size | null;
  /**
   * No encode of this file is expected after this one: the worker's kept decode of it goes with the frame
   * itself (transferred, not copied) and is kept no more.
   */
  handOver: boolean;
}

/** A new choice of files: the worker gives back its kept decodes of any other file (runtime/kept-decodes.ts). */
export interface KeepOnlyRequest {
  type: 'keep-only';
  keys: number[];
}

/** Decode a still PNG at its own size now and keep it, for the encodes of it to come (no answer). */
export interface DecodeAheadRequest {
  type: 'decode-ahead';
  file: Blob;
  key: number;
  /** Its width × height, from its header. */
  pixels: number;
  /**
   * The facts to read from it too, as a conversion at the settings of the moment will ask (or none), from its
   * cut when it is cropped or turned. For a file kept already, only these are read (a new framing of it).
   */
  facts: FactsAheadAsk | null;
}

export type DecodeWorkerRequest = DecodeRequest | KeepOnlyRequest | DecodeAheadRequest;

/**
 * `kept`: the keys whose full-size decodes the worker holds or is making after this frame, for the runtime
 * to route their frames to it. `readBackHidden`: the browser's read-back is not the truth (privacy
 * protection), so the converter decoded the frame itself (rules/png/pixel-trust.ts).
 */
export type DecodeResponse =
  | {
      id: number;
      ok: true;
      rgba: ArrayBuffer;
      rowsCopy: ArrayBuffer | null;
      facts: FrameFacts;
      readBackHidden: boolean;
      kept: number[];
    }
  | { id: number; ok: false; message: string; kept: number[] };
