/**
 * GIF's variable-width LZW (GIF89a spec, appendix F), both ways, on the bare code stream (the image
 * data sub-blocks already joined). The encoder can be lossy, the technique giflossy published for
 * gifsicle's `--lossy`: where the next pixels would end an exact dictionary match, it takes a longer
 * dictionary string whose every pixel stays within a colour-error budget of the picture, carrying the
 * error it leaves along the row so that a run of slightly-off pixels cannot drift one way (no bands).
 * Written here from the published description, not from gifsicle's code.
 */

const MAX_CODES = 4096;
/** Three quarters of an error is carried to the next pixel, so an old error fades out. */
const decay = (error: number) => ((error * 3) / 4) | 0;
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
 */
export function decodeLzw(data: Uint8Array, minCodeSize: number, pixelCount: number): Uint8Array {
  const out = new Uint8Array(pixelCount);
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const prefix = new Int16Array(MAX_CODES);
  const suffix = new Uint8Array(MAX_CODES);
  const first = new Uint8Array(MAX_CODES);
  const length = new Uint16Array(MAX_CODES);
  for (let i = 0; i < clear; i++) {
    suffix[i] = i;
    first[i] = i;
    length[i] = 1;
  }
  let codeSize = minCodeSize + 1;
  let mask = (1 << codeSize) - 1;
  let next = end + 1;
  let previous = NONE;
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
        out[op++] = code;
        previous = code;
        if (op >= pixelCount) return out;
        continue;
      }
      let string: number;
      let tail = NONE; // KwKwK: the new string is the previous one plus its own first index
      if (code < next) string = code;
      else if (code === next) {
        string = previous;
        tail = first[previous]!;
      } else return out;
      const len = length[string]!;
      const total = len + (tail === NONE ? 0 : 1);
      if (op + total > pixelCount) return out;
      let at = op + len - 1;
      for (let c = string; at >= op; c = prefix[c]!) out[at--] = suffix[c]!;
      if (tail !== NONE) out[op + len] = tail;
      if (next < MAX_CODES) {
        prefix[next] = previous;
        suffix[next] = first[string]!;
        first[next] = first[previous]!;
        length[next] = length[previous]! + 1;
        next++;
        if (next > mask && codeSize < MAX_CODE_BITS) {
          codeSize++;
          mask = (1 << codeSize) - 1;
        }
      }
      op += total;
      previous = code;
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
   * The colour already on the canvas under each pixel (0xRRGGBB, or -1 where it is clear). Given, the
   * transparent index and an opaque index of the same colour are interchangeable there, and lossy
   * encoding may show a close canvas colour through the transparent index. Null: the canvas is clear.
   */
  under: Int32Array | null;
  minCodeSize: number;
}

export interface LzwResult {
  /** The code stream, to be cut into sub-blocks. */
  data: Uint8Array;
  /** The indices actually written (what a decoder gets back). */
  written: Uint8Array;
}

/** Writes codes LSB-first into a growing buffer. */
class BitWriter {
  bytes: Uint8Array;
  length = 0;
  #acc = 0;
  #bits = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(Math.max(64, capacity));
  }

  write(code: number, size: number): void {
    this.#acc |= code << this.#bits;
    this.#bits += size;
    while (this.#bits >= 8) {
      if (this.length === this.bytes.length) {
        const grown = new Uint8Array(this.bytes.length * 2);
        grown.set(this.bytes);
        this.bytes = grown;
      }
      this.bytes[this.length++] = this.#acc & 0xff;
      this.#acc >>>= 8;
      this.#bits -= 8;
    }
  }

  finish(): Uint8Array {
    if (this.#bits > 0) this.write(0, 8 - this.#bits);
    return this.bytes.slice(0, this.length);
  }
}

/** The dictionary as a trie: each code is a string = its parent's string + one index. */
class Dictionary {
  readonly childOf = new Int16Array(MAX_CODES << 8); // (code << 8 | index) → child code, 0 = none
  readonly firstChild = new Int16Array(MAX_CODES).fill(NONE);
  readonly nextSibling = new Int16Array(MAX_CODES).fill(NONE);
  readonly parent = new Int16Array(MAX_CODES).fill(NONE);
  readonly symbol = new Uint8Array(MAX_CODES);
  readonly #defined: number[] = [];

