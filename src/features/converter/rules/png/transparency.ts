import { PNG_SIGNATURE } from './validation';

/** Enough of a PNG's start to reach its first IDAT in practice (palette, tRNS, colour profile). */
export const PNG_TRANSPARENCY_PROBE_BYTES = 64 * 1024;

/**
 * Whether a PNG can hold transparent pixels, from its chunks before the image data: an alpha channel
 * (colour types 4 and 6) or a tRNS chunk. Cheap, and a "yes" is only a maybe: many RGBA files are opaque.
 */
export function pngMayHaveTransparency(start: Uint8Array): boolean {
  if (start.length < 33 || PNG_SIGNATURE.some((byte, i) => start[i] !== byte)) return false;
  const view = new DataView(start.buffer, start.byteOffset, start.byteLength);
  const colourType = start[25]!;
  if (colourType === 4 || colourType === 6) return true;
  for (let offset = PNG_SIGNATURE.length; offset + 8 <= start.length;) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...start.subarray(offset + 4, offset + 8));
    if (type === 'tRNS') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
    offset += 12 + length;
  }
  return false;
}
