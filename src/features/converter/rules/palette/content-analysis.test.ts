import { describe, expect, it } from 'vitest';
import { GIF_PALETTE_SIZE, gradientStats, isSmoothGradient, PaletteFit } from './content-analysis';

function image(width: number, height: number, pixel: (x: number, y: number) => number[]): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 4);
  return data;
}

/** Deterministic noise. */
const noise = (x: number, y: number) => ((x * 73856093) ^ (y * 19349663)) % 97;

const smooth = (w: number, h: number, pixel: (x: number, y: number) => number[]) =>
  isSmoothGradient(gradientStats(image(w, h, pixel), w, h));

describe('smooth gradient detection', () => {
  it('sees gentle ramps, small and large', () => {
    expect(smooth(300, 200, (x, y) => [x * 0.6, 50 + y * 0.5, 200, 255])).toBe(true);
    expect(smooth(1920, 1080, (x, y) => [30 + x / 10, 70 + y / 10, 120, 255])).toBe(true);
  });
  it('leaves flat areas with hard edges alone', () => {
    expect(smooth(300, 200, (x, y) => (x > 150 && y < 100 ? [20, 20, 20, 255] : [240, 240, 240, 255]))).toBe(false);
  });
  it('leaves noise and grain alone, even over a ramp', () => {
    expect(smooth(300, 200, (x, y) => [noise(x, y) * 2, noise(y, x) * 2, 100, 255])).toBe(false);
    // Sensor grain touches every channel: luma varies by more than a smooth area's 3 levels.
    const grain = (x: number, y: number) => noise(x, y) % 20;
    expect(smooth(300, 200, (x, y) => [x * 0.6 + grain(x, y), 100 + grain(x, y), 100 + grain(x, y), 255])).toBe(false);
  });
  it('ignores transparent pixels', () => {
    expect(
      gradientStats(
        image(50, 50, (x) => [x, x, x, 0]),
        50,
        50,
      ).samples,
    ).toBe(0);
    expect(smooth(50, 50, (x) => [x, x, x, 0])).toBe(false);
  });
});

describe('PaletteFit', () => {
  /** What a fresh PaletteFit says of `rgba`, read as whole words and, shifted off a word boundary, as bytes. */
  const fitOf = (rgba: Uint8Array) =>
    [0, 1].map((shift) => {
      const view = new Uint8Array(rgba.length + shift);
      view.set(rgba, shift);
      const fit = new PaletteFit();
      fit.add(view.subarray(shift));
      return { colours: fit.colours && [...fit.colours], transparent: fit.transparent };
    });

  it('lists the opaque colours in order of appearance, runs and repeats once, pixels under half opacity as one', () => {
    const rgba = image(8, 2, (x, y) =>
      y === 0 ? (x < 5 ? [10, 20, 30, 255] : [200, 100, 0, 128]) : x % 2 ? [10, 20, 30, 255] : [1, 2, 3, 127],
    );
    for (const fit of fitOf(rgba))
      expect(fit).toEqual({ colours: [(10 << 16) | (20 << 8) | 30, (200 << 16) | (100 << 8)], transparent: true });
  });

  it('gives up at the first colour that does not fit, the transparent entry counted', () => {
    const many = (count: number, transparent: boolean) =>
      image(count + 1, 1, (x) => (x === count ? [0, 0, 0, transparent ? 0 : 255] : [x & 255, x >> 8, 7, 255]));
    for (const fit of fitOf(many(GIF_PALETTE_SIZE - 1, true))) expect(fit.colours).toHaveLength(GIF_PALETTE_SIZE - 1);
    for (const fit of fitOf(many(GIF_PALETTE_SIZE, true))) expect(fit.colours).toBeNull();
    for (const fit of fitOf(many(GIF_PALETTE_SIZE + 1, false))) expect(fit.colours).toBeNull();
  });
});
