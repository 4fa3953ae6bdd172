/**
 * "Fit under": the search for the best-looking GIF whose file stays under a byte budget, as pure policy.
 * The runtime (the store) encodes what `nextStep` asks for and feeds the sizes back, so the policy
 * knows nothing about workers and is tested in milliseconds.
 *
 * The knobs form one ladder, from the person's own settings down to the smallest GIF the search will
 * make, in the order that costs the least to the eye first: lossiness (when the core has it), then dither,
 * then colours down to a floor, then scale, then frames, then the last colours. Each rung carries a
 * size model relative to the first rung (priors below, from the quality ladder measured in quality.ts);
 * the encodes made so far pin the model to the real content, so the next rung is chosen from a
 * prediction and a search usually takes two or three encodes.
 */
import { formatBytes } from '@/shared/lib/format-bytes';
import type { ConversionProgress } from './contracts';
import { outputSize, type Size } from './dimensions';
import { coloursForQuality, lossinessForQuality } from './quality';
import type { ConversionSettings, DitherChoice } from './settings';

export interface TargetPreset {
  id: string;
  bytes: number;
  /** What the size is for: common sizes, not any service's rules. */
  purpose: string;
}

const KB = 1024;
const MB = 1024 * KB;

export const TARGET_PRESETS: readonly TargetPreset[] = [
  { id: '256k', bytes: 256 * KB, purpose: 'Emoji and stickers' },
  { id: '1m', bytes: 1 * MB, purpose: 'Web pages and email' },
  { id: '5m', bytes: 5 * MB, purpose: 'Forums and documentation' },
  { id: '8m', bytes: 8 * MB, purpose: 'Chat attachments' },
  { id: '10m', bytes: 10 * MB, purpose: 'Social posts' },
  { id: '25m', bytes: 25 * MB, purpose: 'Large uploads' },
];

/** A custom budget, in KB: below a few KB no picture fits; above 100 MB nothing needs fitting. */
export const CUSTOM_TARGET_KB = { min: 4, max: 100 * KB } as const;

/** The knobs the search turns. `lossiness` is 0 until the core offers lossy LZW. */
export interface Knobs {
  quality: number;
  dither: DitherChoice;
  lossiness: number;
  /** Fraction of the settings' own output size, per side. */
  scale: number;
  frameStep: number;
}

export interface Rung {
  knobs: Knobs;
  /** Predicted bytes relative to the first rung, before any encode. */
  model: number;
}

export interface LadderContext {
  /** The settings the person chose: the first rung, never exceeded. */
  settings: ConversionSettings;
  /** The first file's size (from its PNG header). */
  first: Size;
  /** Frames of the animation before any is dropped (1 for a still). */
  frameCount: number;
  /** Lossiness levels the core supports, ascending (empty: none). */
  lossinessSteps?: readonly number[];
}

/** Size model priors (bytes ∝ colours^0.45 fits photo, grain and gradient rows of quality.ts within ~10 %). */
const COLOUR_EXPONENT = 0.45;
/** Bytes ∝ pixels^0.85: LZW gains a little on larger, smoother pictures. */
const PIXEL_EXPONENT = 0.85;
const FRAME_EXPONENT = 0.9;
/** Relative size of each dither choice against none ('auto' is ordered on gradients only). */
const DITHER_WEIGHT: Record<DitherChoice, number> = { none: 1, auto: 1.3, ordered: 2.2, diffusion: 1.5 };
/** Prior for lossy LZW: about −30 % at lossiness 20 on photos (ARCHITECTURE.md); corrected by the encodes. */
const LOSSINESS_DECAY = 0.018;

/**
 * Colours go down to FIRST_QUALITY_FLOOR (96 colours) before the picture is scaled, then to QUALITY_FLOOR
 * below 70 % of the size, and under it only at the smallest size. Measured with tests/bench/fit-under.ts on
 * a real photograph under 256 KB: 48 colours at full size scored SSIM 0.906 where a 0.74 scale at 128
 * colours scored 0.954, so a mild downscale costs the eye less than the last colours.
 */
const FIRST_QUALITY_FLOOR = 70;
const QUALITY_FLOOR = 50;
const QUALITY_MIN = 10;
/** The smallest GIF the search makes has its longer side at least this long. */
const MIN_LONG_SIDE = 128;
/**
 * Steps about 14 % apart in bytes down to half size: with coarser ones (0.85, 0.7) the search often
 * ended near 75 % of the budget, the next step up being predicted over it (tests/bench/fit-under.ts).
 */
const SCALE_STEPS = [0.92, 0.85, 0.78, 0.7, 0.64, 0.6, 0.55, 0.5, 0.42, 0.35, 0.3, 0.25, 0.2, 0.16, 0.13, 0.1];
const FRAME_STEPS = [2, 3, 4];
/** Each frame step comes in before the first scale at or under its entry. */
const FRAME_DROP_SCALES = [0.42, 0.3, 0.2];

const lossyOf = (knobs: Knobs) => lossinessForQuality(knobs.quality) + knobs.lossiness;

