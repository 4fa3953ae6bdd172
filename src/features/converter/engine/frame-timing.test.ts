import { describe, expect, it } from 'vitest';
import { effectiveDelayMs, frameDelayMs, isSlowedByBrowsers } from './frame-timing';

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
});
