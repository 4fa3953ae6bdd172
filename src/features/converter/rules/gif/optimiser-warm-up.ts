/**
 * A new worker runs its first GIF in JavaScript that is not compiled yet. Running the optimiser on a small
 * made-up animation (lossless and lossy, differenced, and a lossy still: every path a job takes) while
 * the page is idle compiles it first, so a new worker's first real run is faster by more than the warm-up
 * costs (tests/bench/probes/optimiser-warm-up.ts).
 */
import { optimiseGif } from './optimiser';
import type { GifFile, GifFrame } from './file';
import type { LzwEncoder } from './lzw';

const SIDE = 96;
const ROUNDS = 4;

/** Runs the optimiser on made-up frames, ROUNDS times; returns the bytes written (so that none of it is dead code). */
export function warmUpOptimiser(lzw: LzwEncoder): number {
  let written = 0;
  for (let round = 0; round < ROUNDS; round++) {
    written += optimiseGif(lzw, madeUp(3, round), { lossiness: 65 }).length;
    written += optimiseGif(lzw, madeUp(1, round), { lossiness: 65 }).length;
    written += optimiseGif(lzw, madeUp(2, round), { lossiness: 0 }).length;
  }
  return written;
}

/** A noisy ramp panning by three pixels a frame, as the core's indexed frames (indexed-frames.ts). */
function madeUp(count: number, seed: number): GifFile {
  let state = seed + 7;
  const random = () => (state = (state * 16807) % 2147483647) / 2147483647;
  const palette = new Uint8Array(256 * 3);
  for (let i = 0; i < 256; i++) palette.set([i, (i * 3) & 255, 255 - i], i * 3);
  const frames: GifFrame[] = Array.from({ length: count }, (_, n) => ({
    left: 0,
    top: 0,
    width: SIDE,
    height: SIDE,
    localPalette: palette,
    transparentIndex: 255,
    disposal: 1,
    delayCs: 10,
    interlaced: false,
    minCodeSize: 8,
    data: new Uint8Array(0),
    indices: Uint8Array.from({ length: SIDE * SIDE }, (_, p) =>
      Math.min(254, Math.floor((((p % SIDE) + 3 * n) * 200) / SIDE + random() * 24)),
    ),
  }));
  return { width: SIDE, height: SIDE, globalPalette: null, backgroundIndex: 0, loopCount: 0, frames };
}
