import { Unzlib } from 'fflate';
import type { PngHeader } from './validation';

/**
 * PNG image data → 8-bit straight RGBA, in pure TypeScript: every colour type and bit depth, Adam7
 * interlacing, PLTE and tRNS (PNG spec, sections 7–9). Used for APNG frames, whose pixels the browser
 * will not hand out one frame at a time. 16-bit samples keep their high byte.
 *
 * The output size is known before inflating (the frame's size and format), so the zlib stream is
 * inflated into a buffer of exactly that size in small steps: a stream that would inflate to more
 * (a "zip bomb" in a lying file) is refused after at most one step's worth of extra bytes.
 */
export interface PixelFormat extends Pick<PngHeader, 'bitDepth' | 'colorType' | 'interlaced'> {
  palette: Uint8Array | null;
  transparency: Uint8Array | null;
}

export class PixelDataError extends Error {}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Adam7 passes: start x, start y, step x, step y. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

export interface Pass {
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  width: number;
  height: number;
}

export function passesOf(width: number, height: number, interlaced: boolean): Pass[] {
  if (!interlaced) return [{ x0: 0, y0: 0, dx: 1, dy: 1, width, height }];
  return ADAM7.map(([x0, y0, dx, dy]) => ({
    x0,
    y0,
    dx,
    dy,
    width: Math.ceil((width - x0) / dx),
    height: Math.ceil((height - y0) / dy),
  })).filter((pass) => pass.width > 0 && pass.height > 0);
}

const rowBytes = (width: number, format: PixelFormat) =>
  Math.ceil((width * CHANNELS[format.colorType]! * format.bitDepth) / 8);

/** The inflated size of a width × height image: each row is a filter byte plus its samples. */
export function imageDataBytes(width: number, height: number, format: PixelFormat): number {
  return passesOf(width, height, format.interlaced).reduce(
    (sum, pass) => sum + pass.height * (1 + rowBytes(pass.width, format)),
    0,
  );
}

/** Deflate expands at most ~1032×: more output than that from so few bytes cannot be real. */
export const MAX_DEFLATE_RATIO = 1032;
/** At most this much input per inflate step, so a step yields ≤ ~4 MB. */
const INFLATE_STEP = 4096;

/**
 * Inflates the pieces of one zlib stream into exactly `size` bytes, or throws. A size the compressed
 * bytes could never fill is refused before anything is allocated: memory follows the file's real bytes,
 * not the sizes it claims.
 */
