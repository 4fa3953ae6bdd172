import { describe, expect, it } from 'vitest';
import { delayToCentiseconds, effectiveDelayMs, frameDelayMs, isSlowedByBrowsers } from './frame-timing';

describe('frame timing', () => {
  it('rounds a delay to whole centiseconds', () => {
    expect(delayToCentiseconds(500)).toBe(50);
    expect(delayToCentiseconds(123)).toBe(12);
    expect(delayToCentiseconds(125)).toBe(13);
    expect(effectiveDelayMs(123)).toBe(120);
    expect(effectiveDelayMs(127)).toBe(130);
  });
  it('never writes a zero delay and caps at the largest GIF delay', () => {
    expect(delayToCentiseconds(0)).toBe(1);
    expect(delayToCentiseconds(4)).toBe(1);
    expect(delayToCentiseconds(10_000_000)).toBe(0xffff);
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
