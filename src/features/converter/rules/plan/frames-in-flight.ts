/**
 * How many decoded frames a job may have asked for ahead of the one it hands to the core: the decode
 * workers' parallelism at least, and small frames up to a budget of bytes. A frame decoded ahead (kept by
 * its worker, runtime/kept-decodes.ts) is only a copy away, so a small animation asks for all of its frames
 * at once instead of waiting for a round trip through a busy page per frame; big frames stay at the
 * parallelism, which keeps a large animation's pages of pixels in flight few.
 */
export const FRAMES_IN_FLIGHT_BYTES = 40 * 1024 * 1024;

/**
 * `frameBytes`: the biggest frame's RGBA bytes, twice over when a helper core gets its own copy of a frame's
 * rows; `parallelism`: the decode workers.
 */
export function framesInFlight(frameBytes: number, parallelism: number, budget = FRAMES_IN_FLIGHT_BYTES): number {
  return Math.max(1, parallelism, Math.floor(budget / Math.max(1, frameBytes)));
}
