/**
 * `npm run bench -- --framing …`: what a crop and a rotation add to click to result. Each framing is set
 * through the page's own controls (app-ui.ts setFraming) and timed against a plain run of the same case in
 * the same page, run by run in turn; this module holds the pure part: the framings, each run's crop, the ratios.
 */
import { spread, type Spread } from './stats';

/** `turn`: a quarter turn right; `crop`: 2 % off each side; `crop-turn`: both. */
export const FRAMINGS = ['turn', 'crop', 'crop-turn'] as const;
export type FramingName = (typeof FRAMINGS)[number];

/** The share of the width and of the height cut from each side by a framing with a crop. */
export const CROP_INSET = 0.02;

export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the page is asked for: a crop in the picture's own pixels (or none) and quarter turns to the right. */
export interface Framing {
  crop: CropRect | null;
  quarterTurnsRight: number;
}

export function parseFramings(list: string): FramingName[] {
  const wanted = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = wanted.filter((name) => !(FRAMINGS as readonly string[]).includes(name));
  if (wanted.length === 0 || unknown.length > 0)
    throw new Error(`unknown framing(s) ${unknown.join(', ') || '(none given)'}; known: ${FRAMINGS.join(', ')}`);
  return FRAMINGS.filter((name) => wanted.includes(name));
}

/**
 * The framing of run `run` of a picture of `width` × `height`. The crop moves by a pixel from run to run (a
 * pixel up and left of its place, on it, a pixel down and right, then again), so that no run meets the facts
 * of the same cut read before (the facts are kept per cut).
 */
export function framingOf(name: FramingName, width: number, height: number, run: number): Framing {
  const quarterTurnsRight = name === 'crop' ? 0 : 1;
  if (name === 'turn') return { crop: null, quarterTurnsRight };
  const insetX = Math.max(1, Math.round(width * CROP_INSET));
  const insetY = Math.max(1, Math.round(height * CROP_INSET));
  const shift = (run % 3) - 1;
  return {
    crop: { x: insetX + shift, y: insetY + shift, width: width - 2 * insetX, height: height - 2 * insetY },
    quarterTurnsRight,
  };
}

/** The variants of one run in turn: the plain one and the framings, their order turned by one each run. */
export function runOrder(framings: readonly FramingName[], run: number): ('plain' | FramingName)[] {
  const all: ('plain' | FramingName)[] = ['plain', ...framings];
  const start = run % all.length;
  return [...all.slice(start), ...all.slice(0, start)];
}

export interface FramedTimes {
  framing: FramingName;
  runsMs: number[];
  time: Spread | null;
  /** Each run's framed time ÷ the plain time of the same run (the same load). */
  ratio: Spread | null;
}

export interface FramingResult {
  /** The plain runs of the comparison, driven as the framed ones (not the case's own app runs). */
  plain: { runsMs: number[]; time: Spread | null };
  framed: FramedTimes[];
  /** Why the comparison did not run or stopped. */
  error: string | null;
}

/** Medians and per-run ratios, from the runs that have both a plain and a framed time. */
export function summariseFraming(
  plainMs: readonly (number | null)[],
  framedMs: Readonly<Record<string, readonly (number | null)[]>>,
  framings: readonly FramingName[],
  error: string | null,
): FramingResult {
  const measured = (values: readonly (number | null)[]) => values.filter((v): v is number => v !== null);
  const plain = measured(plainMs);
  return {
    plain: { runsMs: plain, time: plain.length > 0 ? spread(plain) : null },
    framed: framings.map((framing) => {
      const runs = framedMs[framing] ?? [];
      const ratios = runs.flatMap((ms, run) => {
        const base = plainMs[run];
        return ms !== null && base !== null && base !== undefined && base > 0 ? [ms / base] : [];
      });
      const times = measured(runs);
      return {
        framing,
        runsMs: times,
        time: times.length > 0 ? spread(times) : null,
        ratio: ratios.length > 0 ? spread(ratios) : null,
      };
    }),
    error,
  };
}

/** Target: a crop and a rotation add at most this share to click to result. */
export const FRAMING_COST_TARGET = 0.05;

/** "+3.1 %", from a ratio of 1.031. */
export const formatAdded = (ratio: number): string => {
  const added = (ratio - 1) * 100;
  return `${added >= 0 ? '+' : '−'}${Math.abs(added).toFixed(1)} %`;
};