function modelOf(knobs: Knobs, base: Knobs, frameCount: number): number {
  const kept = (step: number) => Math.ceil(Math.max(1, frameCount) / step);
  return (
    (coloursForQuality(knobs.quality) / coloursForQuality(base.quality)) ** COLOUR_EXPONENT *
    (DITHER_WEIGHT[knobs.dither] / DITHER_WEIGHT[base.dither]) *
    // The quality step carries its own lossiness (quality.ts), on top of any the search adds.
    Math.exp(-LOSSINESS_DECAY * (lossyOf(knobs) - lossyOf(base))) *
    (knobs.scale / base.scale) ** (2 * PIXEL_EXPONENT) *
    (kept(knobs.frameStep) / kept(base.frameStep)) ** FRAME_EXPONENT
  );
}

/** The smallest scale the search goes to for this output size. */
export function minimumScale(size: Size): number {
  return Math.min(1, MIN_LONG_SIDE / Math.max(size.width, size.height));
}

/** Every rung from the person's settings down to the minimum, in the order the search gives things up. */
export function buildLadder(context: LadderContext): Rung[] {
  const { settings, frameCount } = context;
  const animated = settings.mode === 'animated' && frameCount >= 3;
  const base: Knobs = {
    quality: settings.quality,
    dither: settings.dither,
    lossiness: 0,
    scale: 1,
    frameStep: animated ? settings.frameStep : 1,
  };
  const rungs: Knobs[] = [base];
  let current = base;
  const push = (change: Partial<Knobs>) => {
    current = { ...current, ...change };
    rungs.push(current);
  };

  for (const lossiness of context.lossinessSteps ?? []) if (lossiness > current.lossiness) push({ lossiness });
  if (current.dither !== 'none') push({ dither: 'none' });
  const qualityDownTo = (floor: number) => {
    for (let q = current.quality - 10; q >= floor; q -= 10) push({ quality: q });
  };
  qualityDownTo(FIRST_QUALITY_FLOOR);

  const smallest = minimumScale(outputSize(settings, context.first));
  const scales = SCALE_STEPS.filter((s) => s > smallest).concat(smallest < 1 ? [smallest] : []);
  const frameSteps = animated ? FRAME_STEPS.filter((step) => step > current.frameStep) : [];
  for (const scale of scales) {
    // Below 70 % of the size colours go to the second floor; below half size frames go before more
    // pixels do; colours go down to 30 % before a third of the size.
    if (scale < 0.7) qualityDownTo(QUALITY_FLOOR);
    if (scale < 0.5 && frameSteps.length > 0 && scale <= FRAME_DROP_SCALES[FRAME_STEPS.length - frameSteps.length]!)
      push({ frameStep: frameSteps.shift()! });
    if (scale <= 0.3) qualityDownTo(30);
    push({ scale });
  }
  for (const frameStep of frameSteps) push({ frameStep });
  qualityDownTo(QUALITY_MIN);

  return rungs.map((knobs) => ({ knobs, model: modelOf(knobs, base, frameCount) }));
}

/** The settings that encode a rung. The scale becomes a resize box of the settings' own output size. */
export function settingsForKnobs(context: Omit<LadderContext, 'frameCount'>, knobs: Knobs): ConversionSettings {
  const { settings, first } = context;
  const next: ConversionSettings = {
    ...settings,
    quality: knobs.quality,
    dither: knobs.dither,
    frameStep: knobs.frameStep,
    targetBytes: null,
  };
  if (knobs.scale >= 1) return next;
  const natural = outputSize(settings, first);
  return {
    ...next,
    resize: true,
    maintainAspectRatio: true,
    width: Math.max(1, Math.round(natural.width * knobs.scale)),
    height: Math.max(1, Math.round(natural.height * knobs.scale)),
  };
}

export interface Attempt {
  rung: number;
  bytes: number;
}

export type SearchStep =
  | { kind: 'encode'; rung: number }
  /** `rung` is the best GIF under the budget, or (fits false) the smallest one made: the closest result. */
  | { kind: 'done'; rung: number; fits: boolean };

export const SEARCH = {
  /** Aim this far under the budget: a prediction is good to about ±10 %. */
  safety: 0.93,
  /** A GIF this close to the budget is kept without trying a better rung. */
  goodEnough: 0.85,
  maxEncodes: 6,
  /** The extra try that uses the rest of the budget is made only while fewer encodes than this are in. */
  stretchBefore: 3,
} as const;

/**
 * The predicted size of a rung: the model, times the error the encodes showed, interpolated (in log
 * size) between the nearest measured rungs on each side; a prior guess of the first rung's size
 * counts as a measurement there until the first encode is in.
 */
