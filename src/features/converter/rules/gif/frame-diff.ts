/**
 * Frame differencing for animations, on what the viewer shows: canvases of indices into the animation's
 * one colour table, NOTHING where the page shows through (see optimiser.ts; a byte or two a pixel where
 * colours took four, and no colour lookups). Each frame only covers the rectangle where the picture
 * changes, and inside it the pixels that already show the right colour are written transparent, which LZW
 * packs into long runs.
 *
 * Transparency in the picture: a frame can only leave the canvas as it is, never clear it, so where the
 * next picture is clear but this one is not, this frame's disposal is "restore to background" (clear its
 * rectangle after showing it) and its rectangle grows to cover those pixels. Then every pixel that must
 * be clear already is, and the next frame writes it transparent.
 */
import { CLEAR } from './file';
import { NOTHING, packColour } from './lzw';

export { NOTHING };

/** A canvas: each pixel an index into the colour table, or NOTHING. */
export type IndexCanvas = Uint16Array;

/** A colour table as canvas colours: 0xRRGGBB per index, CLEAR at NOTHING. */
export function canvasColours(palette: Uint8Array): Int32Array {
  const colours = new Int32Array(NOTHING + 1).fill(CLEAR);
  for (let i = 0; i < Math.min(256, palette.length / 3); i++) colours[i] = packColour(palette, i);
  return colours;
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * How far off a colour looks, in squared levels: the luma part of the difference whole, the rest (colour
 * at the same lightness) half. The lossy LZW encoder's measure (wasm-assets/core/lzw/gif-lzw.c
 * `perceived_error`, where the measurements are), so the differencing and the encoder agree on what a
 * lossiness allows.
 */
export function perceivedError(dr: number, dg: number, db: number): number {
  const all = dr * dr + dg * dg + db * db;
  const dy = Math.trunc((77 * dr + 150 * dg + 29 * db) / 256);
  const luma = 3 * dy * dy;
  return all > luma ? luma + ((all - luma) >> 1) : luma;
}

/**
 * Whether the canvas colour `shown` may stay for the wanted colour: equal, or both opaque and within
 * `tolerance` (perceivedError; lossy only).
 */
export function closeEnough(shown: number, wanted: number, tolerance: number): boolean {
  if (shown === wanted) return true;
  if (tolerance === 0 || shown === CLEAR || wanted === CLEAR) return false;
  const dr = ((shown >> 16) & 0xff) - ((wanted >> 16) & 0xff);
  const dg = ((shown >> 8) & 0xff) - ((wanted >> 8) & 0xff);
  const db = (shown & 0xff) - (wanted & 0xff);
  return perceivedError(dr, dg, db) <= tolerance;
}

/** A row of the look-alike table per canvas index, NOTHING's included. */
const ALIKE_ROW = NOTHING + 1;

/**
 * Which pairs of canvas indices look the same within `tolerance` (closeEnough): `alike[a * (NOTHING + 1) + b]`
 * is 1 for those, the same index included; null when only the same index will do (lossless). Built once per
 * animation, it spares the differencing the colour arithmetic per pixel (most of its time on a test card).
 */
export function lookAlike(colours: Int32Array, tolerance: number): Uint8Array | null {
  if (tolerance === 0) return null;
  const alike = new Uint8Array(ALIKE_ROW * ALIKE_ROW);
  for (let a = 0; a < ALIKE_ROW; a++) {
    for (let b = 0; b < ALIKE_ROW; b++) {
      if (a === b || closeEnough(colours[b]!, colours[a]!, tolerance)) alike[a * ALIKE_ROW + b] = 1;
    }
  }
  return alike;
}

/**
 * What may have changed since the last frame's bounds were found: the rectangle it drew, and per row the
 * columns where the picture now differs from that frame's (rowChanges). Everywhere else the picture and the
 * canvas are still as alike as those bounds found them.
 */
export interface SinceLastFrame {
  drawn: Rect;
  changes: Int32Array;
}

