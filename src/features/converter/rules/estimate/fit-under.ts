/**
 * "Fit under": the search for the best-looking GIF whose file stays under a byte budget, as pure policy.
 * The runtime (the store) encodes what `nextStep` asks for and feeds the sizes back, so the policy
 * knows nothing about workers and is tested in milliseconds.
 *
 * The search walks a ladder of rungs from the person's own settings down to the smallest GIF it will
 * make. Each rung keeps its quality, dither and frames while the picture is scaled down to the rung's
 * floor, where the next rung takes over: measured, a smaller picture at the person's quality looked
 * better than fewer colours down to about half size; an animation gives up its dither pattern before
 * its colours, and its colours before its frames. Each rung carries a size model relative to the first
 * (priors below); the encodes made so far pin it to the real content, so each encode aims at the budget.
 */
import { formatBytes } from '@/shared/lib/format-bytes';
import type { ConversionProgress } from '../contracts';
import { outputSize, type Size } from '../dimensions';
import { coloursForQuality, lossinessForQuality } from '../palette/quality';
import type { ConversionSettings, DitherChoice } from '../settings';

export interface BudgetPreset {
  id: string;
  bytes: number;
  /** What the size is for: common sizes, not any service's rules. */
  purpose: string;
}

const KB = 1024;
const MB = 1024 * KB;

export const BUDGET_PRESETS: readonly BudgetPreset[] = [
  { id: '256k', bytes: 256 * KB, purpose: 'Emoji and stickers' },
  { id: '1m', bytes: 1 * MB, purpose: 'Web pages and email' },
  { id: '5m', bytes: 5 * MB, purpose: 'Forums and documentation' },
  { id: '8m', bytes: 8 * MB, purpose: 'Chat attachments' },
  { id: '10m', bytes: 10 * MB, purpose: 'Social posts' },
  { id: '25m', bytes: 25 * MB, purpose: 'Large uploads' },
];

/** A custom budget, in KB: below a few KB no picture fits; above 100 MB nothing needs fitting. */
export const CUSTOM_BUDGET_KB = { min: 4, max: 100 * KB } as const;

/**
 * The knobs the search turns. Lossy LZW comes with the quality (quality.ts: each step down is more
 * lossiness, then fewer colours), so quality is the one knob for both.
 */
export interface Knobs {
  quality: number;
  dither: DitherChoice;
  /** Fraction of the settings' own output size, per side. */
  scale: number;
  frameStep: number;
}

/**
 * One rung of the search: settings kept while the picture is scaled from full size down to `floor`;
 * below the floor the next rung (less quality, dither or frames) looks better at the same bytes.
 */
export interface Rung {
  /** The rung's knobs at full size (scale 1). */
  knobs: Knobs;
  floor: number;
  /** Predicted bytes at full size relative to the first rung, before any encode. */
  model: number;
}

export interface LadderContext {
  /** The settings the person chose: the first rung, never exceeded. */
  settings: ConversionSettings;
  /** The first file's size (from its PNG header). */
  first: Size;
  /** Frames of the animation before any is dropped (1 for a still). */
  frameCount: number;
}

/** Bytes ∝ colours^0.45: fits the quality steps of tests/bench/fit-under.ts's pictures. */
const COLOUR_EXPONENT = 0.45;
/**
 * Lossiness beyond the quality's own adds little once colours go down: from quality 80 to 60 and 40 the
 * fit-under pictures lost about what their colours alone predict.
 */
const LOSSINESS_DECAY = 0.003;
/** Bytes ∝ scale^1.8 until two encodes of one rung measure it: steeper on grain, flat on UI text. */
const SCALE_EXPONENT = 1.8;
const SCALE_EXPONENT_RANGE = [0.7, 3] as const;
const FRAME_EXPONENT = 0.9;
/**
 * Relative size of each dither choice against none, for a still and for an animation (tests/bench/fit-under.ts):
 * on an animation the ordered pattern costs much more, as it survives frame differencing and defeats lossy LZW.
 */
