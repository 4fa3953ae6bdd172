import { describe, expect, it } from 'vitest';
import { boxShrink, SAMPLE_TILES, samplePixels, sampleTiles } from './sample-pixels';

/** A picture of `width` x `height` whose pixel at (x, y) is `colour(x, y)`. */
function picture(width: number, height: number, colour: (x: number, y: number) => number[]): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rgba.set(colour(x, y), (y * width + x) * 4);
  return rgba;
}

const pixelAt = (rgba: Uint8Array, width: number, x: number, y: number) =>
  Array.from(rgba.subarray((y * width + x) * 4, (y * width + x + 1) * 4));

describe('boxShrink', () => {
  it('averages each box: a 2x2 checker of black and white becomes mid grey, opaque', () => {
    const checker = picture(4, 4, (x, y) => ((x + y) % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    const small = boxShrink(checker, { width: 4, height: 4 }, { width: 2, height: 2 });
    expect(small).toHaveLength(2 * 2 * 4);
    for (const [x, y] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ] as const)
      expect(pixelAt(small, 2, x, y)).toEqual([128, 128, 128, 255]);
  });

  it('keeps each region its own colour where boxes do not straddle them', () => {
    const halves = picture(6, 3, (x) => (x < 3 ? [200, 10, 20, 255] : [5, 90, 250, 255]));
    const small = boxShrink(halves, { width: 6, height: 3 }, { width: 2, height: 1 });
    expect(pixelAt(small, 2, 0, 0)).toEqual([200, 10, 20, 255]);
    expect(pixelAt(small, 2, 1, 0)).toEqual([5, 90, 250, 255]);
  });

  it('weights colours by alpha: transparent pixels lend no colour, and an all-transparent box stays transparent', () => {
    // Left box: one opaque red pixel among transparent green ones. Right box: nothing visible.
    const rgba = picture(4, 2, (x, y) => (x === 0 && y === 0 ? [255, 0, 0, 255] : [0, 255, 0, 0]));
    const small = boxShrink(rgba, { width: 4, height: 2 }, { width: 2, height: 1 });
    expect(pixelAt(small, 2, 0, 0)).toEqual([255, 0, 0, 64]);
    expect(pixelAt(small, 2, 1, 0)).toEqual([0, 0, 0, 0]);
  });

  it('covers every output pixel at uneven ratios', () => {
    const grey = picture(17, 13, () => [90, 90, 90, 255]);
    const small = boxShrink(grey, { width: 17, height: 13 }, { width: 5, height: 4 });
    for (let y = 0; y < 4; y++) for (let x = 0; x < 5; x++) expect(pixelAt(small, 5, x, y)).toEqual([90, 90, 90, 255]);
  });

  it('at big ratios, reading every other pixel, still gives each box its mean', () => {
    // 160x120 → 10x10 (16x12 boxes): a vertical ramp of red, and stripes of blue two pixels wide.
    const rgba = picture(160, 120, (x, y) => [y * 2, 0, Math.floor(x / 2) % 2 ? 240 : 0, 255]);
    const small = boxShrink(rgba, { width: 160, height: 120 }, { width: 10, height: 10 });
    for (let y = 0; y < 10; y++) {
      // The box's rows are 12y … 12y + 11: mean red 24y + 11, read on even rows 24y + 10.
      const [red, green, blue, alpha] = pixelAt(small, 10, 3, y);
      expect(red).toBeGreaterThanOrEqual(24 * y + 10);
      expect(red).toBeLessThanOrEqual(24 * y + 11);
      expect(green).toBe(0);
      expect(blue).toBe(120);
      expect(alpha).toBe(255);
    }
  });
});

describe('sampleTiles', () => {
  // A 4x4 grid of cells, each its own colour.
  const cellColour = (i: number, j: number) => [i * 60, j * 60, 90, 255];

  it('cuts one tile around the centre of each cell of the picture, one pixel per pixel at its own scale', () => {
    expect(SAMPLE_TILES).toBe(4);
    const grid = picture(16, 16, (x, y) => cellColour(Math.floor(x / 4), Math.floor(y / 4)));
    const tiles = sampleTiles(grid, { width: 16, height: 16 }, { width: 16, height: 16 }, { width: 8, height: 8 });
    for (let j = 0; j < 4; j++)
      for (let i = 0; i < 4; i++)
        for (const [dx, dy] of [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ] as const)
          expect(pixelAt(tiles, 8, 2 * i + dx, 2 * j + dy)).toEqual(cellColour(i, j));
  });

  it('reads each tile at the conversion’s scale: a pixel checker shrunk 2× is grey, not black or white', () => {
    const checker = picture(32, 32, (x, y) => ((x + y) % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    const tiles = sampleTiles(checker, { width: 32, height: 32 }, { width: 16, height: 16 }, { width: 8, height: 8 });
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++) expect(pixelAt(tiles, 8, x, y)).toEqual([128, 128, 128, 255]);
  });
});

describe('samplePixels', () => {
  const ramp = picture(40, 30, (x, y) => [x * 6, y * 8, 0, 255]);
  const from = { width: 40, height: 30 };
  const size = { width: 8, height: 6 };

  it('takes tiles where the conversion shrinks the picture or keeps its size', () => {
    const kept = samplePixels(ramp, from, from, size)!;
    expect(kept).toEqual(sampleTiles(ramp, from, from, size));
    // The tiles are 1:1 crops: neighbours in a tile differ by one source pixel's step.
    expect(pixelAt(kept, 8, 1, 0)[0]! - pixelAt(kept, 8, 0, 0)[0]!).toBe(6);
  });

  it('shrinks the whole picture where the conversion enlarges it, and gives up where the sample is the larger', () => {
    expect(samplePixels(ramp, from, { width: 80, height: 60 }, size)).toEqual(boxShrink(ramp, from, size));
    expect(samplePixels(ramp, from, { width: 80, height: 60 }, { width: 50, height: 30 })).toBeNull();
  });
});
