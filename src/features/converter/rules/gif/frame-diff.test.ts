import { describe, expect, it } from 'vitest';
import {
  canvasColours,
  changedBounds,
  clearingBounds,
  closeEnough,
  cutFrame,
  lookAlike,
  NOTHING,
  perceivedError,
  rowChanges,
  unionRect,
  type Rect,
} from './frame-diff';
import { CLEAR } from './file';

const RED = 0;
const BLUE = 1;
const DARK_RED = 2;
const palette = Uint8Array.of(255, 0, 0, 0, 0, 255, 250, 0, 0, 0, 0, 0); // red, blue, a close red, black
const colours = canvasColours(palette);

/** A 6x4 canvas of `fill` with some pixels set. */
function canvas(fill: number, pixels: [number, number, number][] = []): Uint16Array {
  const out = new Uint16Array(24).fill(fill);
  for (const [x, y, index] of pixels) out[y * 6 + x] = index;
  return out;
}

describe('frame differencing', () => {
  it('gives each index its colour and nothing the clear colour', () => {
    expect(colours[BLUE]).toBe(0x0000ff);
    expect(colours[DARK_RED]).toBe(0xfa0000);
    expect(colours[NOTHING]).toBe(CLEAR);
  });

  it('bounds the changed pixels, or null when nothing changed', () => {
    const before = canvas(RED);
    expect(changedBounds(before, canvas(RED), 6)).toBeNull();
    const after = canvas(RED, [
      [1, 1, BLUE],
      [4, 2, BLUE],
    ]);
    expect(changedBounds(after, before, 6)).toEqual({ left: 1, top: 1, width: 4, height: 2 });
  });

  it('lossy: a close colour is unchanged, except where only the same index will do', () => {
    const before = canvas(RED);
    const after = canvas(RED, [
      [1, 1, DARK_RED],
      [4, 2, BLUE],
    ]);
    // Red 255 → 250 looks off by 14 (perceivedError): within 15, not within 10.
    expect(changedBounds(after, before, 6, lookAlike(colours, 15))).toEqual({ left: 4, top: 2, width: 1, height: 1 });
    const exact = new Uint8Array(24);
    exact[1 * 6 + 1] = 1;
    expect(changedBounds(after, before, 6, lookAlike(colours, 15), exact)).toEqual({
      left: 1,
      top: 1,
      width: 4,
      height: 2,
    });
    expect(changedBounds(after, before, 6, lookAlike(colours, 10))).toEqual({ left: 1, top: 1, width: 4, height: 2 });
  });

  it('finds the same bounds with the look-alike table as with closeEnough pixel by pixel', () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) % n;
    const table = Uint8Array.from({ length: 48 }, () => random(256));
    const tableColours = canvasColours(table);
    for (let round = 0; round < 200; round++) {
      const [width, height] = [1 + random(9), 1 + random(7)];
      const pick = () => (random(10) === 0 ? NOTHING : random(16));
      const shown = Uint16Array.from({ length: width * height }, pick);
      const wanted = shown.map((index) => (random(3) === 0 ? pick() : index));
      const exact = random(2) ? Uint8Array.from({ length: width * height }, () => random(2)) : null;
      const tolerance = [0, 30, 300, 3000][random(4)]!;
      let expected: Rect | null = null;
      for (let p = 0; p < wanted.length; p++) {
        const same =
          wanted[p] === shown[p] ||
          (tolerance > 0 && !exact?.[p] && closeEnough(tableColours[shown[p]!]!, tableColours[wanted[p]!]!, tolerance));
        if (!same) expected = unionRect({ left: p % width, top: Math.floor(p / width), width: 1, height: 1 }, expected);
      }
      expect(changedBounds(wanted, shown, width, lookAlike(tableColours, tolerance), exact)).toEqual(expected);
    }
  });

  it("finds each row's changed columns, two pixels to a word or one by one", () => {
    for (const width of [6, 7]) {
      const before = new Uint16Array(width * 3).fill(RED);
      const now = before.slice();
      now[0 * width + 1] = BLUE; // row 0: one pixel, the second of a pair
      now[2 * width + 2] = BLUE; // row 2: two pixels apart
      now[2 * width + width - 1] = NOTHING;
      expect([...rowChanges(now, before, width)]).toEqual([1, 1, -1, -1, 2, width - 1]);
    }
  });

  it('finds the same bounds looking only where the last frame drew and the picture changed', () => {
    let seed = 11;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) % n;
    const alike = lookAlike(colours, 30);
    for (let round = 0; round < 300; round++) {
      const [width, height] = [2 + random(9), 1 + random(7)];
      const before = Uint16Array.from({ length: width * height }, () => random(4));
      const shown = before.slice();
      // The last frame drew a rectangle: inside it the canvas may be anything, outside it looked alike.
      const left = random(width);
      const top = random(height);
      const drawn = { left, top, width: 1 + random(width - left), height: 1 + random(height - top) };
      for (let y = drawn.top; y < drawn.top + drawn.height; y++)
        for (let x = drawn.left; x < drawn.left + drawn.width; x++) shown[y * width + x] = random(4);
      const now = before.map((index) => (random(4) === 0 ? random(4) : index));
      const since = { drawn, changes: rowChanges(now, before, width) };
      expect(changedBounds(now, shown, width, alike, null, since)).toEqual(changedBounds(now, shown, width, alike));
    }
  });

  it('counts a change of lightness whole and a change of colour at the same lightness half', () => {
    expect(perceivedError(0, 0, 0)).toBe(0);
    // Grey: all lightness, the squared RGB distance.
    expect(perceivedError(10, 10, 10)).toBe(300);
    expect(perceivedError(-10, -10, -10)).toBe(300);
    // Red 5 levels down: 25 squared, of which 3 is lightness.
    expect(perceivedError(5, 0, 0)).toBe(14);
    // Green up, magenta down at about the same lightness: half of it.
    const all = 20 * 20 + 10 * 10 + 20 * 20;
    expect(perceivedError(-20, 10, -20)).toBeLessThan(all * 0.6);
    expect(perceivedError(-20, 10, -20)).toBeGreaterThanOrEqual(all / 2);
  });

  it('bounds what must be cleared: clear next, not clear now', () => {
    const shown = canvas(NOTHING, [
      [2, 0, RED],
      [3, 3, RED],
    ]);
    const next = canvas(NOTHING, [[3, 3, BLUE]]);
    expect(clearingBounds(next, shown, 6)).toEqual({ left: 2, top: 0, width: 1, height: 1 });
    expect(clearingBounds(shown, shown, 6)).toBeNull();
    expect(unionRect({ left: 2, top: 0, width: 1, height: 1 }, { left: 0, top: 2, width: 2, height: 2 })).toEqual({
      left: 0,
      top: 0,
      width: 3,
      height: 4,
    });
  });

  it('cuts a rectangle: changed pixels get their index, unchanged and clear ones the transparent index', () => {
    const before = canvas(NOTHING, [[1, 1, RED]]);
    const target = canvas(NOTHING, [
      [1, 1, RED],
      [2, 1, BLUE],
    ]);
    const cut = cutFrame(target, before, 6, { left: 0, top: 1, width: 3, height: 1 }, 4, null)!;
    // No transparent index given: the first one no changed pixel needs.
    expect(cut.transparentIndex).toBe(0);
    expect([...cut.indices]).toEqual([0, 0, 1]);
    expect([...cut.under]).toEqual([NOTHING, RED, NOTHING]);
    const given = cutFrame(target, before, 6, { left: 0, top: 1, width: 3, height: 1 }, 4, 3)!;
    expect([given.transparentIndex, ...given.indices]).toEqual([3, 3, 3, 1]);
  });

  it('without a free index, unchanged pixels keep their colour; a clear pixel then cannot be cut', () => {
    const before = canvas(RED, [[1, 0, BLUE]]);
    const target = canvas(RED, [[0, 0, BLUE]]);
    const cut = cutFrame(target, before, 6, { left: 0, top: 0, width: 3, height: 1 }, 2, null)!;
    expect(cut.transparentIndex).toBeNull();
    expect([...cut.indices]).toEqual([1, 0, 0]);
    // Red is the one entry, and a changed pixel needs it: nothing is left to show the clear pixel through.
    const clear = canvas(NOTHING, [[0, 0, BLUE]]);
    const rect = { left: 0, top: 0, width: 2, height: 1 };
    expect(cutFrame(canvas(NOTHING, [[0, 0, RED]]), clear, 6, rect, 1, null)).toBeNull();
  });

  it('refuses to clear a pixel: only a disposal can', () => {
    expect(cutFrame(canvas(NOTHING), canvas(RED), 6, { left: 0, top: 0, width: 1, height: 1 }, 4, 3)).toBeNull();
  });
});