/**
 * Bounds of the pixels where `target` and `canvas` differ (where `alike` says they do not look the same,
 * except where `exact` is set: there only the same index is the same), or null. Given `since`, only the
 * pixels it says may have changed are looked at (the same bounds, found in a fraction of the time when
 * little moves).
 */
export function changedBounds(
  target: IndexCanvas,
  canvas: IndexCanvas,
  width: number,
  alike: Uint8Array | null = null,
  exact: Uint8Array | null = null,
  since: SinceLastFrame | null = null,
): Rect | null {
  const height = target.length / width;
  let top = -1;
  let bottom = -1;
  let left = width;
  let right = -1;
  const span = Int32Array.of(0, width); // the row's columns [from, to) to look at
  for (let y = 0; y < height; y++) {
    const row = y * width;
    if (since && !unsettledSpan(since, y, span)) continue;
    const [from, to] = [span[0]!, span[1]!];
    let x = from;
    while (x < to && looksSame(target, canvas, row + x, alike, exact)) x++;
    if (x === to) continue;
    if (top < 0) top = y;
    bottom = y;
    if (x < left) left = x;
    let r = to - 1;
    while (r > right && looksSame(target, canvas, row + r, alike, exact)) r--;
    if (r > right) right = r;
  }
  return top < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * Row `y`'s columns [from, to) that `since` says may have changed, into `span`; false for none. The rectangle
 * drawn and the changed columns as one range: the columns between them are looked at too, for nothing
 * measurable.
 */
function unsettledSpan({ drawn, changes }: SinceLastFrame, y: number, span: Int32Array): boolean {
  let from = Infinity;
  let to = -1;
  if (y >= drawn.top && y < drawn.top + drawn.height) [from, to] = [drawn.left, drawn.left + drawn.width];
  const first = changes[2 * y]!;
  if (first >= 0) [from, to] = [Math.min(from, first), Math.max(to, changes[2 * y + 1]! + 1)];
  if (to < 0) return false;
  span[0] = from;
  span[1] = to;
  return true;
}

/**
 * Per row, the first and the last column where `now` differs from `before` (at 2y and 2y + 1), -1 for a row
 * that is the same: SinceLastFrame's changes.
 */
export function rowChanges(now: IndexCanvas, before: IndexCanvas, width: number): Int32Array {
  const height = now.length / width;
  const changes = new Int32Array(2 * height).fill(-1);
  // Two pixels to a word where the rows allow (an even width, aligned canvases): half the comparisons.
  const pairs = width % 2 === 0 && now.byteOffset % 4 === 0 && before.byteOffset % 4 === 0;
  const nowPairs = pairs ? new Uint32Array(now.buffer, now.byteOffset, now.length >> 1) : null;
  const beforePairs = pairs ? new Uint32Array(before.buffer, before.byteOffset, before.length >> 1) : null;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let x = 0;
    let r = width - 1;
    if (nowPairs && beforePairs) {
      const from = row >> 1;
      const to = from + (width >> 1);
      let w = from;
      while (w < to && nowPairs[w] === beforePairs[w]) w++;
      if (w === to) continue;
      // Little-endian: a word's first pixel is its low half.
      x = 2 * (w - from) + ((nowPairs[w]! ^ beforePairs[w]!) & 0xffff ? 0 : 1);
      let v = to - 1;
      while (nowPairs[v] === beforePairs[v]) v--;
      r = 2 * (v - from) + ((nowPairs[v]! ^ beforePairs[v]!) >>> 16 ? 1 : 0);
    } else {
      while (x < width && now[row + x] === before[row + x]) x++;
      if (x === width) continue;
      while (now[row + r] === before[row + r]) r--;
    }
    changes[2 * y] = x;
    changes[2 * y + 1] = r;
  }
  return changes;
}

