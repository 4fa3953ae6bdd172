import type { DitherChoice } from '../settings';

/** How the palette is made and applied: its size (cut.ts) and paletteuse's dither. */
export type DitherMethod = 'none' | 'bayer' | 'atkinson' | 'sierra2_4a';

export interface PaletteOptions {
  maxColors: number;
  dither: DitherMethod;
  /** Only for bayer: 0–5, larger = a fainter pattern that bands sooner. */
  bayerScale?: number;
  /** Lossy LZW after the encoder (gif/optimiser.ts), gifsicle's `--lossy` scale; absent or 0 = lossless. */
  lossiness?: number;
}

/**
 * Quality (10–100 %) → (palette size, lossiness), each step smaller than the one above. Halving the palette
 * costs more than lossy LZW does (skies band), so the top of the scale keeps 256 colours and trades
 * lossiness first; the palette shrinks only from 60 % down. The lossy budget is spread by content
 * (lossy-budget.ts), so the same lossiness costs skies little. Figures: tests/bench/README.md, "Quality ladder".
 */
const LADDER: Record<number, { colours: number; lossiness: number }> = {
  10: { colours: 16, lossiness: 150 },
  20: { colours: 32, lossiness: 140 },
  30: { colours: 64, lossiness: 130 },
  40: { colours: 96, lossiness: 120 },
  50: { colours: 128, lossiness: 110 },
  60: { colours: 192, lossiness: 95 },
  70: { colours: 256, lossiness: 80 },
  80: { colours: 256, lossiness: 65 },
  90: { colours: 256, lossiness: 30 },
  100: { colours: 256, lossiness: 0 },
};

/**
 * k-means iterations after the cut (refine.ts): the cut's box means are not the nearest palette colour
 * of all their pixels, and a few iterations move them there at the same size (tests/bench/README.md, "Palette").
 */
export const PALETTE_REFINE_ITERATIONS = 3;

/** A fine ordered pattern: scale 3 scored best on the video clip and the skies; 1 draws a coarse grid. */
export const ORDERED_BAYER_SCALE = 3;

/**
 * Pictures with nothing to band and no dithering (foliage, grain, texture, screenshots) trade colours before
 * lossiness from 80 % down: lossy LZW carries its error along the row and smears fine texture sideways, while
 * texture hides the steps of a smaller palette. Below 128 colours their quiet areas start to step, and
 * pictures with smooth areas keep LADDER (fewer colours band). Figures: tests/bench/README.md, "Quality ladder".
 */
const NOTHING_TO_BAND: Record<number, { colours: number; lossiness: number }> = {
  60: { colours: 128, lossiness: 70 },
  70: { colours: 128, lossiness: 50 },
  80: { colours: 128, lossiness: 40 },
};

const step = (quality: number) => Math.min(100, Math.max(10, Math.round(quality / 10) * 10));

export function coloursForQuality(quality: number): number {
  return LADDER[step(quality)]!.colours;
}

export function lossinessForQuality(quality: number): number {
  return LADDER[step(quality)]!.lossiness;
}

/** What the frames' pixels say about dithering (content-analysis.ts). */
export interface DitherFacts {
  /** Enough smooth areas (skies, gradients) to band without dithering. */
  smooth: boolean;
  /** Several frames. */
  animated: boolean;
}

/**
 * The dithering actually used: the override, or for 'auto':
 * - nothing to band (noise, texture, UI with anti-aliased text) → none: dithering there costs bytes and draws a
 *   crosshatch or speckles on flat UI;
 * - a still with smooth areas → Atkinson diffusion: it passes on 6/8 of the error, so error cannot pile up in
 *   small saturated areas the palette barely covers. The core diffuses exactly
 *   (wasm-assets/core/patches/paletteuse-exact-diffusion.patch), and exact Atkinson beat exact sierra2 on every
 *   picture measured, gradients included;
 * - an animation with smooth areas → ordered dither: a fixed pattern does not crawl from frame to frame and
 *   survives frame differencing, where diffusion noise changes every frame.
 * Figures: tests/bench/README.md, "Dithering".
 */
export function ditherMethod(choice: DitherChoice, facts: DitherFacts): DitherMethod {
  switch (choice) {
    case 'none':
      return 'none';
    case 'ordered':
      return 'bayer';
    case 'diffusion':
      return 'sierra2_4a';
    case 'auto':
      if (!facts.smooth) return 'none';
      return facts.animated ? 'bayer' : 'atkinson';
  }
}

/**
 * Animations are optimised with an even budget (gif/optimiser.ts), so a dithered one keeps a third of it: lossy
 * LZW would turn its pattern back into bands (an engine test holds a dithered ramp's tone). Dithered stills
 * keep the whole lossiness, as their budget is spread by content (lossy-budget.ts) and a dithered sky gets
 * little of it.
 */
const DITHERED_ANIMATION_SHARE = 1 / 3;

export function paletteOptions(quality: number, choice: DitherChoice, facts: DitherFacts): PaletteOptions {
  const dither = ditherMethod(choice, facts);
  const rung = (dither === 'none' && !facts.smooth && NOTHING_TO_BAND[step(quality)]) || LADDER[step(quality)]!;
  const lossiness =
    facts.animated && dither !== 'none' ? Math.round(rung.lossiness * DITHERED_ANIMATION_SHARE) : rung.lossiness;
  return {
    maxColors: rung.colours,
    dither,
    ...(dither === 'bayer' ? { bayerScale: ORDERED_BAYER_SCALE } : {}),
    ...(lossiness > 0 ? { lossiness } : {}),
  };
}

/** From this quality up, a picture that fits one GIF palette keeps every colour. */
export const LOSSLESS_FROM_QUALITY = 50;

/**
 * A picture of few colours (flat graphics, UI, pixel art, greyscale textures) is kept exactly: its own
 * colours as the palette, no dithering, byte-identical pixels. A reduced palette would save little there
 * (long runs already compress) and dithering draws a crosshatch on flat areas, for more bytes. Below
 * LOSSLESS_FROM_QUALITY the user asked for a smaller file, so only pictures within that quality's colour
 * count stay exact.
 */
export function keepsEveryColour(quality: number, colours: number): boolean {
  return quality >= LOSSLESS_FROM_QUALITY || colours <= coloursForQuality(quality);
}
