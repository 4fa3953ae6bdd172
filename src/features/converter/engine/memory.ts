/**
 * Memory pre-flight for the ffmpeg core's heap.
 *
 * Measured here with @ffmpeg/core 0.12.10: heap ≈ 32 MiB + 1.15 × frames × width × height × 4 bytes,
 * because palettegen (stats_mode=full) buffers every frame before paletteuse starts. The single-thread
 * core's heap can grow to 2 GiB and never shrinks, so a job above the limit would abort the core
 * (and could take the tab with it): refuse it before running instead.
 */
const MIB = 1024 * 1024;

export const ENGINE_HEAP_LIMIT_BYTES = 2048 * MIB;
const BASE_HEAP_BYTES = 32 * MIB;
const PER_PIXEL_FACTOR = 1.15 * 4;
/** The heap never shrinks, so an instance that ran a job bigger than this is replaced by a fresh one. */
export const RESTART_AFTER_HEAP_BYTES = 256 * MIB;

/**
 * `extraInputBytes`: what the decoded frames weigh in the core's file system beyond frames of the
 * output size (full-size frames that the core scales, engine/decode-size.ts).
 */
export function estimateHeapBytes(frameCount: number, width: number, height: number, extraInputBytes = 0): number {
  return Math.ceil(BASE_HEAP_BYTES + PER_PIXEL_FACTOR * frameCount * width * height + extraInputBytes);
}

/** What is left of the heap for bigger decoded frames once a job at the output size is counted. */
export function heapHeadroom(frameCount: number, width: number, height: number): number {
  return Math.max(0, ENGINE_HEAP_LIMIT_BYTES - estimateHeapBytes(frameCount, width, height));
}

const toMiB = (bytes: number) => Math.ceil(bytes / MIB);

/** Throws the message the user sees when a job cannot fit; says what to change. */
export function assertFitsInMemory(frameCount: number, width: number, height: number, extraInputBytes = 0): number {
  const needed = estimateHeapBytes(frameCount, width, height, extraInputBytes);
  if (needed <= ENGINE_HEAP_LIMIT_BYTES) return needed;
  const maxFrames = Math.max(
    1,
    Math.floor((ENGINE_HEAP_LIMIT_BYTES - BASE_HEAP_BYTES) / (PER_PIXEL_FACTOR * width * height)),
  );
  throw new Error(
    `This GIF would need about ${toMiB(needed)} MB of memory, more than the converter can use ` +
      `(${toMiB(ENGINE_HEAP_LIMIT_BYTES)} MB). Use at most ${maxFrames} frames at ${width}x${height}, ` +
      'or turn on Resize and choose a smaller size.',
  );
}
