import { describe, expect, it } from 'vitest';
import { adaptiveBudgets, DITHERED_SMOOTH_SHARE } from './lossy-budget';

/** Greys: index i is grey level i. */
const GREYS = Uint8Array.from({ length: 256 * 3 }, (_, i) => Math.floor(i / 3));

describe('lossy budget by content', () => {
  const width = 16;
  // Left half: a dithered sky (neighbours one level apart); right half: texture (steps of 40).
  const indices = Uint8Array.from({ length: width * 16 }, (_, p) => {
    const [x, y] = [p % width, Math.floor(p / width)];
    return x < 8 ? 100 + ((x + y) & 1) : (x + y) % 2 ? 60 : 100;
  });

  it('gives a smooth block a quarter of the budget and a busy one twice', () => {
    const budgets = adaptiveBudgets(indices, width, GREYS, null, 400);
    expect(budgets[0]).toBe(100);
    expect(budgets[width * 9 + 3]).toBe(100);
    expect(budgets[12]).toBe(800);
    expect(budgets[width * 15 + 15]).toBe(800);
  });

  it('gives smooth blocks a larger share when asked (a still dithered by diffusion)', () => {
    const budgets = adaptiveBudgets(indices, width, GREYS, null, 400, DITHERED_SMOOTH_SHARE);
    expect(budgets[0]).toBe(Math.round(400 * DITHERED_SMOOTH_SHARE));
    expect(budgets[0]).toBeGreaterThan(100);
    expect(budgets[12]).toBe(800);
  });

  it('leaves transparent pixels out of the activity', () => {
    const holes = indices.map((index) => (index === 60 ? 255 : index));
    const budgets = adaptiveBudgets(holes, width, GREYS, 255, 400);
    // The texture's pixels that remain all have the same grey: no steps, the smallest share.
    expect(budgets[12]).toBe(100);
  });
});
