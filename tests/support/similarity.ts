import type { Rgba } from '../fixtures/pngs';

/** One channel of floating-point samples, row-major. */
export interface Plane {
  width: number;
  height: number;
  data: Float32Array;
}

/** BT.601 luma, the channel SSIM is usually reported on (as ffmpeg's ssim filter's Y). */
export function luma(image: Rgba): Plane {
  const { width, height, data } = image;
  const out = new Float32Array(width * height);
  for (let p = 0, i = 0; p < out.length; p++, i += 4) {
    out[p] = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  }
  return { width, height, data: out };
}

/**
 * Area-average resampling (each output pixel is the mean of the source area it covers), the
 * reference downscale both GIFs are compared with when the output is smaller than the source.
 */
export function resizeArea(plane: Plane, width: number, height: number): Plane {
  if (plane.width === width && plane.height === height) return plane;
  const horizontal = resampleRows(plane, width);
  return transpose(resampleRows(transpose(horizontal), height));
}

function resampleRows(plane: Plane, outWidth: number): Plane {
  const { width, height, data } = plane;
  const out = new Float32Array(outWidth * height);
  const step = width / outWidth;
  for (let x = 0; x < outWidth; x++) {
    const start = x * step;
    const end = start + step;
    for (let y = 0; y < height; y++) {
      let sum = 0;
      for (let sx = Math.floor(start); sx < Math.min(width, Math.ceil(end)); sx++) {
        const overlap = Math.min(end, sx + 1) - Math.max(start, sx);
        sum += data[y * width + sx]! * overlap;
      }
      out[y * outWidth + x] = sum / step;
    }
  }
  return { width: outWidth, height, data: out };
}

function transpose({ width, height, data }: Plane): Plane {
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out[x * height + y] = data[y * width + x]!;
  return { width: height, height: width, data: out };
}

const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;

/**
 * Mean SSIM (Wang et al. 2004) over 8×8 windows placed every 4 pixels, uniform weights, on 0–255
 * samples: the windowing ffmpeg's ssim filter uses, so figures are comparable with it. Pictures smaller
 * than 8 pixels a side are compared in one window of their size.
 */
export function ssim(a: Plane, b: Plane): number {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`SSIM needs equal sizes: ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  }
  const { width, height } = a;
  const WINDOW = Math.min(8, width, height);
  const STRIDE = Math.max(1, WINDOW / 2);
  const n = WINDOW * WINDOW;
  let total = 0;
  let windows = 0;
  for (let y0 = 0; y0 + WINDOW <= height; y0 += STRIDE) {
    for (let x0 = 0; x0 + WINDOW <= width; x0 += STRIDE) {
      let sa = 0;
      let sb = 0;
      let saa = 0;
      let sbb = 0;
      let sab = 0;
      for (let y = y0; y < y0 + WINDOW; y++) {
        for (let x = x0, i = y * width + x0; x < x0 + WINDOW; x++, i++) {
          const va = a.data[i]!;
          const vb = b.data[i]!;
          sa += va;
          sb += vb;
          saa += va * va;
          sbb += vb * vb;
          sab += va * vb;
        }
      }
      const ma = sa / n;
      const mb = sb / n;
      const va = saa / n - ma * ma;
      const vb = sbb / n - mb * mb;
      const cov = sab / n - ma * mb;
      total += ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2));
      windows++;
    }
  }
  return windows ? total / windows : 1;
}

/** SSIM on luma of two RGBA pictures of the same size: the figure the tests and the bench report. */
export function lumaSsim(a: Rgba, b: Rgba): number {
  return ssim(luma(a), luma(b));
}