const DITHER_WEIGHT: Record<'still' | 'animated', Record<DitherChoice, number>> = {
  still: { none: 1, auto: 1.05, ordered: 1.6, diffusion: 1.3 },
  animated: { none: 1, auto: 1.6, ordered: 1.8, diffusion: 1.6 },
};

/**
 * Where each rung hands over (scale per side), measured with tests/bench/fit-under.ts: at the person's
 * quality a smaller picture looked better than fewer colours or more lossiness down to about half size. An
 * animation drops its ordered dither first, then colours, then frames (tests/bench/README.md, "Fit under").
 */
const STILL_FLOORS = { person: 0.5, qualitySteps: [0.35, 0.25, 0.18] } as const;
const ANIMATION_FLOORS = { person: 0.6, ditherOff: 0.45, qualitySteps: [0.35, 0.25] } as const;
const QUALITY_STEP = 20;
const QUALITY_MIN = 10;
const FRAME_STEPS = [2, 3, 4];
/** The smallest GIF the search makes has its longer side at least this long. */
const MIN_LONG_SIDE = 128;

/** The smallest scale the search goes to for this output size. */
export function minimumScale(size: Size): number {
  return Math.min(1, MIN_LONG_SIDE / Math.max(size.width, size.height));
}

function modelOf(knobs: Knobs, base: Knobs, frameCount: number, animated: boolean): number {
  const kept = (step: number) => Math.ceil(Math.max(1, frameCount) / step);
  const dither = DITHER_WEIGHT[animated ? 'animated' : 'still'];
  const lossiness = (k: Knobs) => lossinessForQuality(k.quality);
  return (
    (coloursForQuality(knobs.quality) / coloursForQuality(base.quality)) ** COLOUR_EXPONENT *
    (dither[knobs.dither] / dither[base.dither]) *
    Math.exp(-LOSSINESS_DECAY * (lossiness(knobs) - lossiness(base))) *
    (kept(knobs.frameStep) / kept(base.frameStep)) ** FRAME_EXPONENT
  );
}

/** The rungs from the person's settings down to the minimum, in the order the search gives things up. */
export function buildLadder(context: LadderContext): Rung[] {
  const { settings, frameCount } = context;
  const animated = settings.mode === 'animated' && frameCount >= 3;
  const smallest = minimumScale(outputSize(settings, context.first));
  const base: Knobs = { quality: settings.quality, dither: settings.dither, scale: 1, frameStep: 1 };
  if (animated) base.frameStep = settings.frameStep;
  const rungs: { knobs: Knobs; floor: number }[] = [];
  let current = base;
  const rung = (change: Partial<Knobs>, floor: number) => {
    current = { ...current, ...change };
    rungs.push({ knobs: current, floor: Math.max(smallest, floor) });
  };
  const qualitySteps = (floors: readonly number[]) => {
    for (const floor of floors)
      if (current.quality - QUALITY_STEP >= QUALITY_MIN) rung({ quality: current.quality - QUALITY_STEP }, floor);
  };

  if (animated) {
    const floors = ANIMATION_FLOORS;
    if (base.dither !== 'none') {
      rung({}, floors.person);
      rung({ dither: 'none' }, floors.ditherOff);
    } else rung({}, floors.ditherOff);
    qualitySteps(floors.qualitySteps);
    for (const step of FRAME_STEPS) if (step > current.frameStep) rung({ frameStep: step }, rungs.at(-1)!.floor * 0.75);
  } else {
    rung({}, STILL_FLOORS.person);
    qualitySteps(STILL_FLOORS.qualitySteps);
  }
  if (current.quality > QUALITY_MIN) rung({ quality: QUALITY_MIN }, smallest);
  rungs.at(-1)!.floor = smallest;
  return rungs.map(({ knobs, floor }) => ({ knobs, floor, model: modelOf(knobs, base, frameCount, animated) }));
}

/** The settings that encode some knobs. The scale becomes a resize box of the settings' own output size. */
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
  scale: number;
  bytes: number;
}

export type SearchStep =
  | { kind: 'encode'; rung: number; scale: number }
  /** `attempt` is the best GIF under the budget, or (fits false) the smallest one made: the closest result. */
  | { kind: 'done'; attempt: number; fits: boolean };

