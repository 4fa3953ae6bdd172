import type { Placement, Size } from './dimensions';

/**
 * How big the browser decodes each frame before the engine core scales it (lanczos) to its placement.
 *
 * The browser's `createImageBitmap(resizeQuality: 'high')` is close to nearest-neighbour at big ratios
 * (SSIM against lanczos 0.998 at 1.33×, 0.988 at 2×, 0.906 at 2.9×, 0.717 at 5.9×, measured here), so a
 * frame larger than its placement goes to the core at full size. Full-size frames sit in the core's file
 * system until the job ends, so they are bounded: a frame above FULL_DECODE_MAX_PIXELS, or a job whose
 * frames together would pass FULL_DECODE_JOB_BYTES, is pre-shrunk by the browser to about twice its
 * placement (where the browser is still close to lanczos) and the core does the rest; a job still too
 * big at 2× is decoded at its placement, as before. `budgetBytes` lowers the job budget further when the
 * heap has less room (memory.ts heapHeadroom plus the placement-size frames it already counts).
 */
export const FULL_DECODE_MAX_PIXELS = 36_000_000;
export const FULL_DECODE_JOB_BYTES = 640 * 1024 * 1024;
/** The browser's pre-shrink stops at this multiple of the placement. */
export const PRE_SHRINK_FACTOR = 2;

const isLarger = (source: Size, placement: Placement) =>
  source.width > placement.width || source.height > placement.height;

const bytes = (sizes: readonly Size[]) => sizes.reduce((sum, s) => sum + s.width * s.height * 4, 0);

/** `source` reduced to at most `factor` × `placement` on each side, never enlarged (proportions of the placement). */
function shrunk(source: Size, placement: Placement, factor: number): Size {
  return {
    width: Math.min(source.width, Math.max(1, Math.round(placement.width * factor))),
    height: Math.min(source.height, Math.max(1, Math.round(placement.height * factor))),
  };
}

/**
 * One decode size per frame. A frame no larger than its placement is decoded as it is (the core scales it
 * up, or only places it); a larger one at full size within the budgets, else pre-shrunk as described above.
 */
export function decodeSizes(
  sources: readonly Size[],
  placements: readonly Placement[],
  budgetBytes = FULL_DECODE_JOB_BYTES,
): Size[] {
  const budget = Math.min(budgetBytes, FULL_DECODE_JOB_BYTES);
  const full = sources.map((source, i) => {
    const placement = placements[i]!;
    if (!isLarger(source, placement) || source.width * source.height <= FULL_DECODE_MAX_PIXELS)
      return { width: source.width, height: source.height };
    return shrunk(source, placement, PRE_SHRINK_FACTOR);
  });
  if (bytes(full) <= budget) return full;
  const twice = sources.map((source, i) => shrunk(source, placements[i]!, PRE_SHRINK_FACTOR));
  if (bytes(twice) <= budget) return twice;
  return placements.map(({ width, height }) => ({ width, height }));
}

/** Each frame larger than its placement at the placement's size, the others as they are (no full-size decodes). */
export function shrunkToPlacements(sources: readonly Size[], placements: readonly Placement[]): Size[] {
  return sources.map((source, i) => {
    const placement = placements[i]!;
    return isLarger(source, placement)
      ? { width: placement.width, height: placement.height }
      : { width: source.width, height: source.height };
  });
}

/** Bytes the decoded frames add in the core's file system beyond frames of their placement's size. */
export function extraDecodedBytes(decoded: readonly Size[], placements: readonly Placement[]): number {
  return Math.max(0, bytes(decoded) - bytes(placements));
}
