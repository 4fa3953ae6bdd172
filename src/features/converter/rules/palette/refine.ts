/**
 * The frames' colour histogram, and the palette's refinement after the cut (cut.ts): a few k-means
 * (Lloyd) iterations in OkLab over the picture's colours, what libimagequant does after its median cut. The
 * cut splits boxes along one axis at a time, so a box's mean is not the nearest palette colour for all of its
 * pixels; moving each colour to the mean of the pixels that actually map to it lowers the palette's error.
 *
 * The picture is seen as a histogram of colours at 6 bits per channel (photos hold 20–60 thousand such
 * cells, far fewer than their pixels), each cell weighted by its pixel count.
 */

/** sRGB (0–255) → linear light, once. */
const LINEAR = Float32Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

/** OkLab of an sRGB colour, into `out` at `at` (L, a, b). */
export function okLab(r: number, g: number, b: number, out: Float32Array, at: number): void {
  const lr = LINEAR[r]!;
  const lg = LINEAR[g]!;
  const lb = LINEAR[b]!;
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  out[at] = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  out[at + 1] = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  out[at + 2] = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
}

const toByte = (linear: number) => {
  const c = linear <= 0.0031308 ? 12.92 * linear : 1.055 * Math.max(0, linear) ** (1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, Math.round(c * 255)));
};

