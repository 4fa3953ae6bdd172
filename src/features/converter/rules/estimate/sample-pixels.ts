import type { Size } from '../dimensions';
import { tiledSample } from './size-estimate';

/**
 * The pixels of a size estimate's sample (rules/estimate/size-estimate.ts), made in the decode worker from the
 * picture's full decode, each pixel the mean of a box of source pixels with colours weighted by alpha (a
 * transparent pixel lends its box no colour; a box all transparent comes out transparent black).
 *
 * A sample is small (320 px on its longer side), and a GIF's bytes per pixel depend on the scale: a
 * 4000x3000 screenshot shrunk whole to 320x240 is a mush of colours where the 1920x1440 GIF has clean text
 * and flat panels, and a photo shrunk whole loses the grain the big GIF has to spend bytes on. So where the
 * conversion shrinks the picture (or keeps its size), the sample is a mosaic of tiles cut from the picture
 * at the conversion's own scale (`sampleTiles`), which brings the estimate much closer on every content class
 * (tests/bench/README.md, "Size estimate"). Where the conversion enlarges the picture,
 * the whole of it is shrunk to the sample's size (`boxShrink`).
 */

/** Tiles per side of a mosaic sample: spread over the whole picture, each still wide enough for LZW runs. */
export const SAMPLE_TILES = 4;
/** Boxes wider and taller than this read every other row and column: still dozens of pixels each. */
const STRIDE_FROM = 8;

/**
 * Each output pixel the mean of its box: columns [x0[i], x1[i]) by rows [y0[j], y1[j]) of a picture
 * `width` wide, every `step`-th row and column of it.
 */
function averageBoxes(
  rgba: Uint8Array,
  width: number,
  columns: { start: Int32Array; end: Int32Array },
  rows: { start: Int32Array; end: Int32Array },
  step: number,
): Uint8Array {
  const outWidth = columns.start.length;
  const outHeight = rows.start.length;
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.byteLength >> 2);
  const out = new Uint8Array(outWidth * outHeight * 4);
  for (let y = 0; y < outHeight; y++) {
    const y0 = rows.start[y]!;
    const y1 = rows.end[y]!;
    for (let x = 0, o = y * outWidth * 4; x < outWidth; x++, o += 4) {
      const x0 = columns.start[x]!;
      const x1 = columns.end[x]!;
      let red = 0;
      let green = 0;
      let blue = 0;
      let alpha = 0;
      let count = 0;
      for (let row = y0; row < y1; row += step) {
        for (let i = row * width + x0, end = row * width + x1; i < end; i += step) {
          // Little-endian: red in the low byte.
          const pixel = pixels[i]!;
          const a = pixel >>> 24;
          red += (pixel & 0xff) * a;
          green += ((pixel >>> 8) & 0xff) * a;
          blue += ((pixel >>> 16) & 0xff) * a;
          alpha += a;
          count++;
        }
      }
      if (alpha === 0) continue;
      out[o] = Math.round(red / alpha);
      out[o + 1] = Math.round(green / alpha);
      out[o + 2] = Math.round(blue / alpha);
      out[o + 3] = Math.round(alpha / count);
    }
  }
  return out;
}

/**
 * The source columns (or rows) of `count` output pixels: pixel i is pixel `position(i)` of the picture
 * scaled by 1 / `ratio`, so it covers source pixels [position · ratio, (position + 1) · ratio), at least one.
 */
function ranges(count: number, position: (i: number) => number, ratio: number, limit: number) {
  const start = new Int32Array(count);
  const end = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const at = position(i);
    const from = Math.min(limit - 1, Math.floor(at * ratio));
    start[i] = from;
    end[i] = Math.min(limit, Math.max(from + 1, Math.floor((at + 1) * ratio)));
  }
  return { start, end };
}

/** `rgba` of `from` size shrunk whole to `to` (each side no larger). */
export function boxShrink(rgba: Uint8Array, from: Size, to: Size): Uint8Array {
  const step = from.width >= to.width * STRIDE_FROM && from.height >= to.height * STRIDE_FROM ? 2 : 1;
  const columns = ranges(to.width, (x) => x, from.width / to.width, from.width);
  const rows = ranges(to.height, (y) => y, from.height / to.height, from.height);
  return averageBoxes(rgba, from.width, columns, rows, step);
}

/**
 * A `size` mosaic of SAMPLE_TILES × SAMPLE_TILES tiles of `rgba` (of `from` size) as the conversion shows it
 * at `scaled` (each side no larger than `from`, no smaller than `size`): tile (i, j) is cut around the
 * centre of cell (i, j) of the scaled picture, one output pixel per pixel of it.
 */
export function sampleTiles(rgba: Uint8Array, from: Size, scaled: Size, size: Size): Uint8Array {
  const axis = (count: number, scaledLength: number, sourceLength: number) => {
    const tileStart = (t: number) => Math.floor((t * count) / SAMPLE_TILES);
    // Each output pixel's place in the scaled picture: its cell's centre, less half its tile, plus its place in the tile.
    const position = new Int32Array(count);
    for (let t = 0; t < SAMPLE_TILES; t++) {
      const first = tileStart(t);
      const length = tileStart(t + 1) - first;
      const centre = ((t + 0.5) * scaledLength) / SAMPLE_TILES;
      const origin = Math.min(scaledLength - length, Math.max(0, Math.floor(centre - length / 2)));
      for (let k = 0; k < length; k++) position[first + k] = origin + k;
    }
    return ranges(count, (i) => position[i]!, sourceLength / scaledLength, sourceLength);
  };
  const columns = axis(size.width, scaled.width, from.width);
  const rows = axis(size.height, scaled.height, from.height);
  return averageBoxes(rgba, from.width, columns, rows, 1);
}

/**
 * A sample frame of `size` from the picture's full pixels (`from` size) that the conversion shows at
 * `scaled`: its tiles where the conversion shrinks the picture or keeps its size, the whole picture shrunk
 * where it enlarges it; null when the sample would be larger than the picture (the browser scales it then).
 */
export function samplePixels(rgba: Uint8Array, from: Size, scaled: Size, size: Size): Uint8Array | null {
  if (tiledSample(from, scaled, size)) return sampleTiles(rgba, from, scaled, size);
  if (size.width <= from.width && size.height <= from.height) return boxShrink(rgba, from, size);
  return null;
}
