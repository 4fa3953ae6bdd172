import type { Size } from './dimensions';

/**
 * Who decodes a frame: the browser (createImageBitmap, read back through WebCodecs or a canvas) or the
 * converter itself (png-decode.ts: rows streamed into the scaler, no canvas). The browser is the faster,
 * and is used when its read-back gives true pixels (pixel-trust.ts) and nothing it needs is bigger than
 * the largest canvas every browser allows: iOS refuses a canvas (and in WebKit an ImageBitmap, which is
 * one) over 16,777,216 pixels, so a bigger picture is decoded by the converter in every browser, the same
 * way everywhere, shrunk on the way when the frame is smaller (decode-size.ts).
 */
export const CANVAS_MAX_PIXELS = 16_777_216;

export type Decoder = 'browser' | 'converter';

export const pixelsOf = (size: Size) => size.width * size.height;

export interface RouteAsk {
  /** The browser gave the canary back exactly. */
  readBackTrue: boolean;
  /** Pixels of the picture in the file, of the size it is decoded to, and of the frame's canvas. */
  source: number;
  size: number;
  canvas: number;
}

/** Whether the browser could make the frame with no canvas or bitmap over the cap (its decode at `size`, drawn on `canvas`). */
export function browserCanMake({ size, canvas }: Pick<RouteAsk, 'size' | 'canvas'>): boolean {
  return size <= CANVAS_MAX_PIXELS && canvas <= CANVAS_MAX_PIXELS;
}

/** Who decodes the frame first. */
export function decoderFor(ask: RouteAsk): Decoder {
  if (!ask.readBackTrue) return 'converter';
  return ask.source <= CANVAS_MAX_PIXELS && browserCanMake(ask) ? 'browser' : 'converter';
}

/**
 * When the converter cannot decode a PNG itself (a colour profile it cannot convert): the browser still
 * can if its read-back is true and the frame's decode fits a canvas (the browser shrinks the picture as it
 * decodes it), else nothing can give true pixels and the frame fails.
 */
export function fallbackFor(ask: RouteAsk): 'browser' | 'fail' {
  return ask.readBackTrue && browserCanMake(ask) ? 'browser' : 'fail';
}
