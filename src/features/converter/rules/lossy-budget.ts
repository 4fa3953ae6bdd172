/**
 * Where lossy LZW may spend its error. The eye (and butteraugli, whose distance is the worst spot's)
 * sees an error on a smooth sky long before the same error in foliage, gravel or grain: each 8x8 block
 * gets a share of the budget from its activity, the mean luma step between neighbouring pixels of the
 * GIF itself. A smooth sky steps by at most about one palette colour (a few levels): it gets a quarter
 * of the budget (SMOOTH_SHARE); texture steps by ten levels and more: it gets up to twice the budget.
 */

const BLOCK = 8;
/** Mean luma step (0–255) at which a block gets the whole budget, and the shares at both ends. */
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
 * the pixel's block, at least `smoothShare`. Transparent pixels count as steps of 0.
 */
export function adaptiveBudgets(
  indices: Uint8Array,
  width: number,
  palette: Uint8Array,
  transparentIndex: number | null,
  budget: number,
  smoothShare: number = SMOOTH_SHARE,
): Uint16Array {
  const height = indices.length / width;
  const luma = new Float32Array(256);
  for (let i = 0; i < 256 && i * 3 < palette.length; i++) {
    luma[i] =
      i === transparentIndex ? -1 : 0.299 * palette[i * 3]! + 0.587 * palette[i * 3 + 1]! + 0.114 * palette[i * 3 + 2]!;
  }
  const out = new Uint16Array(indices.length);
  const cap = 0xffff;
  for (let by = 0; by < height; by += BLOCK) {
    const bottom = Math.min(height, by + BLOCK);
    for (let bx = 0; bx < width; bx += BLOCK) {
      const right = Math.min(width, bx + BLOCK);
      let steps = 0;
      let sum = 0;
      for (let y = by; y < bottom; y++) {
        for (let x = bx, p = y * width + bx; x < right; x++, p++) {
          const here = luma[indices[p]!]!;
          if (here < 0) continue;
          if (x + 1 < width) {
            const next = luma[indices[p + 1]!]!;
            if (next >= 0) {
              sum += Math.abs(next - here);
              steps++;
            }
          }
          if (y + 1 < height) {
            const below = luma[indices[p + width]!]!;
            if (below >= 0) {
              sum += Math.abs(below - here);
              steps++;
            }
          }
        }
      }
      const activity = steps ? sum / steps : 0;
      const share = Math.min(MAX_BUDGET_SHARE, Math.max(smoothShare, activity / FULL_AT));
      const value = Math.min(cap, Math.round(budget * share));
      for (let y = by; y < bottom; y++) out.fill(value, y * width + bx, y * width + right);
    }
  }
  return out;
}