  constructor(readonly roots: number) {
    for (let i = 0; i < roots; i++) this.symbol[i] = i;
  }

  /** False when the string already has a code: then this one stays unused (the decoder still counts it). */
  add(code: number, parent: number, index: number): boolean {
    const key = (parent << 8) | index;
    if (this.childOf[key] !== 0) return false;
    this.childOf[key] = code;
    this.parent[code] = parent;
    this.symbol[code] = index;
    this.nextSibling[code] = this.firstChild[parent]!;
    this.firstChild[parent] = code;
    this.#defined.push(code);
    return true;
  }

  /** Undoes the last add. */
  removeLast(): void {
    const code = this.#defined.pop()!;
    const parent = this.parent[code]!;
    this.childOf[(parent << 8) | this.symbol[code]!] = 0;
    this.firstChild[parent] = this.nextSibling[code]!;
    this.parent[code] = NONE;
  }

  reset(): void {
    for (const code of this.#defined) {
      const parent = this.parent[code]!;
      this.childOf[(parent << 8) | this.symbol[code]!] = 0;
      this.firstChild[parent] = NONE;
      this.firstChild[code] = NONE;
      this.parent[code] = NONE;
    }
    this.#defined.length = 0;
  }
}

/**
 * Encodes one frame. `errorBudget` is the largest squared RGB distance (0–255 per channel) a pixel may
 * be shown off by, including the error carried from the previous pixels of its row: 0 is lossless.
 */
