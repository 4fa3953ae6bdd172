import { describe, expect, it } from 'vitest';
import { createPrng } from '../bench/inputs/prng';
import { luma, resizeArea, ssim, type Plane } from './similarity';

const plane = (width: number, height: number, value: (x: number, y: number) => number): Plane => {
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = value(x, y);
  return { width, height, data };
};

describe('ssim', () => {
  const random = createPrng(1);
  const picture = plane(64, 48, (x, y) => (x * 3 + y * 2) % 256);

  it('is 1 for identical pictures', () => {
    expect(ssim(picture, picture)).toBeCloseTo(1, 10);
  });

  it('drops as noise grows', () => {
    const noisy = (amount: number) => plane(64, 48, (x, y) => picture.data[y * 64 + x]! + (random() - 0.5) * amount);
    const light = ssim(picture, noisy(10));
    const heavy = ssim(picture, noisy(80));
    expect(light).toBeLessThan(1);
    expect(heavy).toBeLessThan(light);
  });

  it('refuses pictures of different sizes', () => {
    expect(() =>
      ssim(
        picture,
        plane(32, 48, () => 0),
      ),
    ).toThrow(/equal sizes/);
  });
});

describe('resizeArea', () => {
  it('averages the covered source pixels', () => {
    const checker = plane(4, 2, (x) => (x % 2 === 0 ? 0 : 100));
    const half = resizeArea(checker, 2, 1);
    expect(Array.from(half.data)).toEqual([50, 50]);
  });

  it('handles fractional ratios by weighting partial overlaps', () => {
    const ramp = plane(3, 1, (x) => x * 30);
    const two = resizeArea(ramp, 2, 1);
    // Covers [0, 1.5) and [1.5, 3): (0 + 0.5·30) / 1.5 and (0.5·30 + 60) / 1.5.
    expect(two.data[0]).toBeCloseTo(10);
    expect(two.data[1]).toBeCloseTo(50);
  });
});

describe('luma', () => {
  it('weighs green most, blue least (BT.601)', () => {
    const image = { width: 3, height: 1, data: new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255]) };
    const [red, green, blue] = luma(image).data;
    expect(green).toBeGreaterThan(red!);
    expect(red).toBeGreaterThan(blue!);
  });
});
