import { Unzlib } from 'fflate';
import { pngChunks } from './chunks';
import { colourConverter, NO_COLOUR_CHUNKS, pngColour, type ColourChunks, type PngColour } from './colour';
import {
  imageDataBytes,
  inflateExactly,
  MAX_DEFLATE_RATIO,
  passesOf,
  PixelDataError,
  type PixelFormat,
} from './pixels';
import { stillPngHeader, validatePng, type PngHeader } from './validation';

/**
 * A PNG decoded by the converter itself, one row at a time, into sRGB RGBA (straight alpha): the zlib
 * stream is inflated in small steps and each row is unfiltered, converted (colour.ts) and handed on
 * as soon as it is complete, so a picture never needs to be whole in memory at its full size (an
 * interlaced one does: its passes fill the picture in). Rows are handed out in order in one reused buffer.
 */
export interface PngImage {
  header: PngHeader;
  palette: Uint8Array | null;
  transparency: Uint8Array | null;
  colour: ColourChunks;
  /** IDAT payloads, in order. */
  data: Uint8Array[];
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Input per inflate step: small enough that a lying stream is caught after little extra output. */
const INFLATE_STEP = 64 * 1024;

/** The PNG's header, palette, transparency, colour chunks and image data; throws 'Failed to load image: …'. */
export function readPngImage(bytes: Uint8Array, fileName: string): PngImage {
  const header = stillPngHeader(bytes) ?? validatePng(bytes, fileName);
  const image: PngImage = { header, palette: null, transparency: null, colour: { ...NO_COLOUR_CHUNKS }, data: [] };
  let imageData = false;
  for (const { type, dataAt, dataEnd } of pngChunks(bytes)) {
    if (dataEnd + 4 > bytes.length) break;
    const data = bytes.subarray(dataAt, dataEnd);
    if (type === 'IDAT') {
      imageData = true;
      image.data.push(data);
      continue;
    }
    if (imageData || type === 'IEND') break; // the image data is one run of IDAT chunks (validation.ts checks the rest)
    const u32 = (at: number) => new DataView(data.buffer, data.byteOffset + at, 4).getUint32(0);
    if (type === 'PLTE') image.palette = data;
    else if (type === 'tRNS') image.transparency = data;
    else if (type === 'iCCP') image.colour.iccp = data;
    else if (type === 'sRGB') image.colour.srgb = true;
    else if (type === 'gAMA' && data.length === 4) image.colour.gama = u32(0);
    else if (type === 'cHRM' && data.length === 32) image.colour.chrm = Array.from({ length: 8 }, (_, i) => u32(i * 4));
    else if (type === 'cICP' && data.length === 4) image.colour.cicp = data;
  }
  if (image.data.length === 0) throw new PixelDataError('no image data');
  return image;
}

/** How the PNG's colours are shown (colour.ts). */
export function colourOf(image: PngImage): PngColour {
  return pngColour(image.colour, image.header.colorType === 0 || image.header.colorType === 4);
}

/** Converts `width` pixels of unfiltered samples from `src[at]` into RGBA in `out`. */
type RowConverter = (src: Uint8Array, at: number, width: number, out: Uint8Array) => void;

function rowConverter(image: PngImage, colour: PngColour): RowConverter {
  const { colorType, bitDepth: depth } = image.header;
  const trns = image.transparency;
  const key = (i: number) => (trns && trns.length >= i * 2 + 2 ? (trns[i * 2]! << 8) | trns[i * 2 + 1]! : -1);
  if (colorType === 3) {
    // The palette converted once; an index past its end is opaque black, as browsers show it.
    const convert = colourConverter(colour, 8);
    const table = new Uint8Array(256 * 4);
    const palette = image.palette ?? new Uint8Array(0);
    for (let i = 0; i < 256; i++) {
      if (i * 3 + 2 < palette.length)
        convert.rgb(palette[i * 3]!, palette[i * 3 + 1]!, palette[i * 3 + 2]!, table, i * 4);
      table[i * 4 + 3] = trns && i < trns.length ? trns[i]! : 255;
    }
    const perByte = 8 / depth;
    const mask = (1 << depth) - 1;
    return (src, at, width, out) => {
      for (let x = 0; x < width; x++) {
        const index =
          depth === 8 ? src[at + x]! : (src[at + Math.floor(x / perByte)]! >> (8 - depth * ((x % perByte) + 1))) & mask;
        out[x * 4] = table[index * 4]!;
        out[x * 4 + 1] = table[index * 4 + 1]!;
        out[x * 4 + 2] = table[index * 4 + 2]!;
        out[x * 4 + 3] = table[index * 4 + 3]!;
      }
    };
  }
  // 16-bit samples keep their high byte, as Chromium's decoder does before converting colours.
  const convert = colourConverter(colour, Math.min(8, depth));
  if (depth === 8 && colorType === 6 && convert.identity)
    return (src, at, width, out) => out.set(src.subarray(at, at + width * 4));
  if (depth === 8 && colorType === 2 && convert.identity && !trns)
    return (src, at, width, out) => {
      for (let x = 0, i = at, o = 0; x < width; x++, i += 3, o += 4) {
        out[o] = src[i]!;
        out[o + 1] = src[i + 1]!;
        out[o + 2] = src[i + 2]!;
        out[o + 3] = 255;
      }
    };
  const sample = (src: Uint8Array, at: number, n: number): number => {
    if (depth === 8) return src[at + n]!;
    if (depth === 16) return src[at + 2 * n]!;
    const bit = n * depth;
    return (src[at + (bit >> 3)]! >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
  };
  /** A tRNS key is compared with the whole sample. */
  const whole = (src: Uint8Array, at: number, n: number): number =>
    depth === 16 ? (src[at + 2 * n]! << 8) | src[at + 2 * n + 1]! : sample(src, at, n);
  switch (colorType) {
    case 0: {
      const grey = key(0);
      return (src, at, width, out) => {
        for (let x = 0; x < width; x++) {
          const v = sample(src, at, x);
          convert.rgb(v, v, v, out, x * 4);
          out[x * 4 + 3] = whole(src, at, x) === grey ? 0 : 255;
        }
      };
    }
    case 4:
      return (src, at, width, out) => {
        for (let x = 0; x < width; x++) {
          const v = sample(src, at, x * 2);
          convert.rgb(v, v, v, out, x * 4);
          out[x * 4 + 3] = sample(src, at, x * 2 + 1);
        }
      };
    case 2: {
      const [kr, kg, kb] = [key(0), key(1), key(2)];
      return (src, at, width, out) => {
        for (let x = 0; x < width; x++) {
          convert.rgb(sample(src, at, x * 3), sample(src, at, x * 3 + 1), sample(src, at, x * 3 + 2), out, x * 4);
          const keyed =
            whole(src, at, x * 3) === kr && whole(src, at, x * 3 + 1) === kg && whole(src, at, x * 3 + 2) === kb;
          out[x * 4 + 3] = keyed ? 0 : 255;
        }
      };
    }
    default:
      return (src, at, width, out) => {
        for (let x = 0; x < width; x++) {
          convert.rgb(sample(src, at, x * 4), sample(src, at, x * 4 + 1), sample(src, at, x * 4 + 2), out, x * 4);
          out[x * 4 + 3] = sample(src, at, x * 4 + 3);
        }
      };
  }
}

/** Reverses one row's filter in place: `line[at]` is the filter byte, `prev[prevAt + 1…]` the row above (or null). */
function unfilterLine(
  line: Uint8Array,
  at: number,
  prev: Uint8Array | null,
  prevAt: number,
  stride: number,
  bpp: number,
) {
  const filter = line[at]!;
  const s = at + 1;
  const p = prevAt + 1;
  switch (filter) {
    case 0:
      return;
    case 1:
      for (let i = bpp; i < stride; i++) line[s + i] = (line[s + i]! + line[s + i - bpp]!) & 255;
      return;
    case 2:
      if (prev) for (let i = 0; i < stride; i++) line[s + i] = (line[s + i]! + prev[p + i]!) & 255;
      return;
    case 3:
      for (let i = 0; i < stride; i++) {
        const left = i >= bpp ? line[s + i - bpp]! : 0;
        const up = prev ? prev[p + i]! : 0;
        line[s + i] = (line[s + i]! + ((left + up) >> 1)) & 255;
      }
      return;
    case 4:
      for (let i = 0; i < stride; i++) {
        const a = i >= bpp ? line[s + i - bpp]! : 0;
        const b = prev ? prev[p + i]! : 0;
        const c = prev && i >= bpp ? prev[p + i - bpp]! : 0;
        const pa = Math.abs(b - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - 2 * c);
        line[s + i] = (line[s + i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 255;
      }
      return;
    default:
      throw new PixelDataError(`unknown row filter ${filter}`);
  }
}

/**
 * Throws when the image data could not fill the picture even at deflate's best ratio: memory follows the
 * file's real bytes, not the sizes it claims (a 30000x30000 header over a few bytes allocates nothing).
 */
export function checkDataSize(image: PngImage): void {
  const { width, height } = image.header;
  const format: PixelFormat = { ...image.header, palette: image.palette, transparency: image.transparency };
  const compressed = image.data.reduce((sum, piece) => sum + piece.length, 0);
  if (imageDataBytes(width, height, format) > compressed * MAX_DEFLATE_RATIO + 64)
    throw new PixelDataError('the image data is shorter than the image');
}

/**
 * Inflates the zlib stream in `pieces`, handing on the output in order; stops early when `onData` throws
 * (and rethrows that). The converter's own is fflate (`inflateInSteps`); the decode worker may hand in the
 * browser's native DecompressionStream, much faster.
 */
export type Inflater = (pieces: readonly Uint8Array[], onData: (chunk: Uint8Array) => void) => Promise<void>;

/** fflate's inflate, a small step of input at a time. */
export function inflateInSteps(pieces: readonly Uint8Array[], onData: (chunk: Uint8Array) => void): void {
  let ended = false;
  const stream = new Unzlib((chunk, final) => {
    onData(chunk);
    ended ||= final;
  });
  pieces.forEach((piece, index) => {
    const last = index === pieces.length - 1;
    for (let at = 0; !ended && (at < piece.length || (last && at === 0)); at += INFLATE_STEP) {
      const end = Math.min(piece.length, at + INFLATE_STEP);
      stream.push(piece.subarray(at, end), last && end >= piece.length);
    }
  });
}

/** The decoding of one picture's rows: what each needs, made once. */
function rowDecoding(image: PngImage) {
  const { width, height, colorType, bitDepth } = image.header;
  const channels = CHANNELS[colorType];
  if (!channels) throw new PixelDataError(`invalid colour type ${colorType}`);
  const format: PixelFormat = { ...image.header, palette: image.palette, transparency: image.transparency };
  return {
    width,
    height,
    format,
    convert: rowConverter(image, colourOf(image)),
    bpp: Math.max(1, (channels * bitDepth) >> 3),
    strideOf: (w: number) => Math.ceil((w * channels * bitDepth) / 8),
  };
}

/** Takes the inflated bytes of a non-interlaced picture in order and hands on each row once complete. */
class RowAssembler {
  readonly #decoding: ReturnType<typeof rowDecoding>;
  readonly #onRow: (y: number, rgba: Uint8Array) => void;
  readonly #stride: number;
  #line: Uint8Array;
  #prev: Uint8Array;
  readonly #rgba: Uint8Array;
  #filled = 0;
  #y = 0;

  constructor(decoding: ReturnType<typeof rowDecoding>, onRow: (y: number, rgba: Uint8Array) => void) {
    this.#decoding = decoding;
    this.#onRow = onRow;
    this.#stride = decoding.strideOf(decoding.width);
    this.#line = new Uint8Array(this.#stride + 1);
    this.#prev = new Uint8Array(this.#stride + 1);
    this.#rgba = new Uint8Array(decoding.width * 4);
  }

  get complete(): boolean {
    return this.#y === this.#decoding.height;
  }

  push(chunk: Uint8Array): void {
    const { height, width, bpp, convert } = this.#decoding;
    const lineBytes = this.#stride + 1;
    for (let i = 0; i < chunk.length;) {
      if (this.#y >= height) throw new PixelDataError('the image data is longer than the image');
      const take = Math.min(chunk.length - i, lineBytes - this.#filled);
      this.#line.set(chunk.subarray(i, i + take), this.#filled);
      this.#filled += take;
      i += take;
      if (this.#filled === lineBytes) {
        const line = this.#line;
        unfilterLine(line, 0, this.#y === 0 ? null : this.#prev, 0, this.#stride, bpp);
        convert(line, 1, width, this.#rgba);
        this.#onRow(this.#y++, this.#rgba);
        this.#line = this.#prev;
        this.#prev = line;
        this.#filled = 0;
      }
    }
  }
}

/** An interlaced picture: its passes fill the whole picture in, then its rows are handed on. */
function decodeInterlaced(image: PngImage, onRow: (y: number, rgba: Uint8Array) => void): void {
  const { width, height, format, convert, bpp, strideOf } = rowDecoding(image);
  const data = inflateExactly(image.data, imageDataBytes(width, height, format));
  const full = new Uint8Array(width * height * 4);
  const row = new Uint8Array(width * 4);
  let start = 0;
  for (const pass of passesOf(width, height, true)) {
    const stride = strideOf(pass.width);
    for (let r = 0; r < pass.height; r++) {
      const at = start + r * (stride + 1);
      unfilterLine(data, at, r === 0 ? null : data, at - stride - 1, stride, bpp);
      convert(data, at + 1, pass.width, row);
      const y = pass.y0 + r * pass.dy;
      for (let c = 0; c < pass.width; c++)
        full.set(row.subarray(c * 4, c * 4 + 4), (y * width + pass.x0 + c * pass.dx) * 4);
    }
    start += pass.height * (stride + 1);
  }
  for (let y = 0; y < height; y++) onRow(y, full.subarray(y * width * 4, (y + 1) * width * 4));
}

/**
 * Decodes the picture's rows in order into sRGB RGBA, calling `onRow(y, rgba)` with each (the buffer is
 * reused: copy what you keep), inflating with fflate. Throws PixelDataError for broken image data and
 * RangeError for colours that cannot be converted (the caller checks colourOf first).
 */
export function decodeRows(image: PngImage, onRow: (y: number, rgba: Uint8Array) => void): void {
  if (image.header.interlaced) return decodeInterlaced(image, onRow);
  checkDataSize(image);
  const rows = new RowAssembler(rowDecoding(image), onRow);
  try {
    inflateInSteps(image.data, (chunk) => rows.push(chunk));
  } catch (error) {
    if (error instanceof PixelDataError || error instanceof RangeError) throw error;
    throw new PixelDataError('corrupt compressed image data');
  }
  if (!rows.complete) throw new PixelDataError('the image data is shorter than the image');
}

/**
 * decodeRows with another inflater (the browser's). A stream that fails after the last row (a wrong
 * checksum, bytes after its end) has given the whole picture, as browsers take it.
 */
export async function decodeRowsWith(
  inflate: Inflater,
  image: PngImage,
  onRow: (y: number, rgba: Uint8Array) => void,
): Promise<void> {
  if (image.header.interlaced) return decodeInterlaced(image, onRow);
  checkDataSize(image);
  const rows = new RowAssembler(rowDecoding(image), onRow);
  try {
    await inflate(image.data, (chunk) => rows.push(chunk));
  } catch (error) {
    if (error instanceof PixelDataError || error instanceof RangeError) throw error;
    if (!rows.complete) throw new PixelDataError('corrupt compressed image data');
  }
  if (!rows.complete) throw new PixelDataError('the image data is shorter than the image');
}
