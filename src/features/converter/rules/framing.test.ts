import { describe, expect, it } from 'vitest';
import {
  clampCrop,
  flipHorizontal,
  framedSize,
  orientRect,
  flipVertical,
  isUpright,
  orientPoint,
  orientedSize,
  rotateHalf,
  rotateLeft,
  rotateRight,
  UPRIGHT,
  type Orientation,
} from './framing';

/** A 3×2 picture's pixels, oriented by moving each one where `orientPoint` says. */
function orient(o: Orientation): string[][] {
  const source = [
    ['a', 'b', 'c'],
    ['d', 'e', 'f'],
  ];
  const size = orientedSize(3, 2, o);
  const out = Array.from({ length: size.height }, () => Array<string>(size.width).fill('?'));
  source.forEach((row, y) =>
    row.forEach((pixel, x) => {
      const p = orientPoint(x, y, 3, 2, o);
      out[p.y]![p.x] = pixel;
    }),
  );
  return out;
}

describe('orientation', () => {
  it('turns a picture clockwise and swaps its sides', () => {
    expect(orient(rotateRight(UPRIGHT))).toEqual([
      ['d', 'a'],
      ['e', 'b'],
      ['f', 'c'],
    ]);
    expect(orientedSize(1200, 800, rotateRight(UPRIGHT))).toEqual({ width: 800, height: 1200 });
  });

  it('turns it anticlockwise, and a half turn keeps the sides', () => {
    expect(orient(rotateLeft(UPRIGHT))).toEqual([
      ['c', 'f'],
      ['b', 'e'],
      ['a', 'd'],
    ]);
    expect(orient(rotateHalf(UPRIGHT))).toEqual([
      ['f', 'e', 'd'],
      ['c', 'b', 'a'],
    ]);
  });

  it('flips what is shown, whatever turn came before', () => {
    expect(orient(flipHorizontal(UPRIGHT))).toEqual([
      ['c', 'b', 'a'],
      ['f', 'e', 'd'],
    ]);
    expect(orient(flipVertical(UPRIGHT))).toEqual([
      ['d', 'e', 'f'],
      ['a', 'b', 'c'],
    ]);
    const turned = rotateRight(UPRIGHT);
    // The turned picture, mirrored left-to-right: each of its rows reversed.
    expect(orient(flipHorizontal(turned))).toEqual(orient(turned).map((row) => [...row].reverse()));
    expect(orient(flipVertical(turned))).toEqual([...orient(turned)].reverse());
  });

  it('comes back upright after four turns or two flips', () => {
    expect(isUpright(rotateRight(rotateRight(rotateRight(rotateRight(UPRIGHT)))))).toBe(true);
    expect(isUpright(flipVertical(flipVertical(rotateLeft(rotateRight(UPRIGHT)))))).toBe(true);
    expect(isUpright(flipHorizontal(UPRIGHT))).toBe(false);
  });
});

describe('framed size', () => {
  it('is the crop turned: a quarter turn swaps the sides of a non-square crop', () => {
    const crop = { x: 10, y: 20, width: 301, height: 99 };
    expect(framedSize({ width: 1200, height: 800 }, crop, UPRIGHT)).toEqual({ width: 301, height: 99 });
    expect(framedSize({ width: 1200, height: 800 }, crop, rotateRight(UPRIGHT))).toEqual({ width: 99, height: 301 });
    expect(framedSize({ width: 1200, height: 800 }, null, rotateLeft(UPRIGHT))).toEqual({ width: 800, height: 1200 });
    expect(framedSize({ width: 1200, height: 800 }, null, flipVertical(UPRIGHT))).toEqual({ width: 1200, height: 800 });
  });

  it('cuts the crop to the picture, at every edge, in whole pixels', () => {
    const source = { width: 101, height: 51 };
    expect(clampCrop({ x: -5, y: -5, width: 20, height: 10 }, source)).toEqual({ x: 0, y: 0, width: 15, height: 5 });
    expect(clampCrop({ x: 90, y: 40, width: 50, height: 50 }, source)).toEqual({ x: 90, y: 40, width: 11, height: 11 });
    expect(clampCrop({ x: 0.4, y: 0.6, width: 10.2, height: 9.9 }, source)).toEqual({
      x: 0,
      y: 1,
      width: 11,
      height: 10,
    });
    expect(clampCrop(null, source)).toEqual({ x: 0, y: 0, width: 101, height: 51 });
    expect(framedSize(source, { x: 100, y: 50, width: 9, height: 9 }, UPRIGHT)).toEqual({ width: 1, height: 1 });
  });

  it('finds nothing to keep when the crop misses the picture', () => {
    const source = { width: 100, height: 50 };
    expect(clampCrop({ x: 100, y: 0, width: 10, height: 10 }, source)).toBeNull();
    expect(clampCrop({ x: 0, y: -10, width: 10, height: 10 }, source)).toBeNull();
    expect(clampCrop({ x: 10, y: 10, width: 0, height: 10 }, source)).toBeNull();
  });
});

describe('oriented rectangles', () => {
  it('moves a rectangle with its picture', () => {
    // The top-left 2×1 of a 3×2 picture: after a clockwise turn it is the right column's top two pixels.
    const rect = { x: 0, y: 0, width: 2, height: 1 };
    expect(orientRect(rect, 3, 2, rotateRight(UPRIGHT))).toEqual({ x: 1, y: 0, width: 1, height: 2 });
    expect(orientRect(rect, 3, 2, flipHorizontal(UPRIGHT))).toEqual({ x: 1, y: 0, width: 2, height: 1 });
    expect(orientRect(rect, 3, 2, rotateHalf(UPRIGHT))).toEqual({ x: 1, y: 1, width: 2, height: 1 });
    expect(orientRect({ x: 0, y: 0, width: 3, height: 2 }, 3, 2, rotateLeft(UPRIGHT))).toEqual({
      x: 0,
      y: 0,
      width: 2,
      height: 3,
    });
  });
});
