import { describe, expect, it } from 'vitest';
import { APNG_LIMITS } from '../png/apng-parse';
import {
  ENGINE_HEAP_LIMIT_BYTES,
  RESTART_AFTER_HEAP_BYTES,
  assertFitsInMemory,
  estimateHeapBytes,
  heapHeadroom,
  heapLimitFor,
  largestFittingSize,
  needsFreshCore,
  NO_DEVICE_FIGURE_HEAP_BYTES,
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
  it('refuses a job beyond the heap limit, saying what to change: fewer frames, or the size that would fit', () => {
    expect(() => assertFitsInMemory(100, 3840, 2160)).toThrow(
      /^This GIF would need about \d+ MB of memory, more than the converter can use in this browser \(2048 MB\)\. Use at most 37 frames at 3840x2160, or turn on Resize and choose (\d+)x(\d+) or smaller\.$/,
    );
    const fitting = largestFittingSize(100, 3840, 2160, ENGINE_HEAP_LIMIT_BYTES)!;
    expect(fitting.width / fitting.height).toBeCloseTo(3840 / 2160, 1);
    expect(estimateHeapBytes(100, fitting.width, fitting.height)).toBeLessThanOrEqual(ENGINE_HEAP_LIMIT_BYTES);
    expect(estimateHeapBytes(100, fitting.width + 2, fitting.height + 2)).toBeGreaterThan(ENGINE_HEAP_LIMIT_BYTES);
  });
});

describe('the heap a device allows', () => {
  it('is half the memory Chromium reports, at most the engine limit', () => {
    expect(heapLimitFor(8)).toBe(ENGINE_HEAP_LIMIT_BYTES);
    expect(heapLimitFor(4)).toBe(ENGINE_HEAP_LIMIT_BYTES);
    expect(heapLimitFor(2)).toBe(1024 * MIB);
    expect(heapLimitFor(0.5)).toBe(256 * MIB);
  });

  it("is a phone's budget where the browser reports nothing (Safari, Firefox), with room for the largest job the limits allow", () => {
    expect(heapLimitFor(undefined)).toBe(NO_DEVICE_FIGURE_HEAP_BYTES);
    expect(NO_DEVICE_FIGURE_HEAP_BYTES).toBe(1280 * MIB);
    expect(assertFitsInMemory(10, 3840, 2160, 0, NO_DEVICE_FIGURE_HEAP_BYTES)).toBeLessThan(
      NO_DEVICE_FIGURE_HEAP_BYTES,
    );
  });

  it('refuses a still too big for the budget with the size that fits, and that size is accepted', () => {
    const limit = 64 * MIB;
    let message = '';
    try {
      assertFitsInMemory(1, 3840, 2160, 0, limit);
    } catch (error) {
      message = (error as Error).message;
    }
    const [, width, height] = /Turn on Resize and choose (\d+)x(\d+) or smaller\.$/.exec(message) ?? [];
    expect(message).toMatch(
      /^This GIF would need about \d+ MB of memory, more than the converter can use in this browser \(64 MB\)\./,
    );
    expect(() => assertFitsInMemory(1, Number(width), Number(height), 0, limit)).not.toThrow();
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
