/**
 * Frame differencing for animations, on what the viewer shows (canvases of 0xRRGGBB or CLEAR, see
 * gif-file.ts): each frame only covers the rectangle where the picture changes, and inside it the pixels
 * that already show the right colour are written transparent, which LZW packs into long runs.
 *
 * Transparency in the picture: a frame can only leave the canvas as it is, never clear it, so where the
 * next picture is clear but this one is not, this frame's disposal is "restore to background" (clear its
 * rectangle after showing it) and its rectangle grows to cover those pixels. Then every pixel that must
 * be clear already is, and the next frame writes it transparent.
 */
import { CLEAR } from './gif-file';
import { ColourIndex } from './gif-lzw';

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Whether the canvas colour `shown` may stay for the wanted colour: equal, or both opaque and within
 * `tolerance` (squared RGB distance; lossy only).
 */
export function closeEnough(shown: number, wanted: number, tolerance: number): boolean {
  if (shown === wanted) return true;
  if (tolerance === 0 || shown === CLEAR || wanted === CLEAR) return false;
  const dr = ((shown >> 16) & 0xff) - ((wanted >> 16) & 0xff);
  const dg = ((shown >> 8) & 0xff) - ((wanted >> 8) & 0xff);
  const db = (shown & 0xff) - (wanted & 0xff);
  return dr * dr + dg * dg + db * db <= tolerance;
}

/**
 * Bounds of the pixels where `target` and `canvas` differ (by more than `tolerance`, except where `exact`
 * is set: there only an equal colour is the same), or null.
 */
export function changedBounds(
  target: Int32Array,
  canvas: Int32Array,
  width: number,
  tolerance = 0,
  exact: Uint8Array | null = null,
): Rect | null {
  const a = target;
  const b = canvas;
  const same = (p: number) =>
    a[p] === b[p] || (tolerance > 0 && !(exact && exact[p]) && closeEnough(b[p]!, a[p]!, tolerance));
  const height = a.length / width;
  let top = -1;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let x = 0;
    while (x < width && same(row + x)) x++;
    if (x === width) continue;
    if (top < 0) top = y;
    bottom = y;
    if (x < left) left = x;
    let r = width - 1;
    while (r > right && same(row + r)) r--;
    if (r > right) right = r;
  }
  return top < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** Bounds of the pixels clear in `next` but not in `shown`: what must be cleared before `next`, or null. */
export function clearingBounds(next: Int32Array, shown: Int32Array, width: number): Rect | null {
  const height = next.length / width;
  let top = -1;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0, p = y * width; x < width; x++, p++) {
      if (next[p] !== CLEAR || shown[p] === CLEAR) continue;
      if (top < 0) top = y;
      bottom = y;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  return top < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

export function unionRect(a: Rect, b: Rect | null): Rect {
  if (!b) return a;
  const left = Math.min(a.left, b.left);
  const top = Math.min(a.top, b.top);
  const right = Math.max(a.left + a.width, b.left + b.width);
  const bottom = Math.max(a.top + a.height, b.top + b.height);
  return { left, top, width: right - left, height: bottom - top };
}

export interface CutFrame {
  /** The rectangle's pixels as indices; unchanged (and clear) pixels are the transparent index. */
  indices: Uint8Array;
  /** The canvas under the rectangle (for the encoder's lossless and lossy choices). */
  under: Int32Array;
  transparentIndex: number | null;
}

/**
 * The rectangle of `target` as palette indices over `canvas` (what is shown before this frame). Inside
 * it, a lossy encoder may still show a close canvas colour through the transparent index (`under`).
 * `transparentIndex`: the frame's own, or null to pick an index no pixel of the rectangle needs.
 * Returns null when a colour is not in the palette or a clear pixel has no transparent index to use.
 */
export function cutFrame(
  target: Int32Array,
  canvas: Int32Array,
  width: number,
  rect: Rect,
  palette: Uint8Array,
  transparentIndex: number | null,
): CutFrame | null {
  const entries = Math.min(256, palette.length / 3);
  const indexOf = new ColourIndex(palette, entries, transparentIndex);
  const count = rect.width * rect.height;
  const indices = new Uint8Array(count);
  const under = new Int32Array(count);
  const used = new Uint8Array(256);
  let t = transparentIndex;
  let lastColour = -2; // no colour: the cache starts empty
  let lastIndex = -1;
  // First pass: changed pixels get their colour's index (unchanged ones are marked -1 for now).
  const unchanged = new Uint8Array(count);
  for (let y = 0, q = 0; y < rect.height; y++) {
    for (let x = 0, p = (rect.top + y) * width + rect.left; x < rect.width; x++, p++, q++) {
      const colour = target[p]!;
      under[q] = canvas[p]!;
      if (colour === canvas[p]) {
        unchanged[q] = 1;
        continue;
      }
      if (colour !== lastColour) {
        const index = indexOf.get(colour);
        if (index < 0) return null;
        lastColour = colour;
        lastIndex = index;
      }
      indices[q] = lastIndex;
      used[lastIndex] = 1;
    }
  }
  if (t === null) {
    for (let i = 0; i < entries && t === null; i++) if (!used[i]) t = i;
  }
  // Second pass: unchanged pixels are transparent, or without a transparent index their own colour.
  for (let q = 0; q < count; q++) {
    if (!unchanged[q]) continue;
    if (t !== null) {
      indices[q] = t;
      continue;
    }
    const index = indexOf.get(under[q]!);
    if (index < 0) return null;
    indices[q] = index;
  }
  return { indices, under, transparentIndex: t };
}
