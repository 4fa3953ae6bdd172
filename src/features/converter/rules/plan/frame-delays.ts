import { delayToCentiseconds } from './plan';
import type { ConversionSettings } from '../settings';
import { effectiveFrameRate, frameSequence, totalDurationMs } from './timing-extras';

/**
 * What a frame delay becomes in a GIF. GIF delays are whole centiseconds, so a delay is shown and
 * written in 10 ms steps; browsers replace delays under 20 ms (0 or 1 cs) with about 100 ms.
 */
export const BROWSER_MIN_DELAY_MS = 20;

/** The range of a per-frame override: one centisecond up to a minute. */
export const FRAME_DELAY_OVERRIDE = { min: 10, max: 60_000, step: 10 } as const;

/** The delay the GIF really carries, in milliseconds (the plan's rounding). */
export function effectiveDelayMs(ms: number): number {
  return delayToCentiseconds(ms) * 10;
}

export function isSlowedByBrowsers(ms: number): boolean {
  return effectiveDelayMs(ms) < BROWSER_MIN_DELAY_MS;
}

/** The delay a frame is shown for: its own override, or the global frame delay. */
export function frameDelayMs(override: number | null | undefined, globalDelayMs: number): number {
  return override ?? globalDelayMs;
}

/** One play of the animation as the GIF will carry it: frame count, duration and the frame rate it gives. */
export interface PlaySummary {
  frames: number;
  durationMs: number;
  framesPerSecond: number | null;
}

/** The animation's frames (timing extras applied) with their delays rounded as the GIF stores them. */
export function playSummary(overrides: readonly (number | null)[], settings: ConversionSettings): PlaySummary {
  const delays = frameSequence(
    overrides.map((override) => frameDelayMs(override, settings.frameDelay)),
    settings,
  ).map((frame) => effectiveDelayMs(frame.delayMs));
  return { frames: delays.length, durationMs: totalDurationMs(delays), framesPerSecond: effectiveFrameRate(delays) };
}
