/**
 * GIF's variable-width LZW (GIF89a spec, appendix F), both ways, on the bare code stream (the image
 * data sub-blocks already joined). The encoder, lossless or lossy (gifsicle's `--lossy` technique), is C
 * compiled to wasm (wasm-assets/core/lzw/gif-lzw.c) and handed in as an LzwEncoder: the decoder, and how
 * a frame is cut into bands for two threads, are here.
 */

/** A canvas pixel where nothing is drawn (an index is below 256). */
export const NOTHING = 256;

const MAX_CODES = 4096;
const MAX_CODE_BITS = 12;
const NONE = -1;

/** 0xRRGGBB of a palette entry. */
export function packColour(palette: Uint8Array, index: number): number {
  const i = index * 3;
  return ((palette[i] ?? 0) << 16) | ((palette[i + 1] ?? 0) << 8) | (palette[i + 2] ?? 0);
}

/**
 * Colour (0xRRGGBB) → palette index, the first index of each colour except `skip`: an open-addressing
 * table, several times faster than a Map on the per-pixel paths. -1 when absent.
 */
export class ColourIndex {
  readonly #keys = new Int32Array(1024).fill(NONE);
  readonly #values = new Int16Array(1024);

  constructor(palette: Uint8Array, entries: number, skip: number | null = null) {
    for (let i = 0; i < entries; i++) {
      if (i === skip) continue;
      const colour = packColour(palette, i);
      let slot = ColourIndex.#slot(colour);
      while (this.#keys[slot] !== NONE && this.#keys[slot] !== colour) slot = (slot + 1) & 1023;
      if (this.#keys[slot] === NONE) {
        this.#keys[slot] = colour;
        this.#values[slot] = i;
      }
    }
  }

  static #slot(colour: number): number {
    return Math.imul(colour, 0x9e3779b1) >>> 22;
  }

  get(colour: number): number {
    if (colour < 0) return NONE;
    for (let slot = ColourIndex.#slot(colour); ; slot = (slot + 1) & 1023) {
      const key = this.#keys[slot]!;
      if (key === colour) return this.#values[slot]!;
      if (key === NONE) return NONE;
    }
  }
}

/** Smallest LZW minimum code size (2–8) for a colour table of `entries` colours. */
export function minCodeSizeFor(entries: number): number {
  let bits = 2;
  while (1 << bits < entries) bits++;
  return bits;
}

/**
 * Decodes `pixelCount` indices. A corrupt or short stream leaves the rest at index 0 (as browsers do:
 * they show what decoded) instead of throwing.
 *
 * Each string is copied from where it was last written in the output (a code's string is the previous
 * output plus the first index of the one after it, so it sits in the output already): a forward copy of
 * nearby bytes instead of a walk down the prefix chain, about twice as fast on the encoder's output.
 */
export function decodeLzw(data: Uint8Array, minCodeSize: number, pixelCount: number): Uint8Array {
  const out = new Uint8Array(pixelCount);
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  /** Where each code's string starts in the output, and its length (roots: 1, not stored). */
  const at = new Int32Array(MAX_CODES);
  const length = new Uint16Array(MAX_CODES);
  let codeSize = minCodeSize + 1;
  let mask = (1 << codeSize) - 1;
  let next = end + 1;
  let previous = NONE;
  let previousAt = 0;
  let previousLength = 0;
  let acc = 0;
  let bits = 0;
  let op = 0;

  for (let ip = 0; ip < data.length && op < pixelCount; ip++) {
    acc |= data[ip]! << bits;
    bits += 8;
    while (bits >= codeSize) {
      const code = acc & mask;
      acc >>>= codeSize;
      bits -= codeSize;
      if (code === clear) {
        codeSize = minCodeSize + 1;
        mask = (1 << codeSize) - 1;
        next = end + 1;
        previous = NONE;
        continue;
      }
      if (code === end) return out;
      if (previous === NONE) {
        if (code >= clear) return out;
        out[op] = code;
        previous = code;
        previousAt = op++;
        previousLength = 1;
        if (op >= pixelCount) return out;
        continue;
      }
      let total: number;
      if (code < clear) {
        total = 1;
        out[op] = code;
      } else if (code < next) {
        // KwKwK aside, a defined string: a copy of its earlier occurrence (which ends before `op`).
        total = length[code]!;
        if (op + total > pixelCount) return out;
        const from = at[code]!;
        for (let i = 0; i < total; i++) out[op + i] = out[from + i]!;
      } else if (code === next) {
        // KwKwK: the previous string plus its own first index.
        total = previousLength + 1;
        if (op + total > pixelCount) return out;
        for (let i = 0; i < previousLength; i++) out[op + i] = out[previousAt + i]!;
        out[op + previousLength] = out[previousAt]!;
      } else return out;
      if (next < MAX_CODES) {
        // The new string: the previous one followed by this one's first index, right where it was written.
        at[next] = previousAt;
        length[next] = previousLength + 1;
        next++;
        if (next > mask && codeSize < MAX_CODE_BITS) {
          codeSize++;
          mask = (1 << codeSize) - 1;
        }
      }
      previous = code;
      previousAt = op;
      previousLength = total;
      op += total;
      if (op >= pixelCount) return out;
    }
  }
  return out;
}

