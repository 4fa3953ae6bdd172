import { AreaScaler } from './area-scale';
import type { Size } from '../dimensions';
import { failedToLoadImage } from '../errors';
import { PixelDataError } from './pixels';
import { checkDataSize, colourOf, decodeRows, decodeRowsWith, readPngImage, type Inflater } from './rows';

/**
 * A frame decoded by the converter itself instead of the browser (runtime/decode.worker.ts says when):
 * the PNG's rows decoded and colour-converted (rows.ts), shrunk by area averaging when the frame is
 * asked smaller than the picture (area-scale.ts), and drawn at `at` on a transparent canvas, as the
 * browser path draws them. No canvas is involved, so no browser limit or privacy setting changes a pixel.
 */
export interface FrameTarget {
  /** The picture's size in the frame (its own, or smaller). */
  size: Size;
  /** The frame's canvas, transparent where the picture is not. */
  canvas: Size;
  at: { x: number; y: number };
}

/** The frame's canvas, and a sink for the picture's rows in order (scaled when `target.size` is smaller). */
function frameOf(source: Size, target: FrameTarget): { canvas: Uint8Array; push: (rgba: Uint8Array) => void } {
  const canvas = new Uint8Array(target.canvas.width * target.canvas.height * 4);
  const place = (y: number, rgba: Uint8Array) => {
    const row = target.at.y + y;
    if (row < 0 || row >= target.canvas.height) return;
    const x0 = Math.max(0, target.at.x);
    const skip = x0 - target.at.x;
    const length = Math.min(rgba.length / 4 - skip, target.canvas.width - x0);
    if (length > 0) canvas.set(rgba.subarray(skip * 4, (skip + length) * 4), (row * target.canvas.width + x0) * 4);
  };
  const same = target.size.width >= source.width && target.size.height >= source.height;
  if (same) {
    let y = 0;
    return { canvas, push: (rgba) => place(y++, rgba) };
  }
  const scaler = new AreaScaler(source, target.size, place);
  return { canvas, push: (rgba) => scaler.push(rgba) };
}

/** Why the converter cannot decode a PNG itself (a colour profile it cannot convert), or null when it can. */
export function ownDecodeRefusal(bytes: Uint8Array, fileName: string): string | null {
  const colour = colourOf(readPngImage(bytes, fileName));
  return colour.kind === 'unsupported' ? colour.reason : null;
}

/** The PNG read and its frame's sink, once its colours and size are known to be decodable. */
function frameFor(bytes: Uint8Array, fileName: string, target: FrameTarget | undefined) {
  const image = readPngImage(bytes, fileName);
  const colour = colourOf(image);
  if (colour.kind === 'unsupported') throw failedToLoadImage(fileName, colour.reason);
  const { width, height } = image.header;
  try {
    checkDataSize(image);
  } catch (error) {
    if (error instanceof PixelDataError) throw failedToLoadImage(fileName, error.message);
    throw error;
  }
  const whole = { size: { width, height }, canvas: { width, height }, at: { x: 0, y: 0 } };
  return { image, frame: frameOf(image.header, target ?? whole) };
}

/**
 * A PNG file's pixels as `target` asks (by default the picture at its own size); throws 'Failed to load
 * image: <name> (<why>)'.
 */
export function decodePngFrame(bytes: Uint8Array, fileName: string, target?: FrameTarget): Uint8Array {
  const { image, frame } = frameFor(bytes, fileName, target);
  try {
    decodeRows(image, (_y, rgba) => frame.push(rgba));
    return frame.canvas;
  } catch (error) {
    if (error instanceof PixelDataError) throw failedToLoadImage(fileName, error.message);
    throw error;
  }
}

/** decodePngFrame inflating with `inflate` (the browser's native inflate, in the decode worker). */
export async function decodePngFrameWith(
  inflate: Inflater,
  bytes: Uint8Array,
  fileName: string,
  target?: FrameTarget,
): Promise<Uint8Array> {
  const { image, frame } = frameFor(bytes, fileName, target);
  try {
    await decodeRowsWith(inflate, image, (_y, rgba) => frame.push(rgba));
    return frame.canvas;
  } catch (error) {
    if (error instanceof PixelDataError) throw failedToLoadImage(fileName, error.message);
    throw error;
  }
}

/** Whole-picture RGBA (an APNG's composited frame) as `target` asks, scaled and placed like a decoded PNG. */
export function placePicture(rgba: Uint8Array, source: Size, target: FrameTarget): Uint8Array {
  const frame = frameOf(source, target);
  const rowBytes = source.width * 4;
  for (let y = 0; y < source.height; y++) frame.push(rgba.subarray(y * rowBytes, (y + 1) * rowBytes));
  return frame.canvas;
}
