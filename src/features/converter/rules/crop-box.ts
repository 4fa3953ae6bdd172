/**
 * The crop editor's box, kept out of React: moving and resizing it by handle or key, keeping it inside the
 * picture and to an aspect ratio, and turning it between source pixels (what the settings hold) and the
 * picture as shown, mirrored and turned (what the editor draws and the arrow keys move).
 */
import { orientPoint, orientRect, orientedSize, type CropRect, type Orientation, type QuarterTurns } from './framing';

export interface PictureSize {
  readonly width: number;
  readonly height: number;
}

/** Which part of the box a pointer holds: a side or a corner (by compass point), or the whole box. */
export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

export type AspectChoice = 'free' | 'original' | '1:1' | '4:3' | '16:9' | '9:16';

export const ASPECT_CHOICES: readonly { value: AspectChoice; label: string }[] = [
  { value: 'free', label: 'Free' },
  { value: 'original', label: 'Original' },
  { value: '1:1', label: '1:1' },
  { value: '4:3', label: '4:3' },
  { value: '16:9', label: '16:9' },
  { value: '9:16', label: '9:16' },
];

/** Arrow keys step by this many pixels, or by the coarse step with the modifier held. */
export const KEY_STEP = 1;
export const COARSE_KEY_STEP = 10;

/** Width / height of an aspect choice for a picture as shown, or null for a free box. */
export function aspectRatioOf(choice: AspectChoice, shown: PictureSize): number | null {
  if (choice === 'free') return null;
  if (choice === 'original') return shown.width / shown.height;
  const [w, h] = choice.split(':').map(Number) as [number, number];
  return w / h;
}

/** The aspect choice once the picture turns a quarter: 16:9 and 9:16 swap, a 4:3 box (no 3:4 choice) goes free. */
export function aspectAfterQuarterTurn(choice: AspectChoice): AspectChoice {
  if (choice === '16:9') return '9:16';
  if (choice === '9:16') return '16:9';
  return choice === '4:3' ? 'free' : choice;
}

export const wholePicture = (size: PictureSize): CropRect => ({ x: 0, y: 0, width: size.width, height: size.height });

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

const whole = (value: number, fallback: number) => (Number.isFinite(value) ? Math.round(value) : fallback);

/** The box in whole pixels, at least 1×1 and entirely inside the picture (a stale or typed box included). */
export function keepCropInside(rect: CropRect, size: PictureSize): CropRect {
  const width = clamp(whole(rect.width, size.width), 1, size.width);
  const height = clamp(whole(rect.height, size.height), 1, size.height);
  return {
    x: clamp(whole(rect.x, 0), 0, size.width - width),
    y: clamp(whole(rect.y, 0), 0, size.height - height),
    width,
    height,
  };
}

/** The box moved by (dx, dy), its size kept, stopping at the picture's edges. */
export function moveCrop(rect: CropRect, dx: number, dy: number, size: PictureSize): CropRect {
  return keepCropInside({ ...rect, x: rect.x + dx, y: rect.y + dy }, size);
}

/**
 * The box with one handle dragged by (dx, dy): the opposite side or corner stays put. With a ratio, a corner
 * follows whichever side moved further and an edge makes the other side follow around the box's centre;
 * either way the box stops where the picture ends rather than losing its ratio.
 */
export function resizeCrop(
  rect: CropRect,
  handle: Handle,
  dx: number,
  dy: number,
  size: PictureSize,
  ratio: number | null,
): CropRect {
  const box = keepCropInside(rect, size);
  const west = handle.includes('w');
  const east = handle.includes('e');
  const north = handle.includes('n');
  const south = handle.includes('s');
  let left = box.x;
  let top = box.y;
  let right = box.x + box.width;
  let bottom = box.y + box.height;
  if (west) left = clamp(Math.round(left + dx), 0, right - 1);
  if (east) right = clamp(Math.round(right + dx), left + 1, size.width);
  if (north) top = clamp(Math.round(top + dy), 0, bottom - 1);
  if (south) bottom = clamp(Math.round(bottom + dy), top + 1, size.height);
  if (ratio === null) return { x: left, y: top, width: right - left, height: bottom - top };

  const horizontal = west || east;
  const vertical = north || south;
  // The room the box has from its fixed side (or around its centre, for the side that follows).
  const centreX = box.x + box.width / 2;
  const centreY = box.y + box.height / 2;
  const roomW = east ? size.width - box.x : west ? box.x + box.width : size.width;
  const roomH = south ? size.height - box.y : north ? box.y + box.height : size.height;
  let width: number;
  if (horizontal && vertical) {
    const freeW = right - left;
    const freeH = bottom - top;
    // The side that changed more, relative to the box, leads.
    width =
      Math.abs(freeW - box.width) / box.width >= Math.abs(freeH - box.height) / box.height ? freeW : freeH * ratio;
  } else if (horizontal) width = right - left;
  else width = (bottom - top) * ratio;
  width = Math.min(width, roomW, roomH * ratio);
  const { width: w, height: h } = ratioSize(width, ratio, roomW, roomH);
  const x = west ? box.x + box.width - w : east ? box.x : clamp(Math.round(centreX - w / 2), 0, size.width - w);
  const y = north ? box.y + box.height - h : south ? box.y : clamp(Math.round(centreY - h / 2), 0, size.height - h);
  return { x, y, width: w, height: h };
}