/** One frame for the encoder: what to show, and what each index shows at each pixel. */
export interface LzwImage {
  width: number;
  height: number;
  /** The picture as palette indices; the transparent index shows the canvas under the pixel. */
  indices: Uint8Array;
  /** RGB triples. */
  palette: Uint8Array;
  transparentIndex: number | null;
  /**
   * What the canvas already shows under each pixel, as an index of `palette` (NOTHING where it is
   * clear). Given, the transparent index and an opaque index of the same colour are interchangeable
   * there, and lossy encoding may show a close canvas colour through the transparent index. Null: the
   * canvas is clear.
   */
  under: Uint16Array | null;
  minCodeSize: number;
  /**
   * Lossy only: each pixel's own budget (perceived error, frame-diff.ts), in place of the one given to the
   * encoder (lossy-budget.ts spends more where detail hides the error, less on smooth areas).
   */
  budgets?: Uint16Array | null;
}

export interface LzwResult {
  /** The code stream, to be cut into sub-blocks. */
  data: Uint8Array;
  /** How many bits of `data` are codes (the last byte is padded with zeros). */
  bits: number;
  /** The indices actually written (what a decoder gets back). */
  written: Uint8Array;
}

/** What lossy-budget.ts adaptiveBudgets hands the encoder's module (lzw/lossy-budget.c) besides the frame. */
export interface BudgetRule {
  transparentIndex: number | null;
  budget: number;
  smoothShare: number;
  maxShare: number;
  fullAt: number;
}

/**
 * The LZW encoder's module (wasm-assets/core/gif-lzw.wasm), loaded by the thread that encodes
 * (runtime/lzw-encoder.ts) and passed to whatever encodes, so these rules hold no module or instance.
 */
export interface LzwEncoder {
  encode(image: LzwImage, errorBudget: number, band: LzwBand): LzwResult;
  /** Per-pixel budgets of a frame of indices (lossy-budget.ts adaptiveBudgets). */
  budgets(indices: Uint8Array, width: number, palette: Uint8Array, rule: BudgetRule): Uint16Array;
}

/**
 * Where a stream sits in a frame's code stream (encodeInBands): `whole` (clear code first, end code last),
 * `first` (ends on a clear code instead: the next band starts on a fresh dictionary) or `next` (no clear
 * code of its own, as it follows one).
 */
export type LzwBand = 'whole' | 'first' | 'next';

/**
 * Encodes one frame. `errorBudget` is the largest perceived error (frame-diff.ts perceivedError: squared
 * levels, a change of colour counting half a change of lightness) a pixel may be shown off by, including
 * the error carried from the previous pixels of its row: 0 is lossless. Each
 * string is the longest the dictionary holds whose every pixel shows its wanted colour, or stays within
 * the budget; among the longest, the one of least summed error (gif-lzw.c says how it is searched).
 */
export function encodeLzw(lzw: LzwEncoder, image: LzwImage, errorBudget = 0, band: LzwBand = 'whole'): LzwResult {
  return lzw.encode(image, errorBudget, band);
}

/** One frame's encode as its rows' bands: what encodeInBands hands to another thread. */
export interface LzwBandRequest {
  image: LzwImage;
  errorBudget: number;
  band: LzwBand;
}

/**
 * The rows from `top` (inclusive) to `bottom` as an image of their own. The arrays are views: copy them
 * to hand the band to another thread.
 */
export function bandOf(image: LzwImage, top: number, bottom: number): LzwImage {
  const from = top * image.width;
  const to = bottom * image.width;
  return {
    ...image,
    height: bottom - top,
    indices: image.indices.subarray(from, to),
    under: image.under ? image.under.subarray(from, to) : null,
    budgets: image.budgets ? image.budgets.subarray(from, to) : null,
  };
}

/**
 * Encodes a frame as two bands of rows, the lower one by `encodeLower` (another thread) while this one
 * encodes the upper one, and joins them into one code stream: the lower band starts on a clear code, as a
 * decoder does when the dictionary is full, so the join costs one fresh dictionary. A lossy error is
 * carried along a row only, never to the next one, so the bands allow the same error as one encode.
 */
export async function encodeInBands(
  lzw: LzwEncoder,
  image: LzwImage,
  errorBudget: number,
  encodeLower: (request: LzwBandRequest) => Promise<LzwResult>,
): Promise<LzwResult> {
  const split = Math.ceil(image.height / 2);
  const lower = encodeLower({ image: bandOf(image, split, image.height), errorBudget, band: 'next' });
  const upper = encodeLzw(lzw, bandOf(image, 0, split), errorBudget, 'first');
  return joinBands(upper, await lower);
}

/** Two bands' code streams and indices, one after the other. */
export function joinBands(upper: LzwResult, lower: LzwResult): LzwResult {
  const bits = upper.bits + lower.bits;
  const data = new Uint8Array(Math.ceil(bits / 8));
  data.set(upper.data);
  const at = upper.bits >> 3;
  const shift = upper.bits & 7;
  if (shift === 0) data.set(lower.data, at);
  else {
    for (let i = 0; i < lower.data.length; i++) {
      const byte = lower.data[i]! << shift;
      data[at + i] = data[at + i]! | (byte & 0xff);
      if (at + i + 1 < data.length) data[at + i + 1] = byte >> 8;
    }
  }
  const written = new Uint8Array(upper.written.length + lower.written.length);
  written.set(upper.written);
  written.set(lower.written, upper.written.length);
  return { data, bits, written };
}
