import type { HistogramSampling } from '../rules/palette-refine';
import type { Size } from '../rules/dimensions';
import type { FrameFacts } from '../rules/frame-facts';
import type { Picture } from '../rules/frame-sources';
import type { TransparencyOptions } from '../rules/matte';

/** The messages between the runtime and its decode worker, written once. */
export interface DecodeRequest {
  id: number;
  /** Files are structured-cloned by reference to the same bytes; nothing is read on this side. */
  file: Blob;
  name: string;
  /** The picture's size in the file (from its header). */
  source: Size;
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
}

export type DecodeResponse =
  { id: number; ok: true; rgba: ArrayBuffer; facts: FrameFacts } | { id: number; ok: false; message: string };
