import { describe, expect, it } from 'vitest';
import { effectiveDelayMs, frameDelayMs, isSlowedByBrowsers, playSummary } from './frame-delays';
import { DEFAULT_SETTINGS } from '../settings';

describe('frame timing', () => {
  it('shows a delay as the GIF carries it, in 10 ms steps', () => {
    expect(effectiveDelayMs(500)).toBe(500);
    expect(effectiveDelayMs(123)).toBe(120);
    expect(effectiveDelayMs(125)).toBe(130);
    expect(effectiveDelayMs(4)).toBe(10);
  });
  it('warns about delays browsers slow down (under 20 ms once rounded)', () => {
    expect(isSlowedByBrowsers(10)).toBe(true);
    expect(isSlowedByBrowsers(14)).toBe(true);
    expect(isSlowedByBrowsers(15)).toBe(false);
    expect(isSlowedByBrowsers(20)).toBe(false);
  });
  it('uses the override when there is one, the global delay otherwise', () => {
    expect(frameDelayMs(null, 500)).toBe(500);
    expect(frameDelayMs(undefined, 500)).toBe(500);
    expect(frameDelayMs(80, 500)).toBe(80);
  });
  it('sums one play of the sequence as the GIF carries it, and its frame rate', () => {
    const settings = { ...DEFAULT_SETTINGS, mode: 'animated' as const, frameDelay: 100 };
    expect(playSummary([null, null, null, null], settings)).toEqual({
      frames: 4,
      durationMs: 400,
      framesPerSecond: 10,
    });
    // 123 ms is stored as 120; boomerang adds frames 3 and 2 back; the hold replaces the last file's delay.
    const extras = { ...settings, boomerang: true, holdLastFrame: true, holdLastFrameMs: 1000 };
    expect(playSummary([123, null, null, null], extras)).toEqual({
      frames: 6,
      durationMs: 120 + 100 + 100 + 1000 + 100 + 100,
      framesPerSecond: 6000 / 1520,
    });
  });
});
