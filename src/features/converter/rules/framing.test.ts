import { describe, expect, it } from 'vitest';
import {
  flipHorizontal,
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
