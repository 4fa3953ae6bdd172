/** Whether this machine stores a word lowest byte first (every browser's does): an RGBA pixel's word is 0xAABBGGRR. */
const LITTLE_ENDIAN = new Uint8Array(Int32Array.of(1).buffer)[0] === 1;

/**
 * RGBA pixels seen as one 32-bit word each (alpha in the top byte, so `word >>> 24` is the alpha and a
 * negative word is at least half opaque), for scans that compare whole pixels at a time; null where the
 * bytes cannot be viewed so (not 4-byte aligned, or a big-endian machine). Signed: the engine keeps them as
 * small integers, where unsigned words over 2^31 would be floating-point numbers.
 */
export function pixelWords(rgba: Uint8Array): Int32Array | null {
  if (!LITTLE_ENDIAN || rgba.byteOffset % 4 !== 0 || rgba.length % 4 !== 0) return null;
  return new Int32Array(rgba.buffer, rgba.byteOffset, rgba.length / 4);
}

/** A pixel word's colour as 0xRRGGBB. */
export const rgbOfWord = (word: number) => ((word & 0xff) << 16) | (word & 0xff00) | ((word >>> 16) & 0xff);
