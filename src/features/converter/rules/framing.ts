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

/**
 * What the decode worker takes of one frame's picture before anything else sees it (matte, facts, scaling):
 * the crop, in the picture's own pixels, then the orientation. `blank`: nothing of the frame is inside the
 * crop, so the frame is a transparent pixel.
 */
export interface FrameCut {
  crop: CropRect;
  orientation: Orientation;
  blank: boolean;
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

/**
 * The part of a `source.width`×`source.height` picture a crop keeps: the rectangle in whole pixels, cut to
 * the picture (a batch's one rectangle fits each file), or null when it misses the picture entirely. No crop
 * keeps the whole picture.
 */
export function clampCrop(crop: CropRect | null, source: { width: number; height: number }): CropRect | null {
  if (!crop) return { x: 0, y: 0, width: source.width, height: source.height };
  const x0 = Math.max(0, Math.round(crop.x));
  const y0 = Math.max(0, Math.round(crop.y));
  const x1 = Math.min(source.width, Math.round(crop.x + crop.width));
  const y1 = Math.min(source.height, Math.round(crop.y + crop.height));
  if (!(x1 > x0 && y1 > y0)) return null;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * The picture's size once framed: cropped (cut to the picture), then oriented. Everything sized from the
 * source (the resize fields, the presets, the 1920 cap, the estimate) works from this. A crop that misses
 * the picture leaves nothing to frame: the whole picture's oriented size is given, and the conversion of
 * that file refuses it (cropMissMessage).
 */
export function framedSize(
  source: { width: number; height: number },
  crop: CropRect | null,
  orientation: Orientation,
): { width: number; height: number } {
  const kept = clampCrop(crop, source) ?? { width: source.width, height: source.height };
  return orientedSize(kept.width, kept.height, orientation);
}

/** Where a rectangle of a `width`×`height` picture lands once oriented (its corners moved by orientPoint). */
export function orientRect(rect: CropRect, width: number, height: number, o: Orientation): CropRect {
  const a = orientPoint(rect.x, rect.y, width, height, o);
  const b = orientPoint(rect.x + rect.width - 1, rect.y + rect.height - 1, width, height, o);
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.abs(a.x - b.x) + 1, height: Math.abs(a.y - b.y) + 1 };
}
