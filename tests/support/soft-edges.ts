import type { Rgba } from '../fixtures/pngs';

/** The picture as it looks on a page of one colour: straight alpha blended onto it, opaque. */
export function overColour(image: Rgba, [r, g, b]: readonly [number, number, number]): Rgba {
  const data = new Uint8Array(image.data.length);
  for (let i = 0; i < data.length; i += 4) {
    const alpha = image.data[i + 3]! / 255;
    data[i] = Math.round(image.data[i]! * alpha + r * (1 - alpha));
    data[i + 1] = Math.round(image.data[i + 1]! * alpha + g * (1 - alpha));
    data[i + 2] = Math.round(image.data[i + 2]! * alpha + b * (1 - alpha));
    data[i + 3] = 255;
  }
  return { width: image.width, height: image.height, data };
}

export interface SoftEdgeShares {
  /** Source pixels whose alpha lies in the range. */
  pixels: number;
  /** Share of them that are opaque in the GIF. */
  opaque: number;
  /** Of those opaque ones: the mean and the largest channel difference from the source blended onto the matte. */
  meanError: number;
  maxError: number;
}

/** How a GIF of `source` (same size) keeps the source's pixels of alpha [from, to] on the page colour `matte`. */
export function softEdgeShares(
  source: Rgba,
  gif: Rgba,
  [from, to]: readonly [number, number],
  matte: readonly [number, number, number],
): SoftEdgeShares {
  const seen = overColour(source, matte);
  let pixels = 0;
  let opaque = 0;
  let errorSum = 0;
  let maxError = 0;
  for (let i = 0; i < source.data.length; i += 4) {
    const alpha = source.data[i + 3]!;
    if (alpha < from || alpha > to) continue;
    pixels++;
    if (gif.data[i + 3] !== 255) continue;
    opaque++;
    for (let c = 0; c < 3; c++) {
      const error = Math.abs(gif.data[i + c]! - seen.data[i + c]!);
      errorSum += error;
      maxError = Math.max(maxError, error);
    }
  }
  return { pixels, opaque: pixels ? opaque / pixels : 0, meanError: opaque ? errorSum / (3 * opaque) : 0, maxError };
}
