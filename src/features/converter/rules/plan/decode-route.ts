import type { Size } from '../dimensions';
import { failedToLoadImage } from '../errors';

/**
 * Who decodes a frame, and how, so that no canvas or bitmap is ever bigger than the largest one every
 * browser allows: iOS refuses a canvas (and in WebKit an ImageBitmap, which is one) over 16,777,216 pixels.
 *
 * - `browser`: createImageBitmap, read back through WebCodecs or a canvas, the frame in one bitmap: the
 *   picture at its own size when it fits, or shrunk by the browser as it decodes (decode-size.ts).
 * - `browser-bands`: a picture over the cap kept at its own size (the core scales it with lanczos, the
 *   sharpest result) is decoded in bands of whole rows, each band its own bitmap under the cap, and the
 *   bands are joined in one buffer (which is memory, not a canvas).
 * - `converter`: the converter decodes the PNG itself (png/decode.ts: rows streamed into the scaler, no
 *   canvas at all), when the browser's read-back is not the truth (png/pixel-trust.ts), or when the browser
 *   would need a bitmap over the cap (a frame shrunk to more than the cap).
 */
export const CANVAS_MAX_PIXELS = 16_777_216;

export type Decoder = 'browser' | 'browser-bands' | 'converter';

export const pixelsOf = (size: Size) => size.width * size.height;

export interface RouteAsk {
  /** The browser gave the canary back exactly. */
  readBackTrue: boolean;
  /** The picture in the file, the size it is decoded to (never larger on either side) and the frame's canvas. */
  source: Size;
  size: Size;
  canvas: Size;
}

/** How the browser can make the frame with every bitmap and canvas under the cap, if it can. */
function browserWay({ source, size, canvas }: RouteAsk): 'browser' | 'browser-bands' | null {
  if (pixelsOf(size) <= CANVAS_MAX_PIXELS && pixelsOf(canvas) <= CANVAS_MAX_PIXELS) return 'browser';
  // Bands are read back one at a time, at their own size, and drawn on the frame in memory.
  const whole = size.width === source.width && size.height === source.height;
  return whole && size.width <= CANVAS_MAX_PIXELS ? 'browser-bands' : null;
}

/** Who decodes the frame first. */
export function decoderFor(ask: RouteAsk): Decoder {
  if (!ask.readBackTrue) return 'converter';
  return browserWay(ask) ?? 'converter';
}

/**
 * When the converter cannot decode a PNG itself (a colour profile it cannot convert): the browser still
 * can if its read-back is true, else nothing can give true pixels and the frame fails.
 */
export function fallbackFor(ask: RouteAsk): 'browser' | 'browser-bands' | 'fail' {
  return (ask.readBackTrue && browserWay(ask)) || 'fail';
}

/**
 * The failure when no way gives true pixels: the converter cannot convert the PNG's colours (`refusal`
 * says why) and the browser's pixels are hidden, or would need a bitmap over the cap. Never a guess.
 */
export function noTruePixels(fileName: string, refusal: string, readBackTrue: boolean): Error {
  return failedToLoadImage(
    fileName,
    readBackTrue
      ? `${refusal}, and it is too big for this browser to decode at this size`
      : `${refusal}, and this browser's privacy protection hides the pixels it decodes`,
  );
}

export interface Band {
  /** The band's first row and its number of rows. */
  y: number;
  height: number;
}

/**
 * A picture's rows cut into the fewest bands of whole rows whose pixels stay under the cap, as even as
 * possible (their heights differ by at most one row), top to bottom.
 */
export function bandsOf(size: Size, maxPixels = CANVAS_MAX_PIXELS): Band[] {
  const rowsPerBand = Math.floor(maxPixels / size.width);
  if (rowsPerBand < 1) throw new RangeError(`a row of ${size.width} pixels is over ${maxPixels} pixels`);
  const count = Math.ceil(size.height / rowsPerBand);
  const bands: Band[] = [];
  for (let i = 0, y = 0; i < count; i++) {
    const height = Math.floor(size.height / count) + (i < size.height % count ? 1 : 0);
    bands.push({ y, height });
    y += height;
  }
  return bands;
}
