import type { Size } from '../dimensions';
import { orientedSize, orientPoint, type CropRect, type Orientation } from '../framing';

/**
 * The `crop` of an RGBA picture of `size`, oriented (mirrored, then turned: framing.ts), in one pass over
 * the kept rows: a crop alone copies whole rows, a turn moves each pixel as one 32-bit word.
 */
const TILE = 64;

export function framedPixels(
  rgba: Uint8Array,
  size: Size,
  crop: CropRect,
  orientation: Orientation,
): { rgba: Uint8Array; size: Size } {
  const { x, y, width, height } = crop;
  const out = orientedSize(width, height, orientation);
  const result = new Uint8Array(out.width * out.height * 4);
  if (orientation.quarterTurns === 0 && !orientation.mirrored) {
    for (let row = 0; row < height; row++) {
      const start = ((y + row) * size.width + x) * 4;
      result.set(rgba.subarray(start, start + width * 4), row * width * 4);
    }
    return { rgba: result, size: out };
  }
  // Where the crop's pixel (0, 0) lands, and how far one step right or down in the crop moves it.
  const at = (px: number, py: number) => {
    const p = orientPoint(px, py, width, height, orientation);
    return p.y * out.width + p.x;
  };
  const origin = at(0, 0);
  const stepX = width > 1 ? at(1, 0) - origin : 0;
  const stepY = height > 1 ? at(0, 1) - origin : 0;
  const aligned = rgba.byteOffset % 4 === 0;
  const from = aligned ? new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2) : null;
  const to = new Uint32Array(result.buffer);
  // In square tiles: a turn writes down columns, and a tile's rows and columns stay in the cache together.
  for (let top = 0; top < height; top += TILE)
    for (let left = 0; left < width; left += TILE) {
      const bottom = Math.min(height, top + TILE);
      const right = Math.min(width, left + TILE);
      for (let row = top; row < bottom; row++) {
        let source = (y + row) * size.width + x + left;
        let target = origin + row * stepY + left * stepX;
        for (let column = left; column < right; column++, source++, target += stepX) {
          if (from) to[target] = from[source]!;
          else result.set(rgba.subarray(source * 4, source * 4 + 4), target * 4);
        }
      }
    }
  return { rgba: result, size: out };
}
