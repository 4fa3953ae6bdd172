import type { DitherChoice } from '../settings';

/** How ffmpeg builds and applies the palette (palettegen max_colors, paletteuse dither). */
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
 * Quality (10–100 %) → (palette size, lossiness): each step smaller than the one above. The lossy LZW
 * budget is spread by lossy-budget.ts: smooth areas get a quarter of it, texture up to twice, so the same
 * lossiness costs skies little. Node engine on the FFmpeg 7.1.5 core, refined palettes, 256 colours,
 * bytes / SSIM-Y / butteraugli (tests/engine/measure/quality-eval.ts; native = ffmpeg 5.1's classic recipe):
 *
 *                  lossiness 10          30                   60                   native
 *   evening glow   527K/.973/6.76        –                    378K/.937/6.69       684K/.921/8.79
 *   astronaut      137K/.984/3.08        114K/.971/3.18       97K/.951/3.31        160K/.966/3.54
 *   storm          321K/.982/3.68        –                    141K/.959/3.72       543K/.978/3.93
 *   dune           486K/.977/6.36        –                    356K/.948/6.24       615K/.911/8.24
 *   kite           –                     243K/.960/4.68       190K/.943/5.11       558K/.984/7.13
 *   elephants      –                     1376K/.941/3.25      1148K/.902/3.52      2017K/.952/7.81
 *   app screenshot –                     32K/.9999/0.73       31K/.9997/1.03       42K/1.000/0.63
 *
 * With the budget spread evenly (before lossy-budget.ts) lossiness 40 gave evening glow 408K/.933/6.77
 * and astronaut 94K/.934/3.55: the spread buys 0.015–0.02 SSIM at the same size. Halving the palette
 * costs more on butteraugli than lossiness does (skies band), so the top of the scale keeps 256 colours
 * and trades lossiness first; palette size goes down only from 60 % on. 80 % (the FAQ's advice) is
 * lossiness 65: under 0.6 × native's bytes on every photo above at a butteraugli distance below native's.
 *
 * These tables (and NOTHING_TO_BAND's) were measured when a lossiness meant squared RGB distance. The
 * encoder now counts a change of colour half a change of lightness (gif-lzw.c perceived_error), so each
 * lossy rung is 5–20 % smaller at a little lower SSIM-Y, and better at equal size: quality 80, bytes /
 * SSIM-Y / butteraugli, RGB → perceived: storm 124K/.945/3.29 → 110K/.943/3.40, dune 356K/.930/6.51 →
 * 326K/.928/6.19, kite 168K/.926/3.10 → 156K/.923/3.31, the generated ramp 109K/.952/5.22 → 84K/.950/4.98,
 * the vtest clip 611K/.910/3.47 → 581K/.908/3.54, the tree clip 56K/.955/3.69 → 54K/.952/3.84.
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
 * k-means iterations on palettegen's palette (refine.ts), measured at quality 80 with the Node
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

/**
 * Pictures with nothing to band and no dithering (foliage, grain, texture, screenshots: the smooth share of
 * content-analysis.ts under its threshold) trade colours before lossiness from 80 % down: lossy LZW
 * carries its error along the row, which smears fine texture sideways (SSIM's structure term sees it,
 * and so do 1:1 crops of foliage), while texture hides the steps of a smaller palette. Node engine
 * (tests/engine/measure/quality-eval.ts), bytes / SSIM-Y / butteraugli, LADDER's rung → this one:
 *
 *                  80 %: 256/65 → 128/40            70 %: 256/80 → 128/50            60 %: 192/95 → 128/70
 *   forest path   397K/.885/3.06 → 386K/.919/2.62   374K/.863/3.35 → 361K/.901/2.83   330K/.840/3.80 → 326K/.870/3.28
 *   film grain    573K/.912/2.90 → 561K/.925/2.73   540K/.888/2.97 → 528K/.910/2.93   480K/.850/3.54 → 477K/.877/3.29
 *   elephants     1125K/.897/3.82 → 1121K/.922/4.07 1061K/.878/3.97 → 1052K/.908/4.14 957K/.856/4.01 → 950K/.881/4.32
 *   screenshot    32K/.9994/1.35 → 30K/.9998/0.81   31K/.9995/1.26 → 30K/.9997/1.03   29K/.9994/1.47 → 29K/.9995/1.24
 *   tree clip     58K/.940/3.95 → 56K/.955/3.69     56K/.928/4.53 → 54K/.945/3.71     52K/.911/4.51 → 50K/.927/4.36
 *
 * (elephants: the 5640x3172 painting shown at 1920x1080; the tree clip: 10 frames, an animation.) Every
 * rung stays smaller than the one above (90 % keeps 256/30, 50 % is LADDER's 128/110). The elephants'
 * butteraugli, which scores the worst spot, rises a little with the smaller palette while its SSIM-Y rises
 * more; at 1:1 its canvas weave keeps its vertical threads where lossiness 65 smeared them sideways.
 * Below 128 colours the steps start to show where such a picture still has quiet areas: the tree clip's
 * sky at 64/20 went to butteraugli 7.08, the elephants painting's pale washes to 5.94. The screenshot's text
 * looks the same at 1:1. Pictures with smooth areas keep LADDER: with fewer colours they band or, dithered,
 * lose more than lossiness costs them (storm at 128/30: 171K/.953/4.28 against 256/65's 124K/.945/3.29).
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
 * The dithering actually used: the override, or for 'auto' (measured on the bench's pictures):
 * - nothing to band (noise, texture, UI with anti-aliased text: smooth share under 0.15) → none: dithering
 *   there costs 10–20 % bytes and draws a crosshatch or speckles on flat UI;
 * - a still with smooth areas, photo or rendered gradient → Atkinson diffusion, error diffusion at reduced
 *   strength: it passes on 6/8 of the error, so error cannot pile up in small saturated areas the palette
 *   barely covers (full diffusion once washed Kite's purple kite panel out to grey). The core diffuses
 *   exactly (wasm-assets/core/patches/paletteuse-exact-diffusion.patch): upstream FFmpeg dropped every
 *   share of an error below a few levels, which left blotchy patches on a generated hue ramp and diagonal
 *   contour bands on the fluent wallpaper even at 100 %. Exact, at 80 %, Node engine, bytes / SSIM-Y /
 *   butteraugli, upstream Atkinson → exact Atkinson → exact sierra2:
 *     fluent (gradient art)  129K/.9674/6.75 → 217K/.9449/5.64 → 258K/.9254/7.47
 *     generated hue ramp      88K/.9765/5.07 (sierra2) → 134K/.9556/4.83 → 139K/.9506/8.72
 *     storm (sky)            135K/.9581/2.97 → 156K/.9525/2.84 → 179K/.9400/4.11
 *     kite (sky)             182K/.9422/3.01 → 195K/.9392/3.19 → 212K/.9288/3.38
 *     aqua (smooth water)    182K/.9566/5.83 → 219K/.9476/5.68 → 243K/.9264/5.33
 *   The bands and patches are gone on the sheet (SSIM, blind to bands, prefers them); exact Atkinson beats
 *   exact sierra2 everywhere, the ramp included, so the old rule "clean gradient → full-strength sierra2"
 *   (which the dropped shares had made necessary) went with it;
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
      return facts.animated ? 'bayer' : 'atkinson';
  }
}

/**
 * Dithered and undithered stills get the same lossiness. Lossy LZW replaces a dither pattern with runs
 * of one colour along the row, which on a smooth ramp brings bands back; that used to cost dithered
 * pictures two thirds of their budget. Now the budget is spread by content (lossy-budget.ts): a dithered
 * sky steps by about one palette colour between neighbours and gets a quarter of it, so skies stay
 * smooth while texture takes the rest (engine test: a dithered ramp keeps its tone at 80 %).
 */
/**
 * Animations are optimised with an even budget (gif/optimiser.ts): a dithered one keeps a third of it, so
 * lossy LZW does not turn its pattern back into bands (engine test: 8x8 block tone error 0.35 dithered at
 * 100 %, 0.65 at 80 % with the whole budget, 0.40 undithered).
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
 * (long runs already compress) and dithering draws a crosshatch on flat areas (issue 12: a 123-colour
 * stripe wallpaper went to SSIM 0.53 and +11 % bytes with ordered dither). Below LOSSLESS_FROM_QUALITY the
 * user asked for a smaller file, so only pictures within that quality's colour count stay exact.
 */
export function keepsEveryColour(quality: number, colours: number): boolean {
  return quality >= LOSSLESS_FROM_QUALITY || colours <= coloursForQuality(quality);
}
