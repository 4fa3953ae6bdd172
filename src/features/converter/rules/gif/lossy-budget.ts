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
 * The smooth blocks' share in a still dithered by error diffusion. Since the core diffuses exactly
 * (wasm-assets/core/patches/paletteuse-exact-diffusion.patch) a dithered sky is fine noise where the
 * dropped errors used to leave flat patches and bands, and that noise costs bytes: at quality 80 with a
 * quarter, storm 135K → 156K, aqua 182K → 219K, dune 348K → 375K, ladybird 333K → 376K. With 0.4 the
 * bytes are back (124K, 184K, 356K, 335K) and the 1:1 crops of the skies still show no contour bands, only
 * a faint streak along the rows; 0.6 brought them back on the fluent wallpaper. At equal size 0.4 is as
 * good or better: storm 124K/.9446/3.29 against a quarter's 60 % 122K/.9436/3.49, aqua 184K/.9377/5.68
 * against 184K/.9344/5.75, dune 356K/.9301/6.51 against 70 %'s 353K/.9283/6.46. Undithered pictures keep
 * a quarter: at 0.4 the elephants downscale (no dither) went 3.82 → 4.11 in butteraugli for 1 KiB.
 * (Node engine, tests/engine/measure/quality-eval.ts; the table is in quality.ts.)
 */
export const DITHERED_SMOOTH_SHARE = 0.4;

/**
 * Per-pixel budgets (perceived error, frame-diff.ts) for a frame of palette indices: `budget` × the share of
 * the pixel's block, at least `smoothShare`. Transparent pixels count as steps of 0. Computed by the LZW
 * encoder's module (wasm-assets/core/lzw/lossy-budget.c): in TypeScript this took 22 ms of a 1920x1440
 * still's optimiser before its encode could start, in the module 11 (7 of them the walk itself).
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
