import { describe, expect, it } from 'vitest';
import { warmUpOptimiser } from './optimiser-warm-up';
import { lzw } from '../../../../../tests/support/node-lzw';

describe('warmUpOptimiser', () => {
  it('runs the optimiser on its made-up frames and writes the same GIFs every time (nothing depends on state)', () => {
    const written = warmUpOptimiser(lzw);
    // Four rounds of a lossy animation, a lossy still and a lossless animation of 96x96 frames.
    expect(written).toBeGreaterThan(4 * 3 * 1000);
    expect(warmUpOptimiser(lzw)).toBe(written);
  });
});
