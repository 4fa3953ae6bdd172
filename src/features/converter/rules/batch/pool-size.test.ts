import { describe, expect, it } from 'vitest';
import { estimateHeapBytes } from '../plan/memory';
import { BATCH_MEMORY_BUDGET_BYTES, batchConcurrency, poolSize, requestedPoolSize, stillJobBytes } from './pool-size';
import { DEFAULT_SETTINGS } from '../settings';

describe('poolSize', () => {
  it('follows the cores, at most four', () => {
    expect(poolSize(1)).toBe(1);
    expect(poolSize(2)).toBe(2);
    expect(poolSize(16)).toBe(4);
  });
  it("reads Safari's engine's 4 cores (any device of fewer than 8) as two, and its 8 as eight", () => {
    expect(poolSize(4, null, 'Apple Computer, Inc.')).toBe(2);
    expect(poolSize(8, null, 'Apple Computer, Inc.')).toBe(4);
    expect(poolSize(4, null, 'Google Inc.')).toBe(4);
    expect(poolSize(4, null, '')).toBe(4);
  });
  it('assumes two cores when the browser does not say', () => {
    expect(poolSize(undefined)).toBe(2);
    expect(poolSize(0)).toBe(2);
  });
  it('lets a request lower the size, never raise it', () => {
    expect(poolSize(8, 1)).toBe(1);
    expect(poolSize(2, 3)).toBe(2);
    expect(poolSize(8, 0)).toBe(4);
  });
});

describe('requestedPoolSize', () => {
  it('reads a positive integer from ?pool=', () => {
    expect(requestedPoolSize('?pool=1')).toBe(1);
    expect(requestedPoolSize('?x=y&pool=3')).toBe(3);
  });
  it('ignores a missing or unusable value', () => {
    expect(requestedPoolSize('')).toBeNull();
    expect(requestedPoolSize('?pool=0')).toBeNull();
    expect(requestedPoolSize('?pool=-2')).toBeNull();
    expect(requestedPoolSize('?pool=1.5')).toBeNull();
    expect(requestedPoolSize('?pool=many')).toBeNull();
  });
});

describe('batchConcurrency', () => {
  it('uses the whole pool when the jobs are small', () => {
    expect(batchConcurrency(4, 100 * 1024 ** 2)).toBe(4);
  });
  it('runs fewer jobs at once when the biggest job would break the memory budget', () => {
    expect(batchConcurrency(4, BATCH_MEMORY_BUDGET_BYTES / 2)).toBe(2);
    expect(batchConcurrency(4, BATCH_MEMORY_BUDGET_BYTES / 2 + 1)).toBe(1);
  });
  it('always runs at least one job', () => {
    expect(batchConcurrency(4, BATCH_MEMORY_BUDGET_BYTES * 3)).toBe(1);
  });
});

describe('stillJobBytes', () => {
  it('counts the decoded PNG and the heap for one frame of the output size', () => {
    expect(stillJobBytes(DEFAULT_SETTINGS, { width: 1920, height: 1080 })).toBe(
      1920 * 1080 * 4 + estimateHeapBytes(1, 1920, 1080),
    );
    // Auto-scaled to 1920 wide: the decode is full size, the heap is for the smaller output.
    expect(stillJobBytes(DEFAULT_SETTINGS, { width: 8000, height: 4000 })).toBe(
      8000 * 4000 * 4 + estimateHeapBytes(1, 1920, 960),
    );
    // Cropped first: the heap is for the cropped output, the decode still the whole PNG.
    const crop = { x: 0, y: 0, width: 1000, height: 500 };
    expect(stillJobBytes({ ...DEFAULT_SETTINGS, crop }, { width: 8000, height: 4000 })).toBe(
      8000 * 4000 * 4 + estimateHeapBytes(1, 1000, 500),
    );
  });
  it('lets ten 1920x1080 stills run four at a time, and huge ones fewer', () => {
    expect(batchConcurrency(4, stillJobBytes(DEFAULT_SETTINGS, { width: 1920, height: 1080 }))).toBe(4);
    expect(batchConcurrency(4, stillJobBytes(DEFAULT_SETTINGS, { width: 12000, height: 12000 }))).toBe(2);
  });
});
