import { fromOkLab, type ColourHistogram } from './refine';

/**
 * The palette, cut from the decode workers' colour histogram (refine.ts) instead of a palettegen run
 * of the core, which held a whole core while the other one waited. Here it costs a few milliseconds on the
 * histogram's cells, made while the last frames are handed over.
 *
 * Like FFmpeg 7.1's palettegen, boxes of colours in OkLab are split one at a time, always the box with
 * the largest squared error along one axis, along that axis; palettegen then cuts at the weighted median,
 * this cut goes where the two halves keep the least squared error. The box means are the palette, which
 * the k-means refinement then moves to the means of the colours nearest to each. At quality 80 it scored as
 * well as palettegen or better on most of the quality bench's pictures (tests/bench/README.md, "Palette").
 *
 * The cut position is searched on BINS steps of the box's range: one counting pass per split, no sort.
 */
const BINS = 256;

interface Box {
  start: number;
  end: number;
  /** The axis (0 L, 1 a, 2 b) with the largest weighted squared error, and that error. */
  axis: number;
  error: number;
  /** The weighted mean colour (L, a, b). */
  mean: [number, number, number];
}

/** Squared error of a set from its sums: Σw·x² − (Σw·x)² / Σw. */
const errorOf = (w: number, x: number, xx: number) => (w > 0 ? xx - (x * x) / w : 0);

/** The same in OkLab, from the sums [Σw, Σw·L, Σw·a, Σw·b, Σw·|lab|²] of `all` less those of `part`. */
function errorOfRest(all: Float64Array, part: Float64Array): number {
  const w = all[0]! - part[0]!;
  const l = all[1]! - part[1]!;
  const a = all[2]! - part[2]!;
  const b = all[3]! - part[3]!;
  return w > 0 ? all[4]! - part[4]! - (l * l + a * a + b * b) / w : 0;
}

class BoxCutter {
  readonly #lab: Float32Array;
  readonly #weight: Float32Array;
  /** Cell indices; each box is a range of it. */
  readonly #cells: Int32Array;
  readonly #binOf: Uint8Array;
  /** Per bin of the axis being cut: Σw, Σw·L, Σw·a, Σw·b, Σw·|lab|². */
  readonly #bins = new Float64Array(BINS * 5);

  constructor({ lab, weight, size }: ColourHistogram) {
    this.#lab = lab;
    this.#weight = weight;
    this.#cells = Int32Array.from({ length: size }, (_, i) => i);
    this.#binOf = new Uint8Array(size);
  }

  /** At most `count` boxes' mean colours, as RGB triples (fewer when there are fewer cells). */
  cut(count: number): Uint8Array {
    const boxes: Box[] = this.#cells.length ? [this.#box(0, this.#cells.length)] : [];
    while (boxes.length < count) {
      let pick = -1;
      for (let i = 0; i < boxes.length; i++) {
        const { start, end, error } = boxes[i]!;
        if (end - start > 1 && error > 0 && (pick < 0 || error > boxes[pick]!.error)) pick = i;
      }
      if (pick < 0) break;
      const box = boxes[pick]!;
      const at = this.#split(box);
      boxes[pick] = this.#box(box.start, at);
      boxes.push(this.#box(at, box.end));
    }
    const rgb = new Uint8Array(boxes.length * 3);
    boxes.forEach(({ mean: [L, a, b] }, i) => rgb.set(fromOkLab(L, a, b), i * 3));
    return rgb;
  }

  #box(start: number, end: number): Box {
    const lab = this.#lab;
    const weight = this.#weight;
    let w = 0;
    const x = [0, 0, 0];
    const xx = [0, 0, 0];
    for (let i = start; i < end; i++) {
      const c = this.#cells[i]!;
      const cw = weight[c]!;
      w += cw;
      for (let k = 0; k < 3; k++) {
        const v = lab[c * 3 + k]!;
        x[k]! += cw * v;
        xx[k]! += cw * v * v;
      }
    }
    const errors = [0, 1, 2].map((k) => errorOf(w, x[k]!, xx[k]!));
    const axis = errors.indexOf(Math.max(...errors));
    return { start, end, axis, error: errors[axis]!, mean: [x[0]! / w, x[1]! / w, x[2]! / w] };
  }