/** sRGB bytes of an OkLab colour. */
export function fromOkLab(L: number, a: number, b: number): [number, number, number] {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    toByte(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    toByte(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    toByte(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

/** The picture's colours: OkLab of each occupied 6-bit cell (its pixels' mean) and the cell's pixel count. */
export interface ColourHistogram {
  lab: Float32Array;
  weight: Float32Array;
  size: number;
}

/** The hit cells of a colour histogram: cell index, pixel count and the sums of R, G and B per cell. */
export interface HistogramSample {
  cells: Uint32Array;
  counts: Uint32Array;
  sums: Float64Array;
  /** The exact colours (0xRRGGBB) and their counts, while there are at most EXACT_COLOURS. */
  exact: { colours: Uint32Array; counts: Uint32Array } | null;
}

/**
 * Up to this many distinct colours the histogram keeps them exactly, not as 6-bit cells: a picture of few
 * colours (a screenshot scaled down) has fewer cells than the palette has entries, and a cell's shades
 * (a text edge's greys) would share one colour.
 */
export const EXACT_COLOURS = 8192;

/** Pixels looked at for the palette refinement's histogram, at most (about), across all frames. */
export const HISTOGRAM_PIXELS = 1 << 18;

/**
 * How a frame is sampled for the histogram: every `step`-th pixel of the frame as it is shown (its
 * placement's size). A frame shown smaller than it was decoded is sampled as the core will show it, each
 * sample the mean of the decoded pixels under it and one pixel around them: the core's lanczos gives a
 * downscaled screenshot's edges colours its own pixels do not have (sampled from its own pixels alone, a
 * screenshot's text edges were posterised). Figures: tests/bench/README.md, "Palette".
 */
export interface HistogramSampling {
  step: number;
  shown: { width: number; height: number };
}

/** Every how many pixels a job of this many pixels (all frames, as shown) is sampled: every pixel of a small picture. */
export function histogramStep(pixels: number): number {
  return Math.max(1, Math.floor(pixels / HISTOGRAM_PIXELS));
}

/** Counts the opaque pixels (alpha ≥ 128) of RGBA frames, every `step`-th pixel. */
export class HistogramBuilder {
  readonly #count = new Uint32Array(1 << 18);
  readonly #sum = new Float64Array(3 << 18);
  /** The cells with a count, in the order they were first hit. */
  readonly #hit: number[] = [];
  #exact: Map<number, number> | null = new Map();

  #countExact(colour: number, count: number): void {
    const exact = this.#exact;
    if (!exact) return;
    exact.set(colour, (exact.get(colour) ?? 0) + count);
    if (exact.size > EXACT_COLOURS) this.#exact = null;
  }

  /** Counts one opaque colour. */
  #addColour(r: number, g: number, b: number): void {
    const cell = ((r >> 2) << 12) | ((g >> 2) << 6) | (b >> 2);
    if (this.#count[cell]!++ === 0) this.#hit.push(cell);
    if (this.#exact) this.#countExact((r << 16) | (g << 8) | b, 1);
    this.#sum[cell * 3]! += r;
    this.#sum[cell * 3 + 1]! += g;
    this.#sum[cell * 3 + 2]! += b;
  }

  add(rgba: Uint8Array, step = 1): void {
    for (let i = 0; i < rgba.length; i += 4 * step) {
      if (rgba[i + 3]! >= 128) this.#addColour(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!);
    }
  }

  /**
   * Adds a frame of `size` as `sampling` says: its pixels, or when it is shown smaller, the means of the
   * blocks of pixels under each sampled pixel of the shown picture.
   */
  addShown(rgba: Uint8Array, size: { width: number; height: number }, sampling: HistogramSampling): void {
    const { step, shown } = sampling;
    if (shown.width >= size.width && shown.height >= size.height) {
      this.add(rgba, step);
      return;
    }
    const sx = size.width / shown.width;
    const sy = size.height / shown.height;
    const pixels = shown.width * shown.height;
    for (let k = 0, start = 0; start < pixels; k++, start += step) {
      // A pixel somewhere in each run of `step`, not the same columns on every row: a screenshot's edges
      // line up with a fixed stride.
      const o = Math.min(pixels - 1, start + ((k * 7919) % step));
      const ox = o % shown.width;
      const oy = (o - ox) / shown.width;
      // The block under the shown pixel and a pixel around it: lanczos blends across the block's edges too.
      const x0 = Math.max(0, Math.floor(ox * sx) - 1);
      const x1 = Math.min(size.width, Math.floor((ox + 1) * sx) + 1);
      const y0 = Math.max(0, Math.floor(oy * sy) - 1);
      const y1 = Math.min(size.height, Math.floor((oy + 1) * sy) + 1);
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let y = y0; y < y1; y++) {
        for (let i = (y * size.width + x0) * 4, end = (y * size.width + x1) * 4; i < end; i += 4) {
          r += rgba[i]!;
          g += rgba[i + 1]!;
          b += rgba[i + 2]!;
          a += rgba[i + 3]!;
        }
      }
      const n = (x1 - x0) * (y1 - y0);
      if (Math.round(a / n) >= 128) this.#addColour(Math.round(r / n), Math.round(g / n), Math.round(b / n));
    }
  }

  /** Empties the histogram, to sample the next frame with the same tables (only the hit cells are reset). */
  clear(): void {
    for (const cell of this.#hit) {
      this.#count[cell] = 0;
      this.#sum.fill(0, cell * 3, cell * 3 + 3);
    }
    this.#hit.length = 0;
    this.#exact = new Map();
  }

  /** The cells that were hit, small enough to post from a decode worker (see frame-facts.ts). */
  sample(): HistogramSample {
    const size = this.#hit.length;
    const cells = Uint32Array.from(this.#hit);
    const counts = new Uint32Array(size);
    const sums = new Float64Array(size * 3);
    for (let n = 0; n < size; n++) {
      const cell = cells[n]!;
      counts[n] = this.#count[cell]!;
      sums.set(this.#sum.subarray(cell * 3, cell * 3 + 3), n * 3);
    }
    const exact = this.#exact && {
      colours: Uint32Array.from(this.#exact.keys()),
      counts: Uint32Array.from(this.#exact.values()),
    };
    return { cells, counts, sums, exact };
  }

  /** Adds another histogram's sample: the same as if its pixels had been added here. */
  merge(sample: HistogramSample): void {
    const { cells, counts, sums } = sample;
    for (let n = 0; n < cells.length; n++) {
      const cell = cells[n]!;
      if (this.#count[cell] === 0) this.#hit.push(cell);
      this.#count[cell]! += counts[n]!;
      this.#sum[cell * 3]! += sums[n * 3]!;
      this.#sum[cell * 3 + 1]! += sums[n * 3 + 1]!;
      this.#sum[cell * 3 + 2]! += sums[n * 3 + 2]!;
    }
    if (!sample.exact) this.#exact = null;
    else sample.exact.colours.forEach((colour, n) => this.#countExact(colour, sample.exact!.counts[n]!));
  }

  build(): ColourHistogram {
    if (this.#exact) {
      const size = this.#exact.size;
      const lab = new Float32Array(size * 3);
      const weight = new Float32Array(size);
      let n = 0;
      for (const [colour, count] of this.#exact) {
        okLab(colour >> 16, (colour >> 8) & 0xff, colour & 0xff, lab, n * 3);
        weight[n++] = count;
      }
      return { lab, weight, size };
    }
    let size = 0;
    for (let cell = 0; cell < this.#count.length; cell++) if (this.#count[cell]) size++;
    const lab = new Float32Array(size * 3);
    const weight = new Float32Array(size);
    for (let cell = 0, n = 0; cell < this.#count.length; cell++) {
      const count = this.#count[cell]!;
      if (!count) continue;
      const s = cell * 3;
      okLab(
        Math.round(this.#sum[s]! / count),
        Math.round(this.#sum[s + 1]! / count),
        Math.round(this.#sum[s + 2]! / count),
        lab,
        n * 3,
      );
      weight[n++] = count;
    }
    return { lab, weight, size };
  }
}

/**
 * Moves each colour of `palette` (RGB triples; `fixed` entries stay, e.g. the transparent one) to the
 * weighted OkLab mean of the histogram cells nearest to it, `iterations` times. A colour no cell maps to
 * keeps its place. Returns new RGB triples.
 */
export function refinePalette(
  palette: Uint8Array,
  histogram: ColourHistogram,
  iterations: number,
  fixed: (index: number) => boolean = () => false,
): Uint8Array {
  const entries = palette.length / 3;
  const movable: number[] = [];
  for (let i = 0; i < entries; i++) if (!fixed(i)) movable.push(i);
  const k = movable.length;
  const centre = new Float32Array(k * 3);
  movable.forEach((index, j) =>
    okLab(palette[index * 3]!, palette[index * 3 + 1]!, palette[index * 3 + 2]!, centre, j * 3),
  );
  const sums = new Float64Array(k * 4);
  const order = new Int32Array(k);
  const { lab, weight, size } = histogram;
  for (let iteration = 0; iteration < iterations; iteration++) {
    // Centres sorted by L: the nearest search walks outwards from the cell's L and stops once L alone is
    // farther than the best so far.
    for (let j = 0; j < k; j++) order[j] = j;
    order.sort((x, y) => centre[x * 3]! - centre[y * 3]!);
    const sortedL = Float32Array.from(order, (j) => centre[j * 3]!);
    sums.fill(0);
    for (let c = 0; c < size; c++) {
      const L = lab[c * 3]!;
      const A = lab[c * 3 + 1]!;
      const B = lab[c * 3 + 2]!;
      let lo = 0;
      let hi = k;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sortedL[mid]! < L) lo = mid + 1;
        else hi = mid;
      }
      let best = -1;
      let bestDistance = Infinity;
      for (let up = lo, down = lo - 1; up < k || down >= 0;) {
        const dUp = up < k ? sortedL[up]! - L : Infinity;
        const dDown = down >= 0 ? L - sortedL[down]! : Infinity;
        const step = dUp < dDown ? dUp : dDown;
        if (step * step >= bestDistance) break;
        const j = dUp < dDown ? order[up++]! : order[down--]!;
        const dl = centre[j * 3]! - L;
        const da = centre[j * 3 + 1]! - A;
        const db = centre[j * 3 + 2]! - B;
        const distance = dl * dl + da * da + db * db;
        if (distance < bestDistance) {
          bestDistance = distance;
          best = j;
        }
      }
      const w = weight[c]!;
      sums[best * 4]! += L * w;
      sums[best * 4 + 1]! += A * w;
      sums[best * 4 + 2]! += B * w;
      sums[best * 4 + 3]! += w;
    }
    for (let j = 0; j < k; j++) {
      const w = sums[j * 4 + 3]!;
      if (w === 0) continue;
      centre[j * 3] = sums[j * 4]! / w;
      centre[j * 3 + 1] = sums[j * 4 + 1]! / w;
      centre[j * 3 + 2] = sums[j * 4 + 2]! / w;
    }
  }
  const out = palette.slice();
  movable.forEach((index, j) => out.set(fromOkLab(centre[j * 3]!, centre[j * 3 + 1]!, centre[j * 3 + 2]!), index * 3));
  return out;
}

/**
 * A palette file as the core reads it (-palette-in, 16x16 RGB32: B, G, R, A bytes per entry), refined. The
 * transparent entry (alpha 0) stays where it is. A palette of fewer than 256 colours is padded with its last
 * one: the padding follows that colour, else each repeat, refined on its own, drifts to a colour of its own.
 */
export function refinePaletteFile(bytes: Uint8Array, histogram: ColourHistogram, iterations: number): Uint8Array {
  const entries = bytes.length / 4;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const firstOf = new Map<number, number>();
  const original = Int32Array.from({ length: entries }, (_, i) => {
    const entry = view.getUint32(i * 4);
    if (!firstOf.has(entry)) firstOf.set(entry, i);
    return firstOf.get(entry)!;
  });
  const rgb = new Uint8Array(entries * 3);
  for (let i = 0; i < entries; i++) rgb.set([bytes[i * 4 + 2]!, bytes[i * 4 + 1]!, bytes[i * 4]!], i * 3);
  const transparent = (i: number) => bytes[i * 4 + 3] === 0;
  const refined = refinePalette(rgb, histogram, iterations, (i) => transparent(i) || original[i] !== i);
  const out = bytes.slice();
  for (let i = 0; i < entries; i++) {
    const from = original[i]!;
    if (!transparent(i)) out.set([refined[from * 3 + 2]!, refined[from * 3 + 1]!, refined[from * 3]!], i * 4);
  }
  return out;
}
