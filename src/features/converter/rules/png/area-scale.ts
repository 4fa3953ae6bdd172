import type { Size } from '../dimensions';

/**
 * Downscaling by area averaging, one source row at a time: each output pixel is the mean of the source
 * area it covers (fractional at its edges), colours weighted by their alpha so that a transparent pixel's
 * colour does not bleed into its neighbours. It stands in for the browser's pre-shrink (rules/decode-size.ts:
 * a frame larger than twice its placement, the core's lanczos doing the rest), and it needs only one output
 * row of memory beyond the output: rows stream in from the decoder and out as soon as they are complete.
 * Only shrinks: an axis whose target is not smaller than its source is copied.
 */
export class AreaScaler {
  readonly #source: Size;
  readonly #target: Size;
  readonly #onRow: (y: number, rgba: Uint8Array) => void;
  /** Per output column: its first tap in `#taps`; taps are (source byte offset, weight) pairs. */
  readonly #tapStart: Int32Array;
  readonly #tapOffset: Int32Array;
  readonly #tapWeight: Float64Array;
  readonly #ry: number;
  /** Premultiplied sums of the output row being made and of the next one. */
  #current: Float64Array;
  #next: Float64Array;
  readonly #horizontal: Float64Array;
  readonly #out: Uint8Array;
  #row = 0;
  #y = 0;

  constructor(source: Size, target: Size, onRow: (y: number, rgba: Uint8Array) => void) {
    this.#source = source;
    this.#target = { width: Math.min(target.width, source.width), height: Math.min(target.height, source.height) };
    this.#onRow = onRow;
    const tw = this.#target.width;
    const rx = source.width / tw;
    this.#ry = source.height / this.#target.height;
    const offsets: number[] = [];
    const weights: number[] = [];
    this.#tapStart = new Int32Array(tw + 1);
    for (let x = 0; x < tw; x++) {
      this.#tapStart[x] = offsets.length;
      const from = x * rx;
      const to = Math.min(source.width, (x + 1) * rx);
      for (let i = Math.floor(from); i < to; i++) {
        const weight = (Math.min(to, i + 1) - Math.max(from, i)) / rx;
        if (weight <= 1e-9) continue;
        offsets.push(i * 4);
        weights.push(weight);
      }
    }
    this.#tapStart[tw] = offsets.length;
    this.#tapOffset = Int32Array.from(offsets);
    this.#tapWeight = Float64Array.from(weights);
    this.#current = new Float64Array(tw * 4);
    this.#next = new Float64Array(tw * 4);
    this.#horizontal = new Float64Array(tw * 4);
    this.#out = new Uint8Array(tw * 4);
  }

  /** The scaled size (never larger than the source). */
  get size(): Size {
    return this.#target;
  }

  /** The next source row, RGBA of the source's width. */
  push(rgba: Uint8Array): void {
    const y = this.#y++;
    if (y >= this.#source.height) throw new RangeError('more rows than the source has');
    const h = this.#horizontal;
    const starts = this.#tapStart;
    const offsets = this.#tapOffset;
    const weights = this.#tapWeight;
    const width = this.#target.width;
    let opaque = true;
    for (let i = 3; i < rgba.length; i += 4)
      if (rgba[i] !== 255) {
        opaque = false;
        break;
      }
    // An opaque row (most pictures) needs no alpha weighting: its sums are plain means, alpha 255.
    for (let x = 0, o = 0; x < width; x++, o += 4) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      const end = starts[x + 1]!;
      if (opaque) {
        for (let t = starts[x]!; t < end; t++) {
          const i = offsets[t]!;
          const w = weights[t]!;
          r += rgba[i]! * w;
          g += rgba[i + 1]! * w;
          b += rgba[i + 2]! * w;
        }
        a = 255;
        r *= 255;
        g *= 255;
        b *= 255;
      } else {
        for (let t = starts[x]!; t < end; t++) {
          const i = offsets[t]!;
          const w = weights[t]! * rgba[i + 3]!;
          r += rgba[i]! * w;
          g += rgba[i + 1]! * w;
          b += rgba[i + 2]! * w;
          a += w;
        }
      }
      h[o] = r;
      h[o + 1] = g;
      h[o + 2] = b;
      h[o + 3] = a;
    }
    // Source row y covers [y, y + 1) of the source, [y / ry, (y + 1) / ry) of the output: at most two rows.
    const ry = this.#ry;
    const rowEnd = (this.#row + 1) * ry;
    add(this.#current, h, (Math.min(y + 1, rowEnd) - y) / ry);
    if (y + 1 >= rowEnd - 1e-9) {
      const spill = (y + 1 - rowEnd) / ry;
      if (spill > 1e-9) add(this.#next, h, spill);
      this.#emit();
    }
  }

  #emit(): void {
    const sums = this.#current;
    const out = this.#out;
    for (let o = 0; o < sums.length; o += 4) {
      const a = sums[o + 3]!;
      if (a <= 1e-3) {
        out[o] = out[o + 1] = out[o + 2] = out[o + 3] = 0;
      } else {
        const scale = 1 / a;
        out[o] = Math.round(sums[o]! * scale);
        out[o + 1] = Math.round(sums[o + 1]! * scale);
        out[o + 2] = Math.round(sums[o + 2]! * scale);
        out[o + 3] = Math.round(a);
      }
    }
    this.#onRow(this.#row++, out);
    [this.#current, this.#next] = [this.#next, this.#current];
    this.#next.fill(0);
  }
}

function add(into: Float64Array, row: Float64Array, weight: number): void {
  for (let i = 0; i < into.length; i++) into[i]! += row[i]! * weight;
}