export const SEARCH = {
  /** Aim here: a prediction from one encode is good to several percent. */
  aim: 0.94,
  /** A GIF this close to the budget is kept without another try. */
  goodEnough: 0.9,
  /** The last encode aims lower, as it cannot be corrected. */
  lastAim: 0.82,
  /** After an overshoot, a fit under this share of the budget is still worth one more try. */
  retryUnder: 0.8,
  /** A try that would grow the picture by less than this (per side) is not worth an encode. */
  minGain: 0.02,
  maxEncodes: 5,
} as const;

/**
 * The bytes-per-scale exponent of a rung: measured from two of its encodes, else from two encodes of
 * another rung (it is mostly the content's: grain's is steep, text's flat), else the prior.
 */
function scaleExponent(attempts: readonly Attempt[], rung: number): number {
  const measured = (of: number) => {
    const own = attempts.filter((a) => a.rung === of).sort((a, b) => b.scale - a.scale);
    for (let i = 0; i + 1 < own.length; i++) {
      const [a, b] = [own[i]!, own[i + 1]!];
      if (a.scale / b.scale > 1.02) {
        const exponent = Math.log(a.bytes / b.bytes) / Math.log(a.scale / b.scale);
        return Math.min(SCALE_EXPONENT_RANGE[1], Math.max(SCALE_EXPONENT_RANGE[0], exponent));
      }
    }
    return null;
  };
  const rungs = [...new Set(attempts.map((a) => a.rung))].sort((a, b) => Math.abs(a - rung) - Math.abs(b - rung));
  for (const other of [rung, ...rungs]) {
    const exponent = measured(other);
    if (exponent !== null) return exponent;
  }
  return SCALE_EXPONENT;
}

/**
 * The predicted size of a rung at a scale. Between two encodes of that rung it interpolates them (log
 * bytes against log scale); outside them it follows the nearest with the rung's exponent; a rung not
 * encoded yet is predicted from the nearest rung's encodes times the model between them. A prior guess
 * of the first rung's full size counts as an encode until the first real one is in.
 */
export function predictBytes(
  ladder: readonly Rung[],
  attempts: readonly Attempt[],
  rung: number,
  scale: number,
  prior?: number,
): number {
  const points: readonly Attempt[] =
    attempts.length > 0 || prior === undefined ? attempts : [{ rung: 0, scale: 1, bytes: prior }];
  if (points.length === 0) return NaN;
  const nearestRung = points.reduce((a, b) => (Math.abs(b.rung - rung) < Math.abs(a.rung - rung) ? b : a)).rung;
  const own = points.filter((a) => a.rung === nearestRung);
  const model = ladder[rung]!.model / ladder[nearestRung]!.model;
  const below = own.filter((a) => a.scale <= scale).sort((a, b) => b.scale - a.scale)[0];
  const above = own.filter((a) => a.scale >= scale).sort((a, b) => a.scale - b.scale)[0];
  if (below && above && above.scale / below.scale > 1.001) {
    const t = Math.log(scale / below.scale) / Math.log(above.scale / below.scale);
    return model * below.bytes * (above.bytes / below.bytes) ** t;
  }
  const nearest = (below ?? above)!;
  return model * nearest.bytes * (scale / nearest.scale) ** scaleExponent(points, nearestRung);
}

/** The largest scale of a rung (between its floor and full size) predicted to make at most `target` bytes. */
function scaleFor(ladder: readonly Rung[], attempts: readonly Attempt[], rung: number, target: number, prior?: number) {
  const floor = ladder[rung]!.floor;
  const fits = (scale: number) => predictBytes(ladder, attempts, rung, scale, prior) <= target;
  if (fits(1)) return 1;
  if (!fits(floor)) return floor;
  // The prediction grows with the scale: bisect in log scale.
  let [low, high] = [Math.log(floor), 0];
  for (let i = 0; i < 30; i++) {
    const middle = (low + high) / 2;
    if (fits(Math.exp(middle))) low = middle;
    else high = middle;
  }
  return Math.max(floor, Math.floor(Math.exp(low) * 1000) / 1000);
}

