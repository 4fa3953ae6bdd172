import type { Size } from './dimensions';

/**
 * RGBA pixels of `from` size shrunk to `to` (each side no larger) by averaging each output pixel's box of
 * source pixels, colours weighted by their alpha (a transparent pixel lends its box no colour; a box that
 * is all transparent comes out transparent black). Only for a size estimate's sample: a 4000x3000 still
 * read for a 320x240 sample cost the core a 12 MP lanczos pass (~100 ms) while a Convert clicked meanwhile
 * waited for it; the box average of the decode the worker keeps keeps the picture's detail and noise,
 * which is what the estimate measures. Boxes wider than STRIDE_FROM source pixels read every other row
 * and column: still dozens of pixels each, at a quarter of the reads.
 */
const STRIDE_FROM = 8;

export function boxShrink(rgba: Uint8Array, from: Size, to: Size): Uint8Array {
  const step = from.width >= to.width * STRIDE_FROM && from.height >= to.height * STRIDE_FROM ? 2 : 1;
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, from.width * from.height);
  const columnOf = new Int32Array(from.width);
  for (let x = 0; x < from.width; x++) columnOf[x] = Math.min(to.width - 1, Math.floor((x * to.width) / from.width));
  const out = new Uint8Array(to.width * to.height * 4);
  // Per output column of the row being made: alpha-weighted red, green and blue, alpha, pixels read.
  const sums = new Float64Array(to.width * 5);
  let sourceRow = 0;
  for (let y = 0; y < to.height; y++) {
    const end = Math.ceil(((y + 1) * from.height) / to.height);
    sums.fill(0);
    for (; sourceRow < end; sourceRow += step) {
      const rowStart = sourceRow * from.width;
      for (let x = 0; x < from.width; x += step) {
        // Little-endian: red in the low byte.
        const pixel = pixels[rowStart + x]!;
        const a = pixel >>> 24;
        const s = columnOf[x]! * 5;
        sums[s] = sums[s]! + (pixel & 0xff) * a;
        sums[s + 1] = sums[s + 1]! + ((pixel >>> 8) & 0xff) * a;
        sums[s + 2] = sums[s + 2]! + ((pixel >>> 16) & 0xff) * a;
        sums[s + 3] = sums[s + 3]! + a;
        sums[s + 4] = sums[s + 4]! + 1;
      }
    }
    sourceRow = Math.max(sourceRow, end);
    for (let x = 0, o = y * to.width * 4; x < to.width; x++, o += 4) {
      const s = x * 5;
      const a = sums[s + 3]!;
      if (a === 0) continue;
      out[o] = Math.round(sums[s]! / a);
      out[o + 1] = Math.round(sums[s + 1]! / a);
      out[o + 2] = Math.round(sums[s + 2]! / a);
      out[o + 3] = Math.round(a / sums[s + 4]!);
    }
  }
  return out;
}