export function inflateExactly(pieces: readonly Uint8Array[], size: number): Uint8Array {
  const compressed = pieces.reduce((sum, piece) => sum + piece.length, 0);
  if (size > compressed * MAX_DEFLATE_RATIO + 64) throw new PixelDataError('the image data is shorter than the image');
  const out = new Uint8Array(size);
  let written = 0;
  let ended = false;
  const stream = new Unzlib((chunk, final) => {
    if (written + chunk.length > size) throw new PixelDataError('the image data is longer than the image');
    out.set(chunk, written);
    written += chunk.length;
    ended ||= final;
  });
  try {
    pieces.forEach((piece, index) => {
      const last = index === pieces.length - 1;
      for (let at = 0; !ended && (at < piece.length || (last && at === 0)); at += INFLATE_STEP) {
        const end = Math.min(piece.length, at + INFLATE_STEP);
        stream.push(piece.subarray(at, end), last && end >= piece.length);
      }
    });
  } catch (error) {
    if (error instanceof PixelDataError) throw error;
    throw new PixelDataError('corrupt compressed image data');
  }
  if (written !== size) throw new PixelDataError('the image data is shorter than the image');
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Reverses the row filters of one pass in place; `data` starts at the pass's first filter byte. */
function unfilter(data: Uint8Array, start: number, rows: number, stride: number, bpp: number): void {
  for (let row = 0; row < rows; row++) {
    const at = start + row * (stride + 1);
    const filter = data[at]!;
    const line = at + 1;
    const prev = row === 0 ? -1 : line - stride - 1;
    const up = (i: number) => (prev < 0 ? 0 : data[prev + i]!);
    switch (filter) {
      case 0:
        break;
      case 1:
        for (let i = bpp; i < stride; i++) data[line + i] = (data[line + i]! + data[line + i - bpp]!) & 0xff;
        break;
      case 2:
        for (let i = 0; i < stride; i++) data[line + i] = (data[line + i]! + up(i)) & 0xff;
        break;
      case 3:
        for (let i = 0; i < stride; i++) {
          const left = i >= bpp ? data[line + i - bpp]! : 0;
          data[line + i] = (data[line + i]! + ((left + up(i)) >> 1)) & 0xff;
        }
        break;
      case 4:
        for (let i = 0; i < stride; i++) {
          const left = i >= bpp ? data[line + i - bpp]! : 0;
          const upLeft = i >= bpp ? up(i - bpp) : 0;
          data[line + i] = (data[line + i]! + paeth(left, up(i), upLeft)) & 0xff;
        }
        break;
      default:
        throw new PixelDataError(`unknown row filter ${filter}`);
    }
  }
}

/** A sample reader for one row: the n-th sample's value at the file's bit depth. */
function sampleAt(data: Uint8Array, line: number, n: number, depth: number): number {
  if (depth === 8) return data[line + n]!;
  if (depth === 16) return (data[line + 2 * n]! << 8) | data[line + 2 * n + 1]!;
  const bit = n * depth;
  const byte = data[line + (bit >> 3)]!;
  return (byte >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
}

/** Decodes a zlib stream of a width × height image in `format` into straight RGBA (4 bytes a pixel). */
export function decodePixels(pieces: readonly Uint8Array[], width: number, height: number, format: PixelFormat) {
  const channels = CHANNELS[format.colorType];
  if (!channels) throw new PixelDataError(`invalid colour type ${format.colorType}`);
  const depth = format.bitDepth;
  const data = inflateExactly(pieces, imageDataBytes(width, height, format));
  const rgba = new Uint8Array(width * height * 4);
  const bpp = Math.max(1, (channels * depth) >> 3);
  const max = (1 << depth) - 1;
  const scale = (v: number) => (depth === 16 ? v >> 8 : depth === 8 ? v : Math.round((v * 255) / max));
  const { palette, transparency: trns } = format;
  const trnsU16 = (i: number) => (trns && trns.length >= i * 2 + 2 ? (trns[i * 2]! << 8) | trns[i * 2 + 1]! : -1);
  const keyGray = format.colorType === 0 ? trnsU16(0) : -1;
  const keyRgb = format.colorType === 2 ? [trnsU16(0), trnsU16(1), trnsU16(2)] : null;
  const paletteSize = palette ? Math.floor(palette.length / 3) : 0;

  let start = 0;
  for (const pass of passesOf(width, height, format.interlaced)) {
    const stride = rowBytes(pass.width, format);
    unfilter(data, start, pass.height, stride, bpp);
    for (let row = 0; row < pass.height; row++) {
      const line = start + row * (stride + 1) + 1;
      const y = pass.y0 + row * pass.dy;
      for (let col = 0; col < pass.width; col++) {
        const o = (y * width + pass.x0 + col * pass.dx) * 4;
        const s = (k: number) => sampleAt(data, line, col * channels + k, depth);
        switch (format.colorType) {
          case 0: {
            const v = s(0);
            rgba[o] = rgba[o + 1] = rgba[o + 2] = scale(v);
            rgba[o + 3] = v === keyGray ? 0 : 255;
            break;
          }
          case 2: {
            const r = s(0);
            const g = s(1);
            const b = s(2);
            rgba[o] = scale(r);
            rgba[o + 1] = scale(g);
            rgba[o + 2] = scale(b);
            rgba[o + 3] = keyRgb && r === keyRgb[0] && g === keyRgb[1] && b === keyRgb[2] ? 0 : 255;
            break;
          }
          case 3: {
            const index = s(0);
            if (index >= paletteSize) throw new PixelDataError(`palette index ${index} out of range`);
            rgba[o] = palette![index * 3]!;
            rgba[o + 1] = palette![index * 3 + 1]!;
            rgba[o + 2] = palette![index * 3 + 2]!;
            rgba[o + 3] = trns && index < trns.length ? trns[index]! : 255;
            break;
          }
          case 4:
            rgba[o] = rgba[o + 1] = rgba[o + 2] = scale(s(0));
            rgba[o + 3] = scale(s(1));
            break;
          case 6:
            rgba[o] = scale(s(0));
            rgba[o + 1] = scale(s(1));
            rgba[o + 2] = scale(s(2));
            rgba[o + 3] = scale(s(3));
            break;
        }
      }
    }
    start += pass.height * (stride + 1);
  }
  return rgba;
}
