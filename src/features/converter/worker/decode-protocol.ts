import type { Placement, Size } from '../engine/dimensions';
import type { Picture } from '../engine/frame-sources';

/** The messages between the engine and its decode worker, written once. */
export interface DecodeRequest {
  id: number;
  /** Files are structured-cloned by reference to the same bytes; nothing is read on this side. */
  file: Blob;
  name: string;
  canvas: Size;
  placement: Placement;
  /** Which picture of the file: the PNG as the browser decodes it, or an APNG's default image or frame. */
  picture: Picture;
}

export type DecodeResponse = { id: number; ok: true; rgba: ArrayBuffer } | { id: number; ok: false; message: string };
