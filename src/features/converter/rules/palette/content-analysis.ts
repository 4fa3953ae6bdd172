import { pixelWords, rgbOfWord } from './pixel-words';

/**
 * Does a picture hold smooth areas (skies, soft backdrops, gradients, bokeh) that a palette turns into
 * contour bands unless it is dithered?
 *
 * Looked at in 8x8 blocks (about 4000 of them, evenly spread, opaque ones only): a block is *smooth* when
 * its luma varies, but by less than 3 levels (standard deviation in (0, 3)). Flat UI blocks do not vary at
 * all (exactly 0), edges, texture, grain and sensor noise vary more. On the quality bench's pictures the
 * share of smooth blocks is high on skies, water, skin and rendered gradients and low on foliage, grain,
 * paintings and screenshots. Missing a sky costs visible bands, while dithering a noisy picture only costs
 * bytes, so SMOOTH_SHARE sits low between the two (figures: tests/bench/README.md, "Dithering").
 */
export interface GradientStats {
  /** Opaque blocks looked at. */
  samples: number;
  /** Blocks with a small, non-zero luma variation. */
  smooth: number;
}

const BLOCK = 8;
const MAX_SMOOTH_SD = 3;
/** Share of smooth blocks from which a picture is dithered. */
export const SMOOTH_SHARE = 0.15;

export const EMPTY_STATS: GradientStats = { samples: 0, smooth: 0 };

export function gradientStats(rgba: Uint8Array, width: number, height: number, maxBlocks = 4000): GradientStats {
  const step = Math.max(BLOCK, Math.floor(Math.sqrt((width * height) / maxBlocks)));
  let samples = 0;
  let smooth = 0;
  for (let y = 0; y + BLOCK <= height; y += step) {
    blocks: for (let x = 0; x + BLOCK <= width; x += step) {
      let sum = 0;
      let squares = 0;
      for (let v = y; v < y + BLOCK; v++) {
        for (let u = x, i = (v * width + x) * 4; u < x + BLOCK; u++, i += 4) {
          if (rgba[i + 3]! < 128) continue blocks;
          const luma = 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
          sum += luma;
          squares += luma * luma;
        }
      }
      const n = BLOCK * BLOCK;
      const variance = squares / n - (sum / n) ** 2;
      samples++;
      // Float noise of a truly flat block stays far below 1e-6.
      if (variance > 1e-6 && variance < MAX_SMOOTH_SD ** 2) smooth++;
    }
  }
  return { samples, smooth };
}

export function mergeStats(a: GradientStats, b: GradientStats): GradientStats {
  return { samples: a.samples + b.samples, smooth: a.smooth + b.smooth };
}

export function isSmoothGradient(stats: GradientStats): boolean {
  return stats.samples > 0 && stats.smooth / stats.samples >= SMOOTH_SHARE;
}

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
  #colours: number[] = [];
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
    const words = pixelWords(rgba);
    if (words) this.#addWords(words);
    else this.#addBytes(rgba);
  }

  /** A pixel equal to the one before it adds nothing: a flat picture's runs cost a comparison a pixel. */
  #addWords(words: Int32Array): void {
    let last = ~(words[0] ?? 0);
    for (let i = 0; i < words.length && !this.#overflow; i++) {
      const word = words[i]!;
      if (word === last) continue;
      last = word;
      // A word of 0 or more is under half opacity (pixel-words.ts).
      this.#see(word >= 0 ? -1 : rgbOfWord(word));
    }
  }

  #addBytes(rgba: Uint8Array): void {
    for (let i = 0; i < rgba.length && !this.#overflow; i += 4)
      this.#see(rgba[i + 3]! < 128 ? -1 : (rgba[i]! << 16) | (rgba[i + 1]! << 8) | rgba[i + 2]!);
  }

  /** One pixel: its colour as 0xRRGGBB, or -1 under half opacity. */
  #see(colour: number): void {
    if (colour < 0) {
      this.#transparent = true;
    } else {
      const bit = 1 << (colour & 31);
      const at = colour >>> 5;
      if (this.#seen[at]! & bit) return;
      this.#seen[at]! |= bit;
      this.#colours.push(colour);
    }
    this.#overflow = this.#colours.length + (this.#transparent ? 1 : 0) > GIF_PALETTE_SIZE;
  }

  /** Forgets every colour: one instance serves frame after frame (a fresh one allocates 2 MiB). */
  clear(): void {
    this.#seen.fill(0);
    this.#colours = [];
    this.#transparent = false;
    this.#overflow = false;
  }
}

/**
 * The exact palette as the core's driver reads a palette (wasm-assets/core/driver/gif-core.c, -palette-in):
 * 16x16 entries of RGB32, 0xAARRGGBB in the wasm's little-endian memory, so B, G, R, A bytes. The colours,
 * padded with the first one (paletteuse skips repeated entries), and the transparent entry (alpha 0) last,
 * where palettegen's reserve_transparent puts it and where the encoder and the optimiser expect it.
 */
export function exactPaletteBytes(colours: readonly number[], transparent: boolean): Uint8Array {
  const opaque = colours.map((c) => [c & 255, (c >>> 8) & 255, c >>> 16, 255]);
  const slots = GIF_PALETTE_SIZE - (transparent ? 1 : 0);
  if (opaque.length > slots) throw new Error(`${opaque.length} colours do not fit a GIF palette`);
  const bytes = new Uint8Array(GIF_PALETTE_SIZE * 4);
  const pad = opaque[0] ?? [0, 0, 0, 255];
  for (let i = 0; i < slots; i++) bytes.set(opaque[i] ?? pad, i * 4);
  if (transparent) bytes.set([0, 0, 0, 0], slots * 4);
  return bytes;
}
