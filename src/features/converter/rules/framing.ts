/**
 * Framing: which part of the source becomes the GIF (the crop, in source pixels) and which way it is turned
 * (the orientation). The crop is taken first, then the orientation, then the scaling.
 */

export interface CropRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type QuarterTurns = 0 | 1 | 2 | 3;

/** The picture is mirrored left-to-right first (when `mirrored`), then turned clockwise `quarterTurns` times. */
export interface Orientation {
  readonly quarterTurns: QuarterTurns;
  readonly mirrored: boolean;
}

export const UPRIGHT: Orientation = { quarterTurns: 0, mirrored: false };

const turns = (n: number): QuarterTurns => (((n % 4) + 4) % 4) as QuarterTurns;

export const rotateRight = (o: Orientation): Orientation => ({ ...o, quarterTurns: turns(o.quarterTurns + 1) });

export const rotateLeft = (o: Orientation): Orientation => ({ ...o, quarterTurns: turns(o.quarterTurns - 1) });

export const rotateHalf = (o: Orientation): Orientation => ({ ...o, quarterTurns: turns(o.quarterTurns + 2) });

// Mirroring what is shown: a mirror after t turns equals t turns the other way after a mirror.
export const flipHorizontal = (o: Orientation): Orientation => ({
  quarterTurns: turns(-o.quarterTurns),
  mirrored: !o.mirrored,
});

// An upside-down flip is a left-to-right mirror followed by a half turn.
export const flipVertical = (o: Orientation): Orientation => rotateHalf(flipHorizontal(o));

export const isUpright = (o: Orientation): boolean => o.quarterTurns === 0 && !o.mirrored;

/** The size of a `width`×`height` picture once turned: a quarter turn swaps the sides. */
export function orientedSize(width: number, height: number, o: Orientation): { width: number; height: number } {
  return o.quarterTurns % 2 === 1 ? { width: height, height: width } : { width, height };
}

/** Where the source pixel (x, y) of a `width`×`height` picture lands once oriented. */
export function orientPoint(
  x: number,
  y: number,
  width: number,
  height: number,
  o: Orientation,
): { x: number; y: number } {
  let px = o.mirrored ? width - 1 - x : x;
  let py = y;
  let w = width;
  let h = height;
  for (let t = 0; t < o.quarterTurns; t++) {
    // One clockwise quarter turn: (x, y) in w×h goes to (h − 1 − y, x) in h×w.
    [px, py] = [h - 1 - py, px];
    [w, h] = [h, w];
  }
  return { x: px, y: py };
}