export function encodeLzw(image: LzwImage, errorBudget = 0): LzwResult {
  const { width, indices, palette, transparentIndex, under, minCodeSize } = image;
  const count = indices.length;
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const colours = new Int32Array(256);
  for (let i = 0; i < 256; i++) colours[i] = i * 3 < palette.length ? packColour(palette, i) : 0;
  const t = transparentIndex ?? NONE;

  // What each index would show at pixel p; the target is what the picture's own index shows.
  const shows = (p: number, index: number) => (index === t ? (under ? under[p]! : NONE) : colours[index]!);
  const target = new Int32Array(count);
  for (let p = 0; p < count; p++) {
    const index = indices[p]!;
    target[p] = index !== t ? colours[index]! : under ? under[p]! : NONE;
  }

  // Lossless alternatives: at a pixel where the canvas already shows the wanted colour, the transparent
  // index and that colour's index give the same picture.
  let alternative: Int16Array | null = null;
  if (under && t !== NONE) {
    const indexOf = new ColourIndex(palette, Math.min(clear, palette.length / 3), t);
    alternative = new Int16Array(count).fill(NONE);
    for (let p = 0; p < count; p++) {
      const index = indices[p]!;
      if (under[p]! < 0) continue;
      if (index === t) alternative[p] = indexOf.get(under[p]!);
      else if (colours[index] === under[p]) alternative[p] = t;
    }
  }

  const dictionary = new Dictionary(clear);
  const { childOf, firstChild, nextSibling, parent, symbol } = dictionary;
  const writer = new BitWriter(count >> 1);
  const written = new Uint8Array(count);

  // The best match found by a search: where it ends, its code, its summed error, the error it carries.
  let bestEnd = 0;
  let bestCode = 0;
  let bestCost = 0;
  let bestR = 0;
  let bestG = 0;
  let bestB = 0;
  let bestFirst = 0; // the first index of the best string
  let currentFirst = 0;

  const consider = (endAt: number, code: number, cost: number, r: number, g: number, b: number) => {
    if (endAt > bestEnd || (endAt === bestEnd && cost < bestCost)) {
      bestEnd = endAt;
      bestCode = code;
      bestCost = cost;
      bestR = r;
      bestG = g;
      bestB = b;
      bestFirst = currentFirst;
    }
  };

  // Exact search: the picture's index or its lossless alternative at each pixel (a trie node is
  // reached by one path only, so this visits at most the dictionary once). Only where a string cannot
  // grow is it a candidate: any string that can is beaten by its own extension.
  const searchExact = (p: number, code: number): void => {
    for (; p < count; p++) {
      const base = code << 8;
      const own = childOf[base | indices[p]!]!;
      const other = alternative ? alternative[p]! : NONE;
      const alt = other === NONE ? 0 : childOf[base | other]!;
      if (alt !== 0 && own !== 0) searchExact(p + 1, alt);
      const nextCode = own !== 0 ? own : alt;
      if (nextCode === 0) break;
      code = nextCode;
    }
    consider(p, code, 0, 0, 0, 0);
  };

  // Lossy search: any child whose index shows a colour within the budget, error carried along the row.
  const searchLossy = (p: number, code: number, cost: number, r: number, g: number, b: number): void => {
    let grew = false;
    if (p < count) {
      if (p % width === 0) r = g = b = 0; // a new row carries nothing from the previous one
      const wanted = target[p]!;
      for (let child = firstChild[code]!; child !== NONE; child = nextSibling[child]!) {
        const shown = shows(p, symbol[child]!);
        if (shown === wanted) {
          searchLossy(p + 1, child, cost, decay(r), decay(g), decay(b));
          grew = true;
          continue;
        }
        if (shown < 0 || wanted < 0) continue; // never trade transparency for a colour
        const dr = ((shown >> 16) & 0xff) - ((wanted >> 16) & 0xff) + r;
        const dg = ((shown >> 8) & 0xff) - ((wanted >> 8) & 0xff) + g;
        const db = (shown & 0xff) - (wanted & 0xff) + b;
        const error = dr * dr + dg * dg + db * db;
        if (error > errorBudget) continue;
        searchLossy(p + 1, child, cost + error, decay(dr), decay(dg), decay(db));
        grew = true;
      }
    }
    if (!grew) consider(p, code, cost, r, g, b);
  };

  let codeSize = minCodeSize + 1;
  let next = end + 1;
  let pending = NONE; // a code reserved after the last output: its string ends with the next match's first index
  let pendingParent = NONE;
  writer.write(clear, codeSize);

  // Where the next string starts, and the error carried into it.
  let start = 0;
  let startR = 0;
  let startG = 0;
  let startB = 0;
  // The first pixel is exact: the picture's index or its lossless alternative. The code reserved after
  // the previous output is that output's string + this first index, and already usable here.
  const search = (first: number) => {
    const added = pending !== NONE && dictionary.add(pending, pendingParent, first);
    currentFirst = first;
    if (errorBudget > 0) searchLossy(start + 1, first, 0, startR, startG, startB);
    else searchExact(start + 1, first);
    if (added) dictionary.removeLast();
  };

  while (start < count) {
    bestEnd = 0;
    bestCost = Infinity;
    search(indices[start]!);
    const other = alternative ? alternative[start]! : NONE;
    if (other !== NONE) search(other);
    if (pending !== NONE) dictionary.add(pending, pendingParent, bestFirst);
    // The string's indices, written back to front.
    let code = bestCode;
    for (let at = bestEnd - 1; at >= start; at--) {
      written[at] = symbol[code]!;
      code = parent[code]!;
    }
    writer.write(bestCode, codeSize);
    start = bestEnd;
    const rowStart = start % width === 0;
    startR = rowStart ? 0 : decay(bestR);
    startG = rowStart ? 0 : decay(bestG);
    startB = rowStart ? 0 : decay(bestB);

    pending = NONE;
    if (next === MAX_CODES) {
      // Table full: start a fresh dictionary (what the decoder does on a clear code).
      writer.write(clear, codeSize);
      dictionary.reset();
      codeSize = minCodeSize + 1;
      next = end + 1;
    } else {
      if (next >= 1 << codeSize && codeSize < MAX_CODE_BITS) codeSize++;
      pending = next++;
      pendingParent = bestCode;
    }
  }
  writer.write(end, codeSize);
  return { data: writer.finish(), written };
}
