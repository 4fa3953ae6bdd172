import type { DitherChoice } from './settings';

/** How ffmpeg builds and applies the palette (palettegen max_colors, paletteuse dither). */
export type DitherMethod = 'none' | 'bayer' | 'sierra2_4a';

export interface PaletteOptions {
  maxColors: number;
  dither: DitherMethod;
  /** Only for bayer: 0–5, larger = finer pattern but more visible bands. */
  bayerScale?: number;
  /** Lossy LZW after the encoder (gif-optimise.ts), gifsicle's `--lossy` scale; absent or 0 = lossless. */
  lossiness?: number;
}

/**
 * Quality (10–100 %) → palette colour count (palettegen max_colors), the knob that moves size and
 * fidelity monotonically. Measured with @ffmpeg/core 0.12.10 on generated 400x300 content
 * (`npx tsx tests/engine/measure/quality-ladder.ts`), bytes / SSIM, dither none unless noted:
 *
 *   quality        100          80           50           30           10
 *   photo+grain    59.4K/.962   45.4K/.939   25.9K/.872   18.4K/.830   10.2K/.726
 *   film grain     160K/.980    143K/.968    100K/.950    78.4K/.909   43.1K/.837
 *   flat UI        3.7K/1.00    3.7K/1.00    3.7K/1.00    3.7K/1.00    3.2K/.987
 *   gradient       18.8K/.985   13.5K/.974   8.2K/.965    5.9K/.958    3.4K/.962  (bands, see below)
 *   gradient bayer 48.0K/.900   35.9K/.881   20.7K/.855   13.3K/.843   6.4K/.877  (no visible bands)
 *
 * Every content kind gets smaller at every step down and (photo, grain) loses similarity steadily;
 * 80 % (128 colours) keeps SSIM ≥ 0.94 on photos at ~75 % of the 256-colour size: the web trade-off the
 * FAQ recommends. Dithering: ordered dither on photos and grain costs 10–20 % size for a *lower* score
 * (SSIM .618 vs .962 on photos at 100 %), diffusion (sierra2_4a) costs 10–100 % more and scores lower
 * too, and on flat UI ordered dither draws a crosshatch on greys — so no dithering is the base. Smooth
 * gradients are the exception: without dithering they break into flat polygons at every quality (seen
 * by eye; scores do not see it), ordered dither with bayer_scale=1 hides the bands (scale 2 and 3 still
 * band visibly at 80 % and below), at about 2.5× the size, and is faster than diffusion, which looks as
 * good at 100 % but stays large at low qualities (28K at 30 %). content-analysis.ts decides what is a
 * smooth gradient.
 */
const COLOURS_BY_QUALITY: Record<number, number> = {
  10: 8,
  20: 16,
  30: 24,
  40: 32,
  50: 48,
  60: 64,
  70: 96,
  80: 128,
  90: 192,
  100: 256,
};

/** 1 hides gradient banding; larger scales make a finer pattern but band again (measured above). */
export const ORDERED_BAYER_SCALE = 1;

export function coloursForQuality(quality: number): number {
  const step = Math.min(100, Math.max(10, Math.round(quality / 10) * 10));
  return COLOURS_BY_QUALITY[step]!;
}

/** The dithering actually used: the override, or for 'auto' ordered dithering on smooth gradients only. */
export function ditherMethod(choice: DitherChoice, smoothGradient: boolean): DitherMethod {
  switch (choice) {
    case 'none':
      return 'none';
    case 'ordered':
      return 'bayer';
    case 'diffusion':
      return 'sierra2_4a';
    case 'auto':
      return smoothGradient ? 'bayer' : 'none';
  }
}

export function paletteOptions(quality: number, choice: DitherChoice, smoothGradient: boolean): PaletteOptions {
  const dither = ditherMethod(choice, smoothGradient);
  return {
    maxColors: coloursForQuality(quality),
    dither,
    ...(dither === 'bayer' ? { bayerScale: ORDERED_BAYER_SCALE } : {}),
  };
}

/** From this quality up, a picture that fits one GIF palette keeps every colour. */
export const LOSSLESS_FROM_QUALITY = 50;

/**
 * A picture of few colours (flat graphics, UI, pixel art, greyscale textures) is kept exactly: its own
 * colours as the palette, no dithering, byte-identical pixels. A reduced palette would save little there
 * (long runs already compress) and dithering draws a crosshatch on flat areas (issue 12: a 123-colour
 * stripe wallpaper went to SSIM 0.53 and +11 % bytes with ordered dither). Below LOSSLESS_FROM_QUALITY the
 * user asked for a smaller file, so only pictures within that quality's colour count stay exact.
 */
export function keepsEveryColour(quality: number, colours: number): boolean {
  return quality >= LOSSLESS_FROM_QUALITY || colours <= coloursForQuality(quality);
}
