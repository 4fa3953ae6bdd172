import type { HistogramSampling } from '@/features/converter/rules/palette/refine';
import type { Placement, Size } from '@/features/converter/rules/dimensions';
import { FrameAnalyser, type DecodedFrame } from '@/features/converter/rules/palette/frame-facts';
import type { TransparencyOptions } from '@/features/converter/rules/palette/matte';
import { samplePixels } from '@/features/converter/rules/estimate/sample-pixels';
import type { Rgba } from '../fixtures/pngs';

/**
 * What the browser's decode step does, for the Node engine tests: the picture scaled (bilinear) into its
 * placement on a transparent canvas. The browser uses createImageBitmap's high-quality resize instead.
 */
export function composeFrame(image: Rgba, placement: Placement, canvas: { width: number; height: number }): Uint8Array {
  const out = new Uint8Array(canvas.width * canvas.height * 4);
  if (placement.width === image.width && placement.height === image.height) {
    for (let y = 0; y < image.height; y++) {
      const row = image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4);
      out.set(row, ((placement.y + y) * canvas.width + placement.x) * 4);
    }
    return out;
  }
  const sx = image.width / placement.width;
  const sy = image.height / placement.height;
  for (let y = 0; y < placement.height; y++) {
    const fy = Math.max(0, Math.min(image.height - 1, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < placement.width; x++) {
      const fx = Math.max(0, Math.min(image.width - 1, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const wx = fx - x0;
      const target = ((placement.y + y) * canvas.width + placement.x + x) * 4;
      for (let c = 0; c < 4; c++) {
        const at = (xx: number, yy: number) => image.data[(yy * image.width + xx) * 4 + c]!;
        const top = at(x0, y0) * (1 - wx) + at(x1, y0) * wx;
        const bottom = at(x0, y1) * (1 - wx) + at(x1, y1) * wx;
        out[target + c] = Math.round(top * (1 - wy) + bottom * wy);
      }
    }
  }
  return out;
}

/** One analyser for the Node tests' frames, as one per decode worker in the browser. */
const analyser = new FrameAnalyser();

/**
 * A frame as the browser's decode worker returns it: the picture alone at its decoded size (the core scales
 * and places it), or a size estimate's sample made from it as the worker makes it, blended onto the matte,
 * with its facts.
 */
export function decodedFrame(
  image: Rgba,
  frame: { decoded: Size; histogram?: HistogramSampling; tilesAt?: Size | undefined },
  transparency: TransparencyOptions,
): DecodedFrame {
  const sample = frame.tilesAt && samplePixels(new Uint8Array(image.data), image, frame.tilesAt, frame.decoded);
  const rgba = sample || composeFrame(image, { x: 0, y: 0, ...frame.decoded }, frame.decoded);
  return { rgba, facts: analyser.prepare(rgba, frame.decoded, transparency, frame.histogram) };
}
