import type { DitherChoice } from './settings';

/** How ffmpeg builds and applies the palette (palettegen max_colors, paletteuse dither). */
export type DitherMethod = 'none' | 'bayer' | 'atkinson' | 'sierra2' | 'sierra2_4a';

export interface PaletteOptions {
  maxColors: number;
  dither: DitherMethod;
  /** Only for bayer: 0–5, larger = a fainter pattern that bands sooner. */
  bayerScale?: number;
  /** Lossy LZW after the encoder (gif-optimise.ts), gifsicle's `--lossy` scale; absent or 0 = lossless. */
  lossiness?: number;
}

/**
 * Quality (10–100 %) → (palette size, lossiness): each step smaller than the one above. Measured with the
 * quality bench (`npm run bench:quality`, native ffmpeg 5.1 ≈ today's core, our lossy LZW pass), bytes /
 * SSIM-Y / butteraugli on two real skies at 1280x800, sierra2 diffusion:
 *
 *                       storm                    aqua
 *   256, lossless       474K / .987 / 3.70       381K / .977 / 6.56
 *   256, lossiness 30   133K / .944 / 3.94       191K / .937 / 6.70
 *   256, lossiness 60   105K / .931 / 4.41
 *   128, lossless       348K / .978 / 5.12       326K / .957 / 12.41
 *   128, lossiness 30   117K / .936 / 5.75       174K / .917 / 12.45
 *   native classic      556K / .975 / 3.93       502K / .940 / 6.18   (256, sierra2_4a)
 *
 * Halving the palette costs far more on butteraugli (skies band: 3.7 → 5.1, 6.6 → 12.4) than lossy LZW at
 * 30 (3.7 → 3.9) for a smaller saving, so the top of the scale keeps 256 colours and trades lossiness
 * first; palette size goes down only from 60 % on. The lossy error rides on the dither pattern and on
 * noise, where the eye does not see it (contact sheets in the bench), so 80 % (the FAQ's advice) keeps 256
 * colours at lossiness 30: a quarter to two fifths of native's bytes on these skies.
 */
const LADDER: Record<number, { colours: number; lossiness: number }> = {
  10: { colours: 16, lossiness: 120 },
  20: { colours: 32, lossiness: 100 },
  30: { colours: 64, lossiness: 90 },
  40: { colours: 96, lossiness: 80 },
  50: { colours: 128, lossiness: 70 },
  60: { colours: 192, lossiness: 60 },
  70: { colours: 256, lossiness: 45 },
  80: { colours: 256, lossiness: 30 },
  90: { colours: 256, lossiness: 15 },
  100: { colours: 256, lossiness: 0 },
};

/**
 * k-means iterations on palettegen's palette (palette-refine.ts), measured at quality 80 with the Node
 * engine on the FFmpeg 7.1.5 core (tests/engine/measure/palette-refine.ts), bytes / SSIM-Y / butteraugli,
 * palettegen's palette → refined twice → five times:
 *   kite        225K/.9526/6.99 → 225K/.9549/4.50 → 225K/.9545/4.48
 *   aqua        220K/.9643/6.16 → 220K/.9653/5.14 → 220K/.9653/4.89
 *   ladybird    389K/.9301/9.11 → 387K/.9380/8.18 → 384K/.9403/7.92
 *   evening glow 540K/.9667/6.50 → 538K/.9684/6.15 → 538K/.9694/6.55
 *   dune        449K/.9659/6.41 → 448K/.9658/6.56 → 448K/.9668/6.25
 *   storm       169K/.9647/4.08 → (3×) 177K/.9651/3.68
 *   fluent      147K/.9701/6.79 → 144K/.9716/6.98 → 142K/.9716/6.91
 *   kylin        99K/.9900/5.65 →  93K/.9886/5.37 →  93K/.9883/5.34
 *   forest path 486K/.9258/2.90 → 486K/.9262/2.88 → 485K/.9261/2.72
 *   film grain  726K/.9696/2.09 → 765K/.9736/1.99 → 775K/.9754/1.73
 * Same size or smaller (grain aside) and better on nearly every picture: median cut's box means are not
 * the nearest palette colour of all their pixels; a few iterations move them there.
 */
