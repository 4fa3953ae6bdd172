/**
 * Splitting an animation's heavy per-frame step (paletteuse + GIF encoding) across two engine cores:
 * one palette is made once over every frame, then each core maps and encodes a consecutive run of frames
 * with that palette and the GIF streams are joined (gif/bytes.ts joinGifs).
 *
 * Most of a large animation's time is that per-frame step, which splits cleanly. Below a few megapixels in
 * all, the extra exec and the palette hand-over cost more than they save.
 */
export interface FrameRun {
  firstFrame: number;
  frameCount: number;
}

/** Animations with fewer pixels than this (all frames together) are encoded on one core. */
export const SPLIT_MIN_TOTAL_PIXELS = 4_000_000;

/** Two consecutive runs covering every frame (the first one gets the odd frame), or null: do not split. */
export function splitFrames(frameCount: number, width: number, height: number): [FrameRun, FrameRun] | null {
  if (frameCount < 2 || frameCount * width * height < SPLIT_MIN_TOTAL_PIXELS) return null;
  const firstCount = Math.ceil(frameCount / 2);
  return [
    { firstFrame: 0, frameCount: firstCount },
    { firstFrame: firstCount, frameCount: frameCount - firstCount },
  ];
}

/**
 * Where to cut an animation for two optimiser workers: as the engine splits its encode (splitFrames),
 * when it has no transparency (a run starts on the picture the previous frame shows, which a cleared
 * rectangle would change). Null: one run.
 */
export function optimiseRunsFor(plan: {
  frames: readonly unknown[];
  width: number;
  height: number;
  transparent: boolean;
}): [FrameRun, FrameRun] | null {
  if (plan.transparent) return null;
  return splitFrames(plan.frames.length, plan.width, plan.height);
}
