/**
 * Where lossy LZW may spend its error. The eye (and butteraugli, whose distance is the worst spot's)
 * sees an error on a smooth sky long before the same error in foliage, gravel or grain: each 8x8 block
 * gets a share of the budget from its activity, the mean luma step between neighbouring pixels of the
 * GIF itself. A dithered sky steps by about one palette colour (a few levels): it gets a quarter of
 * the budget; texture steps by ten levels and more: it gets up to twice the budget.
 */

const BLOCK = 8;
/** Mean luma step (0–255) at which a block gets the whole budget, and the shares at both ends. */
const FULL_AT = 10;
const MIN_SHARE = 0.25;
export const MAX_BUDGET_SHARE = 2;

/**
 * Per-pixel budgets (squared RGB distance) for a frame of palette indices: `budget` × the share of
 * the pixel's block. Transparent pixels count as steps of 0.
 */
export function adaptiveBudgets(
  indices: Uint8Array,
  width: number,
  palette: Uint8Array,
  transparentIndex: number | null,
  budget: number,
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
      const share = Math.min(MAX_BUDGET_SHARE, Math.max(MIN_SHARE, activity / FULL_AT));
      const value = Math.min(cap, Math.round(budget * share));
      for (let y = by; y < bottom; y++) out.fill(value, y * width + bx, y * width + right);
    }
  }
  return out;
}