  /**
   * Reorders the box's cells so [start, at) and [at, end) are its best two halves, cut along its axis where
   * they keep the least squared error in all three; returns `at`.
   */
  #split({ start, end, axis }: Box): number {
    const lab = this.#lab;
    const weight = this.#weight;
    const cells = this.#cells;
    const bins = this.#bins;
    const binOf = this.#binOf;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = start; i < end; i++) {
      const v = lab[cells[i]! * 3 + axis]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const scale = (BINS - 1e-3) / (hi - lo);
    bins.fill(0);
    const total = new Float64Array(5);
    for (let i = start; i < end; i++) {
      const c = cells[i]!;
      const cw = weight[c]!;
      const L = lab[c * 3]!;
      const A = lab[c * 3 + 1]!;
      const B = lab[c * 3 + 2]!;
      const bin = Math.floor((lab[c * 3 + axis]! - lo) * scale);
      binOf[c] = bin;
      const at = bin * 5;
      bins[at]! += cw;
      bins[at + 1]! += cw * L;
      bins[at + 2]! += cw * A;
      bins[at + 3]! += cw * B;
      bins[at + 4]! += cw * (L * L + A * A + B * B);
    }
    for (let bin = 0; bin < BINS; bin++) for (let k = 0; k < 5; k++) total[k]! += bins[bin * 5 + k]!;
    // The box has error along `axis`, so its cells span more than one bin and some cut leaves both halves.
    let cut = 0;
    let least = Infinity;
    const none = new Float64Array(5);
    const left = new Float64Array(5);
    for (let bin = 0; bin < BINS - 1; bin++) {
      for (let k = 0; k < 5; k++) left[k]! += bins[bin * 5 + k]!;
      if (left[0] === 0 || left[0]! >= total[0]!) continue;
      const error = errorOfRest(left, none) + errorOfRest(total, left);
      if (error < least) {
        least = error;
        cut = bin;
      }
    }
    let i = start;
    let j = end - 1;
    while (i <= j) {
      if (binOf[cells[i]!]! <= cut) i++;
      else {
        const swap = cells[i]!;
        cells[i] = cells[j]!;
        cells[j--] = swap;
      }
    }
    return i;
  }
}

/** palettegen's reserved transparent entry (`reserve_transparent`: lime at alpha 0), as B, G, R, A. */
const TRANSPARENT_ENTRY = [0x00, 0xff, 0x00, 0x00];

/**
 * The palette as the core reads it (`-palette-in`, 16x16 RGB32: B, G, R, A per entry), laid out as
 * palettegen wrote it: up to `maxColors - 1` colours in ascending order, the rest padded with the last,
 * the last entry transparent.
 */
export function paletteFileFromHistogram(histogram: ColourHistogram, maxColors: number): Uint8Array {
  const rgb = new BoxCutter(histogram).cut(Math.max(1, maxColors - 1));
  const count = rgb.length / 3;
  const colours = Array.from(
    { length: count },
    (_, i) => (rgb[i * 3]! << 16) | (rgb[i * 3 + 1]! << 8) | rgb[i * 3 + 2]!,
  );
  colours.sort((p, q) => p - q);
  const out = new Uint8Array(256 * 4);
  for (let i = 0; i < 255; i++) {
    const colour = colours[Math.min(i, count - 1)] ?? 0;
    out.set([colour & 0xff, (colour >> 8) & 0xff, colour >> 16, 0xff], i * 4);
  }
  out.set(TRANSPARENT_ENTRY, 255 * 4);
  return out;
}
