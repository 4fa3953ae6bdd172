import { describe, expect, it } from 'vitest';
import { framedPixels } from './framed-pixels';
import { orientedSize, orientPoint, type Orientation, type QuarterTurns } from '../framing';

/** A picture whose every pixel says where it is: R = x, G = y, B = 7, A = 255. */
function picture(width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rgba.set([x, y, 7, 255], (y * width + x) * 4);
  return rgba;
}

const ORIENTATIONS: Orientation[] = ([0, 1, 2, 3] as QuarterTurns[]).flatMap((quarterTurns) => [
  { quarterTurns, mirrored: false },
  { quarterTurns, mirrored: true },
]);

describe('framedPixels', () => {
  it('copies a crop, at the edges of an odd-sized picture too', () => {
    const rgba = picture(7, 5);
    const { rgba: out, size } = framedPixels(
      rgba,
      { width: 7, height: 5 },
      { x: 4, y: 2, width: 3, height: 3 },
      ORIENTATIONS[0]!,
    );
    expect(size).toEqual({ width: 3, height: 3 });
    expect([...out.subarray(0, 4)]).toEqual([4, 2, 7, 255]);
    expect([...out.subarray(32, 36)]).toEqual([6, 4, 7, 255]);
  });

  it('moves every pixel of a non-square crop where orientPoint says, in all eight orientations', () => {
    const rgba = picture(9, 6);
    const crop = { x: 1, y: 2, width: 5, height: 3 };
    for (const orientation of ORIENTATIONS) {
      const { rgba: out, size } = framedPixels(rgba, { width: 9, height: 6 }, crop, orientation);
      expect(size).toEqual(orientedSize(5, 3, orientation));
      for (let y = 0; y < crop.height; y++)
        for (let x = 0; x < crop.width; x++) {
          const p = orientPoint(x, y, crop.width, crop.height, orientation);
          const at = (p.y * size.width + p.x) * 4;
          expect([...out.subarray(at, at + 4)]).toEqual([crop.x + x, crop.y + y, 7, 255]);
        }
    }
  });

  it('reads pixels that do not start on a 4-byte boundary, and a one-pixel crop', () => {
    const padded = new Uint8Array(1 + 4 * 4 * 4);
    padded.set(picture(4, 4), 1);
    const unaligned = padded.subarray(1);
    const turned = { quarterTurns: 1, mirrored: false } as const;
    const aligned = framedPixels(picture(4, 4), { width: 4, height: 4 }, { x: 0, y: 1, width: 4, height: 2 }, turned);
    expect(framedPixels(unaligned, { width: 4, height: 4 }, { x: 0, y: 1, width: 4, height: 2 }, turned)).toEqual(
      aligned,
    );
    expect([
      ...framedPixels(picture(4, 4), { width: 4, height: 4 }, { x: 3, y: 3, width: 1, height: 1 }, turned).rgba,
    ]).toEqual([3, 3, 7, 255]);
  });
});