export function predictBytes(
  ladder: readonly Rung[],
  attempts: readonly Attempt[],
  rung: number,
  prior?: number,
): number {
  const points = attempts.length > 0 || prior === undefined ? attempts : [{ rung: 0, bytes: prior }];
  const model = ladder[rung]!.model;
  if (points.length === 0) return NaN;
  const residual = (a: Attempt) => Math.log(a.bytes / ladder[a.rung]!.model);
  const exact = points.find((a) => a.rung === rung);
  if (exact) return exact.bytes;
  const below = points.filter((a) => a.rung < rung).sort((a, b) => b.rung - a.rung)[0];
  const above = points.filter((a) => a.rung > rung).sort((a, b) => a.rung - b.rung)[0];
  let r: number;
  if (below && above) {
    const span = Math.log(ladder[below.rung]!.model / ladder[above.rung]!.model);
    const t = span > 0 ? Math.log(ladder[below.rung]!.model / model) / span : 0.5;
    r = residual(below) + (residual(above) - residual(below)) * t;
  } else {
    r = residual((below ?? above)!);
  }
  return model * Math.exp(r);
}

/** What to do next: encode a rung, or stop with the best result. */
export function nextStep(
  ladder: readonly Rung[],
  budget: number,
  attempts: readonly Attempt[],
  prior?: number,
): SearchStep {
  const last = ladder.length - 1;
  if (attempts.length === 0 && prior === undefined) return { kind: 'encode', rung: 0 };

  const fitting = attempts.filter((a) => a.bytes <= budget).sort((a, b) => a.rung - b.rung)[0];
  const tooBig = attempts.filter((a) => a.bytes > budget && (!fitting || a.rung < fitting.rung));
  const lowestOpen = Math.max(-1, ...tooBig.map((a) => a.rung)) + 1;
  const smallest = () => attempts.reduce((a, b) => (b.bytes < a.bytes ? b : a));
  const done = (fits: boolean) => ({ kind: 'done' as const, rung: fits ? fitting!.rung : smallest().rung, fits });

  if (fitting && (fitting.rung === lowestOpen || fitting.bytes >= SEARCH.goodEnough * budget)) return done(true);
  if (!fitting && lowestOpen > last) return done(false);
  if (attempts.length >= SEARCH.maxEncodes) return fitting ? done(true) : done(false);

  const highestOpen = fitting ? fitting.rung - 1 : last;
  const tried = new Set(attempts.map((a) => a.rung));
  // With one encode left and nothing under the budget, the minimum is the only useful encode.
  if (!fitting && attempts.length === SEARCH.maxEncodes - 1) return { kind: 'encode', rung: last };
  const firstPredictedUnder = (limit: number) => {
    for (let rung = lowestOpen; rung <= highestOpen; rung++)
      if (!tried.has(rung) && predictBytes(ladder, attempts, rung, prior) <= limit) return rung;
    return null;
  };
  const safe = firstPredictedUnder(SEARCH.safety * budget);
  if (safe !== null) return { kind: 'encode', rung: safe };
  // A result well under the budget leaves room the person paid for: a better rung predicted under the
  // budget itself (without the safety margin) is worth one more encode; if it is over, the result stands.
  // Only early in a search: on a loaded machine a fifth 10-frame encode outlasted the e2e's patience.
  const stretch = fitting && attempts.length < SEARCH.stretchBefore ? firstPredictedUnder(budget) : null;
  if (stretch !== null) return { kind: 'encode', rung: stretch };
  if (fitting) return done(true);
  // Nothing is predicted to fit: the minimum either fits after all or is the closest result.
  return { kind: 'encode', rung: last };
}

/** What the search changed, in words, for the result: "quality 60 %, 50 % of the size, every 2nd frame". */
export function describeKnobs(knobs: Knobs, base: Knobs, size: Size): string[] {
  const parts: string[] = [];
  if (knobs.quality !== base.quality) parts.push(`quality ${knobs.quality} %`);
  if (knobs.dither !== base.dither) parts.push(`dithering ${knobs.dither === 'none' ? 'off' : knobs.dither}`);
  if (knobs.lossiness !== base.lossiness) parts.push(`lossiness ${knobs.lossiness}`);
  if (knobs.scale !== base.scale) parts.push(`scaled to ${size.width} × ${size.height}`);
  if (knobs.frameStep !== base.frameStep) parts.push(`every ${ordinal(knobs.frameStep)} frame kept`);
  return parts;
}

const ordinal = (n: number) => (n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`);

/** How a fitted conversion ended: what the search chose and whether it is under the budget. */
export interface FitReport {
  budget: number;
  /** false: even the minimum is over the budget; the result is the smallest GIF made (the closest). */
  fits: boolean;
  /** How many encodes the search took. */
  encodes: number;
  knobs: Knobs;
  /** The person's own settings as knobs, to say what changed. */
  base: Knobs;
  /** The settings that made the result, so the person can take them over and tweak them. */
  settings: ConversionSettings;
}

/**
 * The progress of try `index` (0-based) inside the whole search: each try covers half of what is left
 * (0–50 %, 50–75 %, …), since the number of tries is only known at the end.
 */
export function searchProgress(index: number, progress: ConversionProgress, budget: number): ConversionProgress {
  const start = 100 * (1 - 0.5 ** index);
  const span = 100 * 0.5 ** (index + 1);
  return {
    stage: progress.stage === 'complete' ? 'finalizing' : progress.stage,
    progress: Math.min(99, start + (span * progress.progress) / 100),
    message: `Fitting under ${formatBytes(budget)}, try ${index + 1}: ${progress.message}`,
  };
}