/** changedBounds' test of one pixel (a function of its own, not a closure, so that it is inlined). */
function looksSame(
  target: IndexCanvas,
  canvas: IndexCanvas,
  p: number,
  alike: Uint8Array | null,
  exact: Uint8Array | null,
): boolean {
  const wanted = target[p]!;
  const shown = canvas[p]!;
  // The table holds the same index too: one lookup, no branch for the processor to mispredict.
  if (alike === null) return wanted === shown;
  if (exact === null) return alike[wanted * ALIKE_ROW + shown] === 1;
  return wanted === shown || (exact[p] === 0 && alike[wanted * ALIKE_ROW + shown] === 1);
}

/** Bounds of the pixels clear in `next` but not in `shown`: what must be cleared before `next`, or null. */
export function clearingBounds(next: IndexCanvas, shown: IndexCanvas, width: number): Rect | null {
  const height = next.length / width;
  let top = -1;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0, p = y * width; x < width; x++, p++) {
      if (next[p] !== NOTHING || shown[p] === NOTHING) continue;
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
  /** The canvas under the rectangle, as indices (for the encoder's lossless and lossy choices). */
  under: Uint16Array;
  transparentIndex: number | null;
}

/**
 * The rectangle of `target` over `canvas` (what is shown before this frame), as indices of a table of
 * `entries` colours. Inside it, a lossy encoder may still show a close canvas colour through the
 * transparent index (`under`). `transparentIndex`: the table's own, or null to pick an index no pixel of
 * the rectangle needs. Returns null where the frame would have to clear a pixel, or a clear pixel has no
 * transparent index to use.
 */
export function cutFrame(
  target: IndexCanvas,
  canvas: IndexCanvas,
  width: number,
  rect: Rect,
  entries: number,
  transparentIndex: number | null,
): CutFrame | null {
  const count = rect.width * rect.height;
  const indices = new Uint8Array(count);
  const under = new Uint16Array(count);
  for (let y = 0; y < rect.height; y++) {
    const row = (rect.top + y) * width + rect.left;
    under.set(canvas.subarray(row, row + rect.width), y * rect.width);
  }
  if (transparentIndex !== null)
    return cutWithTransparentIndex(target, canvas, width, rect, transparentIndex, indices, under);
  const used = new Uint8Array(256);
  // First pass: changed pixels get their index (unchanged ones are marked for now).
  const unchanged = new Uint8Array(count);
  let anyUnchanged = false;
  for (let y = 0, q = 0; y < rect.height; y++) {
    for (let x = 0, p = (rect.top + y) * width + rect.left; x < rect.width; x++, p++, q++) {
      const index = target[p]!;
      if (index === canvas[p]) {
        unchanged[q] = 1;
        anyUnchanged = true;
      } else if (index === NOTHING) return null;
      else {
        indices[q] = index;
        used[index] = 1;
      }
    }
  }
  // No transparent index in the table: the first index no changed pixel needs, if any.
  let t: number | null = null;
  for (let i = 0; i < entries && t === null; i++) if (!used[i]) t = i;
  // Second pass: unchanged pixels are transparent, or without a transparent index their own colour.
  if (anyUnchanged) {
    for (let y = 0, q = 0; y < rect.height; y++) {
      for (let x = 0, p = (rect.top + y) * width + rect.left; x < rect.width; x++, p++, q++) {
        if (!unchanged[q]) continue;
        if (t !== null) indices[q] = t;
        else if (canvas[p] === NOTHING) return null;
        else indices[q] = canvas[p]!;
      }
    }
  }
  return { indices, under, transparentIndex: t };
}

/** cutFrame when the table has its transparent index: one pass, unchanged pixels written with it at once. */
function cutWithTransparentIndex(
  target: IndexCanvas,
  canvas: IndexCanvas,
  width: number,
  rect: Rect,
  t: number,
  indices: Uint8Array,
  under: Uint16Array,
): CutFrame | null {
  for (let y = 0, q = 0; y < rect.height; y++) {
    for (let x = 0, p = (rect.top + y) * width + rect.left; x < rect.width; x++, p++, q++) {
      const index = target[p]!;
      if (index === canvas[p]) indices[q] = t;
      else if (index === NOTHING) return null;
      else indices[q] = index;
    }
  }
  return { indices, under, transparentIndex: t };
}
