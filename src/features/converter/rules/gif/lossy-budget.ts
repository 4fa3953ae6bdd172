/**
 * Where lossy LZW may spend its error. The eye (and butteraugli, whose distance is the worst spot's)
 * sees an error on a smooth sky long before the same error in foliage, gravel or grain: each 8x8 block
 * gets a share of the budget from its activity, the mean luma step between neighbouring pixels of the
 * GIF itself. A smooth sky steps by at most about one palette colour (a few levels): it gets a quarter
 * of the budget (SMOOTH_SHARE); texture steps by ten levels and more: it gets up to twice the budget.
 */

import type { LzwEncoder } from './lzw';

/** Mean luma step (0–255) at which a block (8x8, lossy-budget.c's) gets the whole budget, and the shares at both ends. */
const FULL_AT = 10;
export const SMOOTH_SHARE = 0.25;
export const MAX_BUDGET_SHARE = 2;

/**
 * The smooth blocks' share in a still dithered by error diffusion. The core diffuses exactly
 * (wasm-assets/core/patches/paletteuse-exact-diffusion.patch), so a dithered sky is fine noise, and noise costs
 * bytes: 0.4 brings them back without contour bands (0.6 let them back in on a gradient) and scores as well or
 * better at equal size. Undithered pictures keep SMOOTH_SHARE. Figures: tests/bench/README.md, "Lossy budget".
 */
export const DITHERED_SMOOTH_SHARE = 0.4;

/**
 * Per-pixel budgets (perceived error, frame-diff.ts) for a frame of palette indices: `budget` × the share of
 * the pixel's block, at least `smoothShare`. Transparent pixels count as steps of 0. Computed by the LZW
 * encoder's module (wasm-assets/core/lzw/lossy-budget.c), about twice as fast as TypeScript on the optimiser's path
 * before the encode can start.
 */
export function adaptiveBudgets(
  lzw: LzwEncoder,
  indices: Uint8Array,
  width: number,
  palette: Uint8Array,
  transparentIndex: number | null,
  budget: number,
  smoothShare: number = SMOOTH_SHARE,
): Uint16Array {
  return lzw.budgets(indices, width, palette, {
    transparentIndex,
    budget,
    smoothShare,
    maxShare: MAX_BUDGET_SHARE,
    fullAt: FULL_AT,
  });
}
