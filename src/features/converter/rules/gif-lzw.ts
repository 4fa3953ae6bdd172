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
   * The colour already on the canvas under each pixel (0xRRGGBB, or -1 where it is clear). Given, the
   * transparent index and an opaque index of the same colour are interchangeable there, and lossy
   * encoding may show a close canvas colour through the transparent index. Null: the canvas is clear.
   */
  under: Int32Array | null;
  minCodeSize: number;
  /**
   * Lossy only: each pixel's own budget (squared RGB distance), in place of the one given to the
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

/**
 * Where a stream sits in a frame's code stream (encodeInBands): `whole` (clear code first, end code last),
 * `first` (ends on a clear code instead: the next band starts on a fresh dictionary) or `next` (no clear
 * code of its own, as it follows one).
 */
export type LzwBand = 'whole' | 'first' | 'next';

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

  get bits(): number {
    return this.length * 8 + this.#bits;
  }

  finish(): Uint8Array {
    if (this.#bits > 0) this.write(0, 8 - this.#bits);
    return this.bytes.slice(0, this.length);
  }
}

const HASH_SLOTS = 1 << 14;
const HASH_MASK = HASH_SLOTS - 1;
const hashSlot = (key: number) => Math.imul(key, 0x9e3779b1) >>> 18;

/** The child of `code` by `index` in a trie's hash table, or 0. */
function childOf(keys: Int32Array, values: Int16Array, code: number, index: number): number {
  const key = (code << 8) | index;
  for (let slot = hashSlot(key); ; slot = (slot + 1) & HASH_MASK) {
    const found = keys[slot]!;
    if (found === key) return values[slot]!;
    if (found === NONE) return 0;
  }
}

/**
 * The dictionary as a trie: each code is a string = its parent's string + one index. Children are found
 * both ways: by index in one step (a direct table, the exact path) and as a sibling list (the lossy
 * search, which looks at every child). Each node knows the longest string below it, so a search can skip
 * a branch that cannot beat the match it already has.
 */
class Trie {
  /**
   * (code << 8 | index) → child code: an open-addressing hash table (as gifsicle's), 64 KiB of keys that
   * stay in cache where a direct table of 4096 × 256 entries (2 MiB) missed it on every new string.
   */
  readonly keys = new Int32Array(HASH_SLOTS).fill(NONE);
  readonly values = new Int16Array(HASH_SLOTS);
  readonly #slotOf = new Int16Array(MAX_CODES);
  readonly firstChild = new Int16Array(MAX_CODES).fill(NONE);
  readonly nextSibling = new Int16Array(MAX_CODES).fill(NONE);
  readonly parent = new Int16Array(MAX_CODES).fill(NONE);
  readonly symbol = new Uint8Array(MAX_CODES);
  /** The length of each code's string. */
  readonly length = new Uint16Array(MAX_CODES);
  /** The longest string in each code's subtree: an upper bound (an undone add may leave it high). */
  readonly longest = new Uint16Array(MAX_CODES);
  readonly #defined = new Int16Array(MAX_CODES);
  #count = 0;

  /** False when the string already has a code: then this one stays unused (the decoder still counts it). */
  add(code: number, parent: number, index: number): boolean {
    const key = (parent << 8) | index;
    const keys = this.keys;
    let slot = hashSlot(key);
    for (; keys[slot] !== NONE; slot = (slot + 1) & HASH_MASK) if (keys[slot] === key) return false;
    keys[slot] = key;
    this.values[slot] = code;
    this.#slotOf[code] = slot;
    this.parent[code] = parent;
    this.symbol[code] = index;
    this.firstChild[code] = NONE;
    this.nextSibling[code] = this.firstChild[parent]!;
    this.firstChild[parent] = code;
    const length = this.length[parent]! + 1;
    this.length[code] = length;
    this.longest[code] = length;
    for (let a = parent; a !== NONE && this.longest[a]! < length; a = this.parent[a]!) this.longest[a] = length;
    this.#defined[this.#count++] = code;
    return true;
  }