/** Whole-pixel sides of a box about `width` wide at `ratio`, no larger than the room, at least 1×1. */
function ratioSize(width: number, ratio: number, roomW: number, roomH: number): PictureSize {
  let w = clamp(Math.round(width), 1, roomW);
  let h = Math.max(1, Math.round(w / ratio));
  // Rounding may have pushed the height past the room: the width follows the height then.
  if (h > roomH) {
    h = roomH;
    w = clamp(Math.round(h * ratio), 1, roomW);
  }
  return { width: w, height: h };
}

/** The largest box of `ratio` inside the current box, centred in it: choosing an aspect keeps the area chosen. */
export function reshapeToAspect(rect: CropRect, ratio: number, size: PictureSize): CropRect {
  const box = keepCropInside(rect, size);
  const { width, height } = ratioSize(Math.min(box.width, box.height * ratio), ratio, box.width, box.height);
  return {
    x: box.x + Math.floor((box.width - width) / 2),
    y: box.y + Math.floor((box.height - height) / 2),
    width,
    height,
  };
}

export interface KeyModifiers {
  /** Shift: resize instead of move. */
  readonly resize: boolean;
  /** The coarse-step modifier (Ctrl or Alt in the editor). */
  readonly coarse: boolean;
}

const ARROWS: Record<string, readonly [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * An arrow key on the box: it moves the box, or with Shift grows it right/down and shrinks it left/up (the
 * top-left corner stays). Null for any other key, so the editor lets it through.
 */
export function cropAfterKey(
  rect: CropRect,
  key: string,
  modifiers: KeyModifiers,
  size: PictureSize,
  ratio: number | null,
): CropRect | null {
  const arrow = ARROWS[key];
  if (!arrow) return null;
  const step = modifiers.coarse ? COARSE_KEY_STEP : KEY_STEP;
  const [dx, dy] = [arrow[0] * step, arrow[1] * step];
  return modifiers.resize ? resizeCrop(rect, 'se', dx, dy, size, ratio) : moveCrop(rect, dx, dy, size);
}

export type CropField = 'x' | 'y' | 'width' | 'height';

/** The box with one exact field typed, in source pixels: the value is kept inside what the picture allows. */
export function cropWithField(rect: CropRect, field: CropField, value: number, size: PictureSize): CropRect {
  const box = keepCropInside(rect, size);
  const range = cropFieldRange(box, field, size);
  return keepCropInside({ ...box, [field]: clamp(whole(value, box[field]), range.min, range.max) }, size);
}

/** What a field may hold with the other three as they are. */
export function cropFieldRange(rect: CropRect, field: CropField, size: PictureSize): { min: number; max: number } {
  switch (field) {
    case 'x':
      return { min: 0, max: size.width - rect.width };
    case 'y':
      return { min: 0, max: size.height - rect.height };
    case 'width':
      return { min: 1, max: size.width - rect.x };
    case 'height':
      return { min: 1, max: size.height - rect.y };
  }
}

/** The box from corner points, whichever way round they came. */
function spanning(a: { x: number; y: number }, b: { x: number; y: number }): CropRect {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x) + 1,
    height: Math.abs(a.y - b.y) + 1,
  };
}

/** A source-pixel box as it is seen once the picture (`source` big) is mirrored and turned. */
export function cropAsShown(rect: CropRect, source: PictureSize, o: Orientation): CropRect {
  return orientRect(rect, source.width, source.height, o);
}

/** The source-pixel box behind a box drawn on the shown picture; the inverse of cropAsShown. */
export function cropFromShown(rect: CropRect, source: PictureSize, o: Orientation): CropRect {
  const shown = orientedSize(source.width, source.height, o);
  // A mirror followed by turns undoes itself; plain turns are undone by as many turns back.
  const back: Orientation = o.mirrored
    ? o
    : { mirrored: false, quarterTurns: ((4 - o.quarterTurns) % 4) as QuarterTurns };
  const first = orientPoint(rect.x, rect.y, shown.width, shown.height, back);
  const last = orientPoint(rect.x + rect.width - 1, rect.y + rect.height - 1, shown.width, shown.height, back);
  return spanning(first, last);
}
