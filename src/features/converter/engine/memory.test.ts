import { describe, expect, it } from 'vitest';
import { APNG_LIMITS } from './apng-parse';
import { assertFitsInMemory, ENGINE_HEAP_LIMIT_BYTES, estimateHeapBytes } from './memory';

const MIB = 1024 * 1024;

describe('memory pre-flight', () => {
  it('estimates 32 MiB plus 1.15 × the RGBA bytes of every frame', () => {
    expect(estimateHeapBytes(10, 800, 600)).toBe(Math.ceil(32 * MIB + 1.15 * 10 * 800 * 600 * 4));
    expect(estimateHeapBytes(1, 1, 1)).toBeGreaterThan(32 * MIB);
  });
  it('accepts the largest job the spec allows: 10 frames at 3840x2160', () => {
    expect(assertFitsInMemory(10, 3840, 2160)).toBeLessThan(ENGINE_HEAP_LIMIT_BYTES);
  });
  it('refuses a job beyond the heap limit, saying what to change', () => {
    expect(() => assertFitsInMemory(100, 3840, 2160)).toThrow(
      /about \d+ MB of memory.*Use at most 55 frames at 3840x2160, or turn on Resize and choose a smaller size/,
    );
  });
});

describe('the animation frame limit', () => {
  it('a longest APNG (1000 frames) fits the heap up to about 660 x 660 output pixels, not beyond', () => {
    expect(() => assertFitsInMemory(APNG_LIMITS.maxFrames, 660, 660)).not.toThrow();
    expect(() => assertFitsInMemory(APNG_LIMITS.maxFrames, 700, 700)).toThrow(/Use at most \d+ frames at 700x700/);
  });
});