export const PALETTE_REFINE_ITERATIONS = 3;

/**
 * A fine pattern: 3 scored best on the video clip and the skies (storm SSIM .913 vs .767 at scale 2); 1 (the
 * old choice) draws a coarse grid and scored lowest on every input swept in issue 12.
 */
export const ORDERED_BAYER_SCALE = 3;

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
  /** Almost nothing but smooth ramps (rendered gradients): no detail for diffused error to pile up in. */
  clean?: boolean;
  /** Several frames. */
  animated: boolean;
}

/**
 * The dithering actually used: the override, or for 'auto' (measured on the bench's pictures):
 * - nothing to band (noise, texture, UI with anti-aliased text: smooth share under 0.15) → none: dithering
 *   there costs 10–20 % bytes and draws a crosshatch or speckles on flat UI;
 * - a photo with smooth areas → Atkinson diffusion, error diffusion at reduced strength: it passes on 6/8
 *   of the error, so error cannot pile up in small saturated areas the palette barely covers. Full
 *   diffusion did that on the FFmpeg 7.1 core: Kite's purple kite panel washed out to grey (butteraugli
 *   15.06 with sierra2, 16.37 Floyd–Steinberg, 14.17 sierra3, 7.01 Atkinson). Atkinson at 80 %, Node engine
 *   on the 7.1 core, bytes / SSIM-Y / butteraugli against sierra2: kite 240K/.953/7.01 vs 247K/.952/15.06,
 *   storm 190K/.964/3.91 vs 196K/.964/4.10, aqua 247K/.965/6.10 vs 267K/.962/6.87, evening glow
 *   564K/.967/6.52 vs 603K/.959/7.75: smaller and better on every photo;
 * - a clean rendered gradient (smooth share ≥ 0.95) → full-strength sierra2, whose error spreads over 10
 *   neighbours in two rows: Atkinson's dropped quarter bands a perfect ramp (generated ramp: sierra2
 *   114K/.981/4.99, Atkinson 61K/.988/6.51). On the 5.1 core sierra2 was also the finest of the full
 *   kernels (storm at 128 colours 348K/.978/5.12 vs 431K/.951/4.78 sierra2_4a);
 * - an animation with smooth areas → ordered dither at scale 3: a fixed pattern does not crawl from frame to
 *   frame and survives frame differencing, where diffusion noise changes every frame (vtest clip, 256
 *   colours, lossiness 30: bayer 3 613K / butteraugli 4.87, sierra2 688K / 4.96, sierra2_4a 979K / 5.04);
 *   ordered dither was larger and worse on every still (storm: scale 2 555K/.767/4.31, scale 3
 *   476K/.913/5.01).
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
      if (facts.animated) return 'bayer';
      return facts.clean ? 'sierra2' : 'atkinson';
  }
}

/**
 * Lossy LZW replaces a dither pattern with runs of one colour along the row: on a smooth ramp that brings
 * the bands back (engine test: 8x8 block tone error 0.35 dithered at 100 %, 0.65 dithered at 80 % with
 * lossiness 30, 0.40 undithered). Dithered pictures get a third of the budget; undithered ones (noise,
 * texture, UI) hide the lossy error in their own detail and get all of it.
 */
const DITHERED_LOSSINESS_SHARE = 1 / 3;

export function paletteOptions(quality: number, choice: DitherChoice, facts: DitherFacts): PaletteOptions {
  const dither = ditherMethod(choice, facts);
  const full = lossinessForQuality(quality);
  const lossiness = dither === 'none' ? full : Math.round(full * DITHERED_LOSSINESS_SHARE);
  return {
    maxColors: coloursForQuality(quality),
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
 * (long runs already compress) and dithering draws a crosshatch on flat areas (issue 12: a 123-colour
 * stripe wallpaper went to SSIM 0.53 and +11 % bytes with ordered dither). Below LOSSLESS_FROM_QUALITY the
 * user asked for a smaller file, so only pictures within that quality's colour count stay exact.
 */
export function keepsEveryColour(quality: number, colours: number): boolean {
  return quality >= LOSSLESS_FROM_QUALITY || colours <= coloursForQuality(quality);
}
