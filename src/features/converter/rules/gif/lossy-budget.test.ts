import { describe, expect, it } from 'vitest';
import { adaptiveBudgets, DITHERED_SMOOTH_SHARE, MAX_BUDGET_SHARE } from './lossy-budget';
import { lzw } from '../../../../../tests/support/node-lzw';

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
    const budgets = adaptiveBudgets(lzw, indices, width, GREYS, null, 400);
    expect(budgets[0]).toBe(100);
    expect(budgets[width * 9 + 3]).toBe(100);
    expect(budgets[12]).toBe(800);
    expect(budgets[width * 15 + 15]).toBe(800);
  });

  it('gives smooth blocks a larger share when asked (a still dithered by diffusion)', () => {
    const budgets = adaptiveBudgets(lzw, indices, width, GREYS, null, 400, DITHERED_SMOOTH_SHARE);
    expect(budgets[0]).toBe(Math.round(400 * DITHERED_SMOOTH_SHARE));
    expect(budgets[0]).toBeGreaterThan(100);
    expect(budgets[12]).toBe(800);
  });

  it('leaves transparent pixels out of the activity', () => {
    const holes = indices.map((index) => (index === 60 ? 255 : index));
    const budgets = adaptiveBudgets(lzw, holes, width, GREYS, 255, 400);
    // The texture's pixels that remain all have the same grey: no steps, the smallest share.
    expect(budgets[12]).toBe(100);
  });

  it('gives every block of a ragged frame its mean luma step, transparent pixels left out', () => {
    // 21x13: the last block column is 5 wide, the last block row 5 high; colours, not greys.
    const [w, h] = [21, 13];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    // Colours close together, and blocks of 1 to 4 of them: shares between the smallest and the largest.
    const palette = Uint8Array.from({ length: 40 * 3 }, () => 100 + Math.floor(next() * 30));
    const frame = Uint8Array.from({ length: w * h }, (_, p) => {
      const [x, y] = [p % w, Math.floor(p / w)];
      return Math.floor(next() * (1 + (((x >> 3) + (y >> 3)) % 4)));
    });
    const transparent = 3;
    const lumaOf = (i: number) => 0.299 * palette[i * 3]! + 0.587 * palette[i * 3 + 1]! + 0.114 * palette[i * 3 + 2]!;
    const expected = (x0: number, y0: number) => {
      let [sum, steps] = [0, 0];
      for (let y = y0; y < Math.min(h, y0 + 8); y++) {
        for (let x = x0; x < Math.min(w, x0 + 8); x++) {
          const here = frame[y * w + x]!;
          if (here === transparent) continue;
          for (const [nx, ny] of [
            [x + 1, y],
            [x, y + 1],
          ] as const) {
            const there = frame[ny * w + nx];
            if (nx >= w || ny >= h || there === transparent) continue;
            sum += Math.abs(lumaOf(there!) - lumaOf(here));
            steps++;
          }
        }
      }
      const share = Math.min(MAX_BUDGET_SHARE, Math.max(0.25, (steps ? sum / steps : 0) / 10));
      return Math.round(300 * share);
    };
    const budgets = adaptiveBudgets(lzw, frame, w, palette, transparent, 300);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) expect(budgets[y * w + x]).toBeCloseTo(expected(x - (x % 8), y - (y % 8)), 0);
    }
    expect(new Set(budgets).size).toBeGreaterThan(3);
  });
});