  /** Undoes the last add. */
  removeLast(): void {
    const code = this.#defined[--this.#count]!;
    const parent = this.parent[code]!;
    // The last key added ends its probe chain: clearing its slot breaks no other chain.
    this.keys[this.#slotOf[code]!] = NONE;
    this.firstChild[parent] = this.nextSibling[code]!;
    this.parent[code] = NONE;
  }

  /**
   * Back to the roots alone (what the decoder does on a clear code): one per index below `roots`. Codes
   * above them may have been strings of an encode with a smaller code size: they are roots again.
   */
  reset(roots: number): void {
    for (let n = 0; n < this.#count; n++) {
      const code = this.#defined[n]!;
      const parent = this.parent[code]!;
      this.firstChild[parent] = NONE;
      this.parent[code] = NONE;
    }
    this.#count = 0;
    this.keys.fill(NONE);
    for (let i = 0; i < roots; i++) {
      this.symbol[i] = i;
      this.length[i] = 1;
      this.longest[i] = 1;
      this.firstChild[i] = NONE;
      this.parent[i] = NONE;
    }
  }
}

/** One trie, reused: its 2 MiB child table is zeroed by undoing what was added, not reallocated. */
let sharedTrie: Trie | null = null;

/** The search's stack: each node is pushed at most once per search (one path reaches it). */
const STACK = MAX_CODES + 256;

/**
 * Encodes one frame. `errorBudget` is the largest squared RGB distance (0–255 per channel) a pixel may
 * be shown off by, including the error carried from the previous pixels of its row: 0 is lossless.
 *
 * Each string is the longest the dictionary holds from the current pixel whose every pixel shows its
 * wanted colour (lossless), or stays within the budget (lossy); among the longest, the one of least
 * summed error. The search is a depth-first walk of the trie from the current pixel's index (each node is
 * reached by one path, so it visits at most the dictionary), skipping subtrees whose longest string
 * cannot beat the best match found so far; the exact child is walked first, so that bound comes early.
 */
export function encodeLzw(image: LzwImage, errorBudget = 0, band: LzwBand = 'whole'): LzwResult {
  const { width, indices, palette, transparentIndex, under, minCodeSize } = image;
  const budgets = errorBudget > 0 ? (image.budgets ?? null) : null;
  const count = indices.length;
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const colours = new Int32Array(256);
  for (let i = 0; i < 256; i++) colours[i] = i * 3 < palette.length ? packColour(palette, i) : 0;
  const t = transparentIndex ?? NONE;
  const lossy = errorBudget > 0;

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

  const trie = (sharedTrie ??= new Trie());
  trie.reset(clear);
  const { keys, values, firstChild, nextSibling, parent, symbol, length, longest } = trie;
  const writer = new BitWriter(count >> 1);
  const written = new Uint8Array(count);

  // The search's stack: a node (its string starts at `start`), the error summed over it, the error it carries.
  const stackNode = new Int16Array(STACK);
  const stackCost = new Int32Array(STACK);
  const stackR = new Int32Array(STACK);
  const stackG = new Int32Array(STACK);
  const stackB = new Int32Array(STACK);
  const exact = new Int16Array(256); // a node's children that show the wanted colour exactly

  let codeSize = minCodeSize + 1;
  let next = end + 1;
  let pending = NONE; // a code reserved after the last output: its string ends with the next match's first index
  let pendingParent = NONE;
  if (band !== 'next') writer.write(clear, codeSize);

  // Where the next string starts, and the error carried into it.
  let start = 0;
  let startR = 0;
  let startG = 0;
  let startB = 0;

  while (start < count) {
    // The best match: where it ends, its code and first index, its summed error, the error it carries on.
    let bestEnd = 0;
    let bestCode = 0;
    let bestRoot = 0;
    let bestCost = 0x7fffffff;
    let bestR = 0;
    let bestG = 0;
    let bestB = 0;
    // Rows start at multiples of the width: the first one after this string's first pixel.
    const rowAt = start - (start % width) + width;
    // The first pixel of a string is exact: the picture's index, then its lossless alternative if any.
    // The code reserved after the previous output is that output's string + this first index, and
    // already usable here (the decoder defines it before it reads the next code): with one possible
    // first index it is defined for good, with two it is tried with each.
    const other = alternative ? alternative[start]! : NONE;
    const first = indices[start]!;
    if (other === NONE && pending !== NONE) {
      trie.add(pending, pendingParent, first);
      pending = NONE;
    }
    if (!lossy && other === NONE) {
      // Lossless with one choice per pixel: the longest match, greedily.
      let code = first;
      let p = start + 1;
      for (let child = 0; p < count && (child = childOf(keys, values, code, indices[p]!)) !== 0; p++) code = child;
      bestEnd = p;
      bestCode = code;
      bestRoot = first;
    }
    for (let root = first, pass = bestEnd > 0 ? 2 : 0; pass < 2; root = other, pass++) {
      if (root === NONE) break;
      const added = pending !== NONE && trie.add(pending, pendingParent, root);
      stackNode[0] = root;
      stackCost[0] = 0;
      stackR[0] = startR;
      stackG[0] = startG;
      stackB[0] = startB;
      let sp = 1;
      while (sp > 0) {
        sp--;
        const node = stackNode[sp]!;
        const cost = stackCost[sp]!;
        let r = stackR[sp]!;
        let g = stackG[sp]!;
        let b = stackB[sp]!;
        // The subtree may have fallen behind a best match found since it was pushed.
        const furthest = Math.min(count, start + longest[node]!);
        if (furthest < bestEnd || (furthest === bestEnd && cost >= bestCost)) continue;
        const p = start + length[node]!;
        let grew = false;
        if (p < count) {
          // A child is walked only if its subtree reaches past the best (or as far with less error).
          if (!lossy) {
            const own = childOf(keys, values, node, indices[p]!);
            const index = alternative ? alternative[p]! : NONE;
            const alt = index === NONE ? 0 : childOf(keys, values, node, index);
            if (alt !== 0) {
              grew = true;
              const reach = Math.min(count, start + longest[alt]!);
              if (reach > bestEnd) stackNode[sp++] = alt;
            }
            if (own !== 0) {
              grew = true;
              const reach = Math.min(count, start + longest[own]!);
              if (reach > bestEnd) stackNode[sp++] = own;
            }
          } else {
            // A new row carries nothing from the previous one.
            if (p >= rowAt && (p - rowAt) % width === 0) r = g = b = 0;
            // What the picture's own index shows here (-1 where it shows a clear canvas).
            const own = indices[p]!;
            const canvas = under ? under[p]! : NONE;
            const wanted = own !== t ? colours[own]! : canvas;
            const wr = (wanted >> 16) & 0xff;
            const wg = (wanted >> 8) & 0xff;
            const wb = wanted & 0xff;
            const allowed = budgets ? budgets[p]! : errorBudget;
            let exacts = 0;
            for (let child = firstChild[node]!; child !== NONE; child = nextSibling[child]!) {
              const reach = Math.min(count, start + longest[child]!);
              if (reach < bestEnd) {
                // Nothing below it can win, and this node, shorter still, cannot either.
                grew = true;
                continue;
              }
              const index = symbol[child]!;
              const shown = index === t ? canvas : colours[index]!;
              if (shown === wanted) {
                exact[exacts++] = child;
                continue;
              }
              if (shown < 0 || wanted < 0) continue; // never trade transparency for a colour
              const dr = ((shown >> 16) & 0xff) - wr + r;
              const dg = ((shown >> 8) & 0xff) - wg + g;
              const db = (shown & 0xff) - wb + b;
              const error = dr * dr + dg * dg + db * db;
              if (error > allowed) continue;
              grew = true;
              const total = cost + error;
              if (reach === bestEnd && total >= bestCost) continue;
              stackNode[sp] = child;
              stackCost[sp] = total;
              stackR[sp] = decay(dr);
              stackG[sp] = decay(dg);
              stackB[sp] = decay(db);
              sp++;
            }
            // Exact children (the colour's own index, the transparent one over the same colour) are
            // pushed last, so walked first: the exact path sets a high bound early.
            for (let e = 0; e < exacts; e++) {
              grew = true;
              const child = exact[e]!;
              const reach = Math.min(count, start + longest[child]!);
              if (reach > bestEnd || (reach === bestEnd && cost < bestCost)) {
                stackNode[sp] = child;
                stackCost[sp] = cost;
                stackR[sp] = decay(r);
                stackG[sp] = decay(g);
                stackB[sp] = decay(b);
                sp++;
              }
            }
          }
        }
        // A string that can grow is beaten by its own extension: only the ends are candidates.
        if (!grew && (p > bestEnd || (p === bestEnd && cost < bestCost))) {
          bestEnd = p;
          bestCode = node;
          bestRoot = root;
          bestCost = cost;
          const rowEnd = p >= rowAt && (p - rowAt) % width === 0;
          bestR = rowEnd ? 0 : r;
          bestG = rowEnd ? 0 : g;
          bestB = rowEnd ? 0 : b;
        }
      }
      if (added) trie.removeLast();
    }
    if (pending !== NONE) trie.add(pending, pendingParent, bestRoot);
    // The string's indices, written back to front.
    let code = bestCode;
    for (let at = bestEnd - 1; at >= start; at--) {
      written[at] = symbol[code]!;
      code = parent[code]!;
    }
    writer.write(bestCode, codeSize);
    start = bestEnd;
    startR = decay(bestR);
    startG = decay(bestG);
    startB = decay(bestB);

    pending = NONE;
    if (next === MAX_CODES) {
      // Table full: start a fresh dictionary (what the decoder does on a clear code).
      writer.write(clear, codeSize);
      trie.reset(clear);
      codeSize = minCodeSize + 1;
      next = end + 1;
    } else {
      if (next >= 1 << codeSize && codeSize < MAX_CODE_BITS) codeSize++;
      pending = next++;
      pendingParent = bestCode;
    }
  }
  writer.write(band === 'first' ? clear : end, codeSize);
  const bits = writer.bits;
  return { data: writer.finish(), bits, written };
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
  image: LzwImage,
  errorBudget: number,
  encodeLower: (request: LzwBandRequest) => Promise<LzwResult>,
): Promise<LzwResult> {
  const split = Math.ceil(image.height / 2);
  const lower = encodeLower({ image: bandOf(image, split, image.height), errorBudget, band: 'next' });
  const upper = encodeLzw(bandOf(image, 0, split), errorBudget, 'first');
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
