import { fitInside, type Size } from '../rules/dimensions';

/**
 * A picture of `size` decoded straight to at most `side` pixels each way, its proportions kept and never
 * enlarged: no full-size bitmap of a big photo is made to be thrown away (a phone refuses one).
 */
export function reducedBitmap(
  file: Blob,
  size: Size,
  side: number,
  resizeQuality: ResizeQuality,
): Promise<ImageBitmap> {
  const small = reducedSize(size, side);
  return createImageBitmap(file, { resizeWidth: small.width, resizeHeight: small.height, resizeQuality });
}

/** A picture's size fitted under `side` each way, its proportions kept and never enlarged. */
export function reducedSize(size: Size, side: number): Size {
  return fitInside(size, { width: Math.min(side, size.width), height: Math.min(side, size.height) });
}
