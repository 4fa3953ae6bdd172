/**
 * Timing extras of an animation, as pure functions: which file each GIF frame shows (boomerang, frames
 * kept), how long each is shown (hold on the last file) and how many times the GIF plays (NETSCAPE2.0).
 */
import type { LoopPlays } from '../settings';

export const TIMING_LIMITS = {
  /** Total plays when not forever: 2 up (1 play is the loop switch off). NETSCAPE2.0 counts to 65535. */
  loopPlays: { min: 2, max: 100 },
  /** Hold on the last file: a centisecond up to a minute, like a frame's own delay. */
  holdMs: { min: 10, max: 60_000, step: 10 },
  /** Keep every frame, every 2nd, … (the target-size search may drop frames too). */
  frameStep: { min: 1, max: 4 },
} as const;

export interface TimingChoice {
  loop: boolean;
  loopPlays: LoopPlays;
  boomerang: boolean;
  holdLastFrame: boolean;
  holdLastFrameMs: number;
  /** 1 keeps every file; 2 every other one (their delays added up so the duration stays). */
  frameStep: number;
}

/** One frame of the GIF: which file it shows and for how long (milliseconds). */
export interface SequenceFrame {
  sourceIndex: number;
  delayMs: number;
}

/**
 * The NETSCAPE2.0 loop count written for the choice, or null for no loop extension (the GIF plays once).
 * Most browsers play a GIF with count N one time and then repeat it N times (N + 1 plays); the UI asks
 * for the total number of plays, so P plays are written as count P − 1. Count 0 means forever.
 */
export function netscapeLoopCount(loop: boolean, plays: LoopPlays): number | null {
  if (!loop) return null;
  if (plays === 'forever') return 0;
  const total = Math.round(plays);
  // One play in total is what "no loop" already means: no extension is the portable way to say it.
  return total <= 1 ? null : Math.min(0xffff, total - 1);
}

/**
 * The loop count for a job: the user's choice (netscapeLoopCount), except that an APNG converted on its
 * own keeps its num_plays while the loop settings are at their default (loop on, forever). An APNG's
 * num_plays counts every play (0 = forever), so N plays are NETSCAPE count N − 1 and one play is none.
 */
export function jobLoopCount(loop: boolean, plays: LoopPlays, apngPlays?: number | null): number | null {
  if (apngPlays == null || !loop || plays !== 'forever') return netscapeLoopCount(loop, plays);
  return apngPlays === 0 ? 0 : netscapeLoopCount(true, apngPlays);
}

/** Indices of the files kept: every `step`-th one from the first, and always the last one. */
export function keptFrames(count: number, step: number): number[] {
  const every = Math.max(1, Math.round(step));
  const kept: number[] = [];
  for (let i = 0; i < count; i += every) kept.push(i);
  if (count > 0 && kept.at(-1) !== count - 1) kept.push(count - 1);
  return kept;
}

/**
 * The frames of the GIF in play order. A kept frame is shown for its own delay plus those of the frames
 * dropped after it, so dropping frames keeps the duration. The hold replaces the last file's delay.
 * Boomerang plays forward then back without repeating the end frames: 1..N..2, and the loop returns to 1.
 */
export function frameSequence(delaysMs: readonly number[], timing: TimingChoice): SequenceFrame[] {
  const count = delaysMs.length;
  const kept = keptFrames(count, timing.frameStep);
  const forward = kept.map((sourceIndex, k) => {
    const next = kept[k + 1] ?? count;
    let delayMs = 0;
    for (let i = sourceIndex; i < next; i++) delayMs += delaysMs[i]!;
    if (sourceIndex === count - 1 && timing.holdLastFrame) delayMs = timing.holdLastFrameMs;
    return { sourceIndex, delayMs };
  });
  if (!timing.boomerang || forward.length < 3) return forward;
  return [...forward, ...forward.slice(1, -1).reverse()];
}

/** How long one play of the animation lasts, in milliseconds. */
export function totalDurationMs(delaysMs: readonly number[]): number {
  return delaysMs.reduce((sum, ms) => sum + ms, 0);
}

/** Frames per second over one play (frames / duration), or null for an empty animation. */
export function effectiveFrameRate(delaysMs: readonly number[]): number | null {
  const total = totalDurationMs(delaysMs);
  return delaysMs.length > 0 && total > 0 ? (delaysMs.length * 1000) / total : null;
}

/**
 * "3.4 s" or "850 ms", and "12.5 fps" (one decimal at most). Plain number formatting on purpose: the
 * first toLocaleString loads the locale's number data, which took longer than the rest of the file
 * list's first render (past 1000 s there is just no thousands separator).
 */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${Math.round(ms / 100) / 10} s`;
}

export function formatFrameRate(fps: number): string {
  return `${Math.round(fps * 10) / 10} fps`;
}

/** What the loop choice means, in the UI's words. */
export function describePlays(loop: boolean, plays: LoopPlays): string {
  if (!loop) return 'Plays once';
  if (plays === 'forever') return 'Plays forever';
  return `Plays ${plays} times in total, then stops on the last frame`;
}
