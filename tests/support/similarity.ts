import type { Rgba } from '../fixtures/pngs';

/** Luma (BT.601) of each pixel, 0–255. */
function luma(image: Rgba): Float64Array {
  const out = new Float64Array(image.width * image.height);
  for (let i = 0; i < out.length; i++) {
    out[i] = 0.299 * image.data[i * 4]! + 0.587 * image.data[i * 4 + 1]! + 0.114 * image.data[i * 4 + 2]!;
  }
  return out;
}

/**
 * Structural similarity (SSIM, Wang et al. 2004) on luma over 8x8 windows with stride 4, averaged:
 * 1 = identical. Both images must have the same size.
 */
export function ssim(a: Rgba, b: Rgba): number {
  if (a.width !== b.width || a.height !== b.height)
    throw new Error(`size mismatch ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  const [x, y] = [luma(a), luma(b)];
  const { width, height } = a;
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  const win = Math.min(8, width, height);
  const stride = Math.max(1, win / 2);
  let total = 0;
  let windows = 0;
  for (let top = 0; top + win <= height; top += stride) {
    for (let left = 0; left + win <= width; left += stride) {
      let [sx, sy, sxx, syy, sxy] = [0, 0, 0, 0, 0];
      for (let j = top; j < top + win; j++) {
        for (let i = left; i < left + win; i++) {
          const p = x[j * width + i]!;
          const q = y[j * width + i]!;
          sx += p;
          sy += q;
          sxx += p * p;
          syy += q * q;
          sxy += p * q;
        }
      }
      const n = win * win;
      const [mx, my] = [sx / n, sy / n];
      const vx = sxx / n - mx * mx;
      const vy = syy / n - my * my;
      const cov = sxy / n - mx * my;
      total += ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2));
      windows++;
    }
  }
  return windows ? total / windows : 1;
}
