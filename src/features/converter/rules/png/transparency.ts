import { hasPngSignature, pngChunks } from './chunks';

/** Enough of a PNG's start to reach its first IDAT in practice (palette, tRNS, colour profile). */
export const PNG_TRANSPARENCY_PROBE_BYTES = 64 * 1024;

/**
 * Whether a PNG can hold transparent pixels, from its chunks before the image data: an alpha channel
 * (colour types 4 and 6) or a tRNS chunk. Cheap, and a "yes" is only a maybe: many RGBA files are opaque.
 */
export function pngMayHaveTransparency(start: Uint8Array): boolean {
  if (start.length < 33 || !hasPngSignature(start)) return false;
  const colorType = start[25]!;
  if (colorType === 4 || colorType === 6) return true;
  for (const { type } of pngChunks(start)) {
    if (type === 'tRNS') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
  }
  return false;
}