/** Better first: an earlier rung, then a larger picture. */
const better = (a: Attempt, b: Attempt) => a.rung < b.rung || (a.rung === b.rung && a.scale > b.scale);

/**
 * What to do next. The search looks for the first rung that fits at its floor, then for the largest
 * scale of that rung under the budget: each encode pins the size model to the content, so the next
 * encode aims at the budget from a prediction, and a search usually takes two or three encodes.
 */
export function nextStep(
  ladder: readonly Rung[],
  budget: number,
  attempts: readonly Attempt[],
  prior?: number,
): SearchStep {
  const last = ladder.length - 1;
  if (attempts.length === 0 && (prior === undefined || prior <= budget)) return { kind: 'encode', rung: 0, scale: 1 };

  const indexed = attempts.map((attempt, index) => ({ ...attempt, index }));
  const fitting = indexed.filter((a) => a.bytes <= budget);
  const best = fitting.reduce<(typeof indexed)[number] | null>((a, b) => (!a || better(b, a) ? b : a), null);
  const closest = () => indexed.reduce((a, b) => (b.bytes < a.bytes ? b : a)).index;
  const done = (): SearchStep =>
    best ? { kind: 'done', attempt: best.index, fits: true } : { kind: 'done', attempt: closest(), fits: false };
  if (attempts.length >= SEARCH.maxEncodes) return done();

  // A rung is out when it was measured over the budget at or under its floor, or is predicted to be.
  const overAtFloor = (rung: number) =>
    attempts.some((a) => a.rung === rung && a.bytes > budget && a.scale <= ladder[rung]!.floor + 1e-9) ||
    predictBytes(ladder, attempts, rung, ladder[rung]!.floor, prior) > SEARCH.aim * budget;
  let rung = 0;
  while (rung < last && overAtFloor(rung)) rung++;
  if (best && best.rung < rung) rung = best.rung;

  // The last encode must fit: it aims lower, and with nothing under the budget yet, at the minimum if need be.
  const lastTry = attempts.length === SEARCH.maxEncodes - 1;
  const scale = scaleFor(ladder, attempts, rung, (lastTry ? SEARCH.lastAim : SEARCH.aim) * budget, prior);
  const tried = (s: number) =>
    attempts.some((a) => a.rung === rung && Math.abs(Math.log(a.scale / s)) < SEARCH.minGain);
  const knownTooBig = attempts.some((a) => a.rung === rung && a.bytes > budget && a.scale <= scale);
  if (best) {
    if (best.rung === rung) {
      if (best.bytes >= SEARCH.goodEnough * budget || best.scale >= 1) return done();
      // Between a fit and a near overshoot, one more try only when the fit leaves much of the budget unused.
      const overshot = attempts.some(
        (a) => a.rung === rung && a.bytes > budget && a.scale > best.scale && a.scale < best.scale * 1.15,
      );
      if (overshot && best.bytes >= SEARCH.retryUnder * budget) return done();
      if (scale < best.scale * (1 + SEARCH.minGain)) return done();
    }
    if (tried(scale) || knownTooBig) return done();
    return { kind: 'encode', rung, scale };
  }
  if (tried(scale) || knownTooBig) {
    // The prediction missed twice at this rung: go to the minimum, which fits or is the closest result.
    if (rung < last || scale > ladder[last]!.floor) return { kind: 'encode', rung: last, scale: ladder[last]!.floor };
    return done();
  }
  return { kind: 'encode', rung, scale };
}

/** What the search changed, in words, for the result: "quality 60 %, 50 % of the size, every 2nd frame". */
export function describeKnobs(knobs: Knobs, base: Knobs, size: Size): string[] {
  const parts: string[] = [];
  if (knobs.quality !== base.quality) parts.push(`quality ${knobs.quality} %`);
  if (knobs.dither !== base.dither) parts.push(`dithering ${knobs.dither === 'none' ? 'off' : knobs.dither}`);
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
