/**
 * Memory pre-flight for the engine core's heap (wasm-assets/core: FFmpeg 7.1.5, grows on demand up to
 * 2 GiB and never shrinks; a job above that would abort the core, so it is refused before running).
 *
 * Two terms, measured with tests/bench/probes/heap.ts (wasm memory after one job on a fresh core):
 * - every frame stays buffered until palettegen (stats_mode=full) has seen the last one:
 *   ≈ 1.15 × 4 bytes per pixel of every frame;
 * - palettegen's colour histogram: since FFmpeg 6 each distinct colour carries its OkLab value, ~40 bytes
 *   with the hash lists' growth and the sort pointers. Distinct colours are at most 2^24, and at most a
 *   quarter of the pixels once there are many (the plan then samples every other pixel of every other row;
 *   below MANY_COLOURS it does not sample).
 * palettegen no longer runs (the palette is cut from the decode workers' histogram, palette/cut.ts); its
 * term stays until heap.ts measures the core without it, so the estimate errs on the safe side.
 */
import { ConversionError } from '../errors';

const MIB = 1024 * 1024;

export const ENGINE_HEAP_LIMIT_BYTES = 2048 * MIB;
const BASE_HEAP_BYTES = 32 * MIB;
const PER_PIXEL_FACTOR = 1.15 * 4;
const HISTOGRAM_BYTES_PER_COLOUR = 40;
const MAX_DISTINCT_COLOURS = 2 ** 24;
/** Below this many distinct colours palettegen saw every pixel, above it a quarter of them. */
const MANY_COLOURS = 4096;
/** The heap never shrinks, so an instance that ran a job bigger than this is replaced by a fresh one. */
export const RESTART_AFTER_HEAP_BYTES = 256 * MIB;

/**
 * Whether a core is replaced after a job: by the heap it logged it has grown to (the wasm memory, which
 * never shrinks), else by the plan's estimate. The estimate keeps terms of a palettegen that no longer runs
 * and errs far on the safe side: by it alone, every large animation replaced its core, and a conversion
 * started soon after waited for the new one.
 */
export function needsFreshCore(grownHeapBytes: number | null, estimatedTooBig: boolean): boolean {
  return grownHeapBytes === null ? estimatedTooBig : grownHeapBytes > RESTART_AFTER_HEAP_BYTES;
}

/**
 * `extraInputBytes`: what the decoded frames weigh in the core's file system beyond frames of the
 * output size (full-size frames that the core scales, rules/plan/decode-size.ts).
 */
export function estimateHeapBytes(frameCount: number, width: number, height: number, extraInputBytes = 0): number {
  const sampled = frameCount * Math.ceil(width / 2) * Math.ceil(height / 2);
  const distinct = Math.min(MAX_DISTINCT_COLOURS, sampled + MANY_COLOURS);
  return Math.ceil(
    BASE_HEAP_BYTES +
      PER_PIXEL_FACTOR * frameCount * width * height +
      HISTOGRAM_BYTES_PER_COLOUR * distinct +
      extraInputBytes,
  );
}

/**
 * Where the browser does not say how much memory its device has (`navigator.deviceMemory` is Chromium's
 * alone: Safari and Firefox give nothing), a job plans for a phone of 3–4 GB. The estimate above runs
 * several times over what the core really uses (heap.ts; figures in the README), so this budget of the
 * estimate still lets the largest job the limits allow through.
 */
export const NO_DEVICE_FIGURE_HEAP_BYTES = 1280 * MIB;

/**
 * The heap a job may plan for: half the device's memory as the browser reports it (Chrome reports at most
 * 8 GB: the engine's whole limit from 4 GB on), or the phone's budget above when it reports nothing.
 */
export function heapLimitFor(deviceMemoryGiB: number | undefined): number {
  if (deviceMemoryGiB === undefined || !(deviceMemoryGiB > 0)) return NO_DEVICE_FIGURE_HEAP_BYTES;
  return Math.min(ENGINE_HEAP_LIMIT_BYTES, Math.floor((deviceMemoryGiB * 1024 * MIB) / 2));
}

/** What is left of the heap for bigger decoded frames once a job at the output size is counted. */
export function heapHeadroom(
  frameCount: number,
  width: number,
  height: number,
  limit = ENGINE_HEAP_LIMIT_BYTES,
): number {
  return Math.max(0, limit - estimateHeapBytes(frameCount, width, height));
}

const toMiB = (bytes: number) => Math.ceil(bytes / MIB);

/** The spec's smallest width and height a person can choose under Resize. */
const MIN_SIDE = 100;

/** The largest size of the same proportions whose job of `frameCount` frames fits `limit`, or null below 100 px. */
export function largestFittingSize(
  frameCount: number,
  width: number,
  height: number,
  limit: number,
): { width: number; height: number } | null {
  const at = (scale: number) => ({
    width: Math.max(1, Math.floor(width * scale)),
    height: Math.max(1, Math.floor(height * scale)),
  });
  const fits = (scale: number) => {
    const size = at(scale);
    return estimateHeapBytes(frameCount, size.width, size.height) <= limit;
  };
  let low = 0;
  let high = 1;
  for (let step = 0; step < 40; step++) {
    const middle = (low + high) / 2;
    if (fits(middle)) low = middle;
    else high = middle;
  }
  const size = at(low);
  return low > 0 && size.width >= MIN_SIDE && size.height >= MIN_SIDE ? size : null;
}

/** Throws the message the user sees when a job cannot fit; says what to change. */
export function assertFitsInMemory(
  frameCount: number,
  width: number,
  height: number,
  extraInputBytes = 0,
  limit = ENGINE_HEAP_LIMIT_BYTES,
): number {
  const needed = estimateHeapBytes(frameCount, width, height, extraInputBytes);
  if (needed <= limit) return needed;
  let maxFrames = frameCount - 1;
  while (maxFrames > 1 && estimateHeapBytes(maxFrames, width, height) > limit) maxFrames--;
  const fitting = largestFittingSize(frameCount, width, height, limit);
  const resize = fitting ? `choose ${fitting.width}x${fitting.height} or smaller` : 'choose a smaller size';
  const frames =
    frameCount > 1 && estimateHeapBytes(Math.max(1, maxFrames), width, height) <= limit
      ? `Use at most ${Math.max(1, maxFrames)} frames at ${width}x${height}, or turn on Resize and ${resize}.`
      : `Turn on Resize and ${resize}.`;
  throw new ConversionError(
    `This GIF would need about ${toMiB(needed)} MB of memory, more than the converter can use in this browser ` +
      `(${toMiB(limit)} MB). ${frames}`,
  );
}
