/**
 * Is a picture a smooth gradient (sky, shadow, soft backdrop) that bands without dithering?
 *
 * At sampled pixels, along rows and columns, with neighbours a span away on each side (1 % of the
 * picture's smaller side, at least 2 px, so a gentle ramp across a large frame still shows a slope): the
 * slope (first difference) and the curvature (second difference) of the largest-changing channel. A
 * smooth gradient changes a little (slope 1–16 levels) and steadily (curvature ≤ 2): exactly the
 * ramps a reduced palette turns into visible bands. Flat UI has no slope, edges have steep slopes, and
 * grain or photo noise has a large curvature. Rows and columns are sampled, so a 4K frame costs a few ms.
 */
export interface GradientStats {
  /** Opaque points looked at. */
  samples: number;
  /** Points on a smooth ramp. */
  smooth: number;
}

const MAX_SLOPE = 16;
const MAX_CURVATURE = 2;
/** Share of smooth points above which dithering pays off; see the measurements in quality.ts. */
export const SMOOTH_GRADIENT_SHARE = 0.3;

export const EMPTY_STATS: GradientStats = { samples: 0, smooth: 0 };

export function gradientStats(rgba: Uint8Array, width: number, height: number, maxSamplesPerAxis = 200): GradientStats {
  const stepX = Math.max(1, Math.floor(width / maxSamplesPerAxis));
  const stepY = Math.max(1, Math.floor(height / maxSamplesPerAxis));
  const span = Math.max(2, Math.round(Math.min(width, height) / 100));
  let samples = 0;
  let smooth = 0;
  const opaque = (i: number) => rgba[i + 3]! >= 128;
  /** Looks at pixel i with neighbours `span` pixels (`stride` bytes each) before and after. */
  const look = (i: number, stride: number) => {
    const before = i - span * stride;
    const after = i + span * stride;
    if (!opaque(before) || !opaque(i) || !opaque(after)) return;
    let slope = 0;
    let curvature = 0;
    for (let c = 0; c < 3; c++) {
      slope = Math.max(slope, Math.abs(rgba[after + c]! - rgba[before + c]!));
      curvature = Math.max(curvature, Math.abs(rgba[after + c]! - 2 * rgba[i + c]! + rgba[before + c]!));
    }
    samples++;
    if (slope > 0 && slope <= MAX_SLOPE && curvature <= MAX_CURVATURE) smooth++;
  };
  for (let y = span; y < height - span; y += stepY) {
    for (let x = span; x < width - span; x += stepX) {
      const i = (y * width + x) * 4;
      look(i, 4);
      look(i, width * 4);
    }
  }
  return { samples, smooth };
}

export function mergeStats(a: GradientStats, b: GradientStats): GradientStats {
  return { samples: a.samples + b.samples, smooth: a.smooth + b.smooth };
}

export function isSmoothGradient(stats: GradientStats): boolean {
  return stats.samples > 0 && stats.smooth / stats.samples >= SMOOTH_GRADIENT_SHARE;
}

/**
 * How many distinct colours the frames show (every third pixel looked at). palettegen's time grows with
 * the distinct colours it has to sort, not with the pixels: measured with @ffmpeg/core 0.12.10 on a
 * 1920x1440 grainy photo, palettegen over every pixel took 1637 ms, over a quarter of them (every other
 * pixel of every other row) 410 ms, for the same result (SSIM 0.9258 vs 0.9256, size +1 %); on 10 ×
 * 1920x1080 frames 2052 ms vs 1086 ms. Pictures with few colours (flat UI, text) keep every pixel: there a
 * one-pixel line may be the only place a colour appears, and their palette is cheap anyway.
 */
export class ColourVariety {
  /** One bit per 24-bit colour. */
  readonly #seen = new Uint32Array(1 << 19);
  #distinct = 0;

  get distinct(): number {
    return this.#distinct;
  }

  add(rgba: Uint8Array): void {
    for (let i = 0; i < rgba.length; i += 12) {
      const colour = (rgba[i]! << 16) | (rgba[i + 1]! << 8) | rgba[i + 2]!;
      const bit = 1 << (colour & 31);
      const word = colour >>> 5;
      if (!(this.#seen[word]! & bit)) {
        this.#seen[word]! |= bit;
        this.#distinct++;
      }
    }
  }
}

/** Above this many distinct colours, the palette is computed from a quarter of the pixels. */
export const MANY_COLOURS = 4096;

/** A GIF colour table holds 256 entries; one of them is the transparent colour when there is one. */
export const GIF_PALETTE_SIZE = 256;

/**
 * Every colour the frames show, exactly, while they fit one GIF palette: pixels under half opacity are
 * one colour (the GIF's transparent entry, as paletteuse's alpha_threshold=128 maps them), the others
 * count by their RGB. Gives up (colours → null) at the first colour that does not fit, so photos cost a few
 * rows and flat graphics a pass over their pixels.
 */
export class PaletteFit {
  readonly #seen = new Uint32Array(1 << 19);
  readonly #colours: number[] = [];
  #transparent = false;
  #overflow = false;

  get transparent(): boolean {
    return this.#transparent;
  }

  /** The opaque colours as 0xRRGGBB in order of appearance, or null when they do not fit. */
  get colours(): readonly number[] | null {
    return this.#overflow ? null : this.#colours;
  }

  add(rgba: Uint8Array): void {
    for (let i = 0; i < rgba.length && !this.#overflow; i += 4) {
      if (rgba[i + 3]! < 128) {
        this.#transparent = true;
      } else {
        const colour = (rgba[i]! << 16) | (rgba[i + 1]! << 8) | rgba[i + 2]!;
        const bit = 1 << (colour & 31);
        const word = colour >>> 5;
        if (this.#seen[word]! & bit) continue;
        this.#seen[word]! |= bit;
        this.#colours.push(colour);
      }
      this.#overflow = this.#colours.length + (this.#transparent ? 1 : 0) > GIF_PALETTE_SIZE;
    }
  }
}

/** Side of the square picture paletteuse reads a palette from (16 × 16 = 256 entries). */
export const PALETTE_SIDE = 16;

/**
 * The exact palette as the 16x16 RGBA picture paletteuse takes: the colours, padded with the first one
 * (paletteuse skips repeated entries), and the transparent entry (alpha 0) last, where palettegen's
 * reserve_transparent puts it and where the encoder and the optimiser expect it.
 */
export function exactPaletteRgba(colours: readonly number[], transparent: boolean): Uint8Array {
  const opaque = colours.map((c) => [c >>> 16, (c >>> 8) & 255, c & 255, 255]);
  const slots = GIF_PALETTE_SIZE - (transparent ? 1 : 0);
  if (opaque.length > slots) throw new Error(`${opaque.length} colours do not fit a GIF palette`);
  const rgba = new Uint8Array(GIF_PALETTE_SIZE * 4);
  const pad = opaque[0] ?? [0, 0, 0, 255];
  for (let i = 0; i < slots; i++) rgba.set(opaque[i] ?? pad, i * 4);
  if (transparent) rgba.set([0, 0, 0, 0], slots * 4);
  return rgba;
}
