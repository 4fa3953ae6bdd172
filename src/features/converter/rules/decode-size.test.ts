import { describe, expect, it } from 'vitest';
import { decodeSizes, extraDecodedBytes, FULL_DECODE_JOB_BYTES } from './decode-size';

const at = (width: number, height: number) => ({ x: 0, y: 0, width, height });

describe('decodeSizes', () => {
  it('decodes a frame larger than its placement at full size, for the core to scale with lanczos', () => {
    expect(decodeSizes([{ width: 4000, height: 3000 }], [at(1920, 1440)])).toEqual([{ width: 4000, height: 3000 }]);
  });

  it('leaves frames at or below their placement as they are', () => {
    expect(decodeSizes([{ width: 800, height: 600 }], [at(800, 600)])).toEqual([{ width: 800, height: 600 }]);
    expect(decodeSizes([{ width: 100, height: 50 }], [at(200, 100)])).toEqual([{ width: 100, height: 50 }]);
  });

  it('lets the browser pre-shrink a huge frame to twice its placement (20000x20000 → 3840x3840)', () => {
    expect(decodeSizes([{ width: 20000, height: 20000 }], [at(1920, 1920)])).toEqual([{ width: 3840, height: 3840 }]);
  });

  it('pre-shrinks every frame of a job whose full-size frames would pass the budget', () => {
    const sources = Array.from({ length: 10 }, () => ({ width: 5000, height: 5000 }));
    const sizes = decodeSizes(
      sources,
      sources.map(() => at(1920, 1920)),
    );
    expect(sizes.every((s) => s.width === 3840 && s.height === 3840)).toBe(true);
  });

  it('decodes at the placement when even twice the placement would not fit', () => {
    const sources = Array.from({ length: 10 }, () => ({ width: 9000, height: 9000 }));
    const placements = sources.map(() => at(3840, 2160));
    const sizes = decodeSizes(sources, placements);
    expect(sizes).toEqual(placements.map(({ width, height }) => ({ width, height })));
    expect(sizes.reduce((sum, s) => sum + s.width * s.height * 4, 0)).toBeLessThanOrEqual(FULL_DECODE_JOB_BYTES);
  });

  it('follows a smaller budget given by the heap', () => {
    const sizes = decodeSizes([{ width: 4000, height: 3000 }], [at(1920, 1440)], 45_000_000);
    expect(sizes).toEqual([{ width: 3840, height: 2880 }]);
  });

  it('keeps ten 3500x3500 frames (the 50 MB PNG case) at full size', () => {
    const sources = Array.from({ length: 10 }, () => ({ width: 3500, height: 3500 }));
    expect(
      decodeSizes(
        sources,
        sources.map(() => at(1920, 1920)),
      ),
    ).toEqual(sources);
  });
});

describe('extraDecodedBytes', () => {
  it('counts what full-size frames add over placement-size ones, never less than nothing', () => {
    expect(extraDecodedBytes([{ width: 4000, height: 3000 }], [at(1920, 1440)])).toBe((12_000_000 - 2_764_800) * 4);
    expect(extraDecodedBytes([{ width: 100, height: 50 }], [at(200, 100)])).toBe(0);
  });
});
