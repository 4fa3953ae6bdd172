import type { Rgba } from '../fixtures/pngs';

/** The Lanczos kernel with three lobes. */
function kernel(x: number): number {
  if (x === 0) return 1;
  if (Math.abs(x) >= 3) return 0;
  const px = Math.PI * x;
  return (3 * Math.sin(px) * Math.sin(px / 3)) / (px * px);
}

/** Each output sample's source samples and weights (summing to 1), edges repeated. */
function taps(from: number, to: number): [number, number][][] {
  const ratio = from / to;
  const stretch = Math.max(ratio, 1);
  const support = 3 * stretch;
  return Array.from({ length: to }, (_, i) => {
    const centre = (i + 0.5) * ratio - 0.5;
    const list: [number, number][] = [];
    for (let j = Math.floor(centre - support) + 1; j <= Math.floor(centre + support); j++)
      list.push([Math.min(from - 1, Math.max(0, j)), kernel((j - centre) / stretch)]);
    const sum = list.reduce((total, [, w]) => total + w, 0);
    return list.map(([j, w]) => [j, w / sum] as [number, number]);
  });
}

/**
 * A Lanczos-3 scale of opaque RGBA in floating point, rounded once at the end: the reference the engine
 * core's fixed-point resampler (wasm-assets/core/driver/resample.c) is held to.
 */
export function lanczosScale(image: Rgba, width: number, height: number): Rgba {
  const across = taps(image.width, width);
  const down = taps(image.height, height);
  const rows = new Float64Array(image.height * width * 4);
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < width; x++)
      for (const [j, w] of across[x]!)
        for (let c = 0; c < 4; c++) rows[(y * width + x) * 4 + c]! += w * image.data[(y * image.width + j) * 4 + c]!;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 4; c++) {
        let v = 0;
        for (const [j, w] of down[y]!) v += w * rows[(j * width + x) * 4 + c]!;
        data[(y * width + x) * 4 + c] = Math.max(0, Math.min(255, Math.round(v)));
      }
  return { width, height, data };
}
