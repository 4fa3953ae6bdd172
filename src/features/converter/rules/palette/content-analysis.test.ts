import { describe, expect, it } from 'vitest';
import { gradientStats, isSmoothGradient } from './content-analysis';

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
