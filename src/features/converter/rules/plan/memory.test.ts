import { describe, expect, it } from 'vitest';
import { APNG_LIMITS } from '../png/apng-parse';
import {
  ENGINE_HEAP_LIMIT_BYTES,
  RESTART_AFTER_HEAP_BYTES,
  assertFitsInMemory,
  estimateHeapBytes,
  heapHeadroom,
  needsFreshCore,
} from './memory';

const MIB = 1024 * 1024;

describe('memory pre-flight', () => {
  it('estimates 32 MiB, 1.15 × the RGBA bytes of every frame and 40 bytes per possible distinct colour', () => {
    // Many colours: a quarter of the pixels are sampled, each may be distinct.
    expect(estimateHeapBytes(10, 800, 600)).toBe(
      Math.ceil(32 * MIB + 1.15 * 10 * 800 * 600 * 4 + 40 * (10 * 400 * 300 + 4096)),
    );
    expect(estimateHeapBytes(1, 1, 1)).toBeGreaterThan(32 * MIB);
  });
  it('counts full-size decoded frames beyond the output size, and the headroom left for them', () => {
    expect(estimateHeapBytes(1, 1920, 1440, 37_000_000)).toBe(estimateHeapBytes(1, 1920, 1440) + 37_000_000);
    expect(heapHeadroom(1, 1920, 1440)).toBe(ENGINE_HEAP_LIMIT_BYTES - estimateHeapBytes(1, 1920, 1440));
    expect(heapHeadroom(100, 3840, 2160)).toBe(0);
  });
  it('counts at most 2^24 distinct colours', () => {
    const big = estimateHeapBytes(10, 3840, 2160);
    expect(big).toBe(Math.ceil(32 * MIB + 1.15 * 10 * 3840 * 2160 * 4 + 40 * 2 ** 24));
  });
  it('stays above what the core measured (tests/bench/probes/heap.ts)', () => {
    expect(estimateHeapBytes(10, 800, 600)).toBeGreaterThan(67 * MIB);
    expect(estimateHeapBytes(10, 1920, 1080)).toBeGreaterThan(199 * MIB);
  });
  it('accepts the largest job the limits allow: 10 frames at 3840x2160', () => {
    expect(assertFitsInMemory(10, 3840, 2160)).toBeLessThan(ENGINE_HEAP_LIMIT_BYTES);
  });
  it('refuses a job beyond the heap limit, saying what to change', () => {
    expect(() => assertFitsInMemory(100, 3840, 2160)).toThrow(
      /about \d+ MB of memory.*Use at most 37 frames at 3840x2160, or turn on Resize and choose a smaller size/,
    );
  });
});

describe('the animation frame limit', () => {
  it('a longest APNG (1000 frames) fits the heap up to about 560 x 560 output pixels, not beyond', () => {
    expect(() => assertFitsInMemory(APNG_LIMITS.maxFrames, 560, 560)).not.toThrow();
    expect(() => assertFitsInMemory(APNG_LIMITS.maxFrames, 600, 600)).toThrow(/Use at most \d+ frames at 600x600/);
  });
});

describe('needsFreshCore', () => {
  it('replaces a core by the heap it grew to when it said so, else by the estimate', () => {
    expect(needsFreshCore(128 * 1024 * 1024, true)).toBe(false);
    expect(needsFreshCore(RESTART_AFTER_HEAP_BYTES + 1, false)).toBe(true);
    expect(needsFreshCore(null, true)).toBe(true);
    expect(needsFreshCore(null, false)).toBe(false);
  });
});
