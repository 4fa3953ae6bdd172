import type { ApngFrame, ApngInfo } from './apng-parse';
import { failedToLoadImage } from '../errors';
import { decodePixels, PixelDataError, type PixelFormat } from './pixels';

/**
 * APNG frames composited as the APNG spec says, on a canvas of the PNG's size that starts fully
 * transparent black: each frame's region is blended (`source` replaces, `over` alpha-composites in
 * straight alpha), the canvas is what frame k shows, and the frame's `dispose_op` is applied before the
 * next one (`none` keeps it, `background` clears the region, `previous` restores the region as it was).
 *
 * Frames are composited in order; asking for an earlier frame starts again from the first, so playing
 * the animation forwards costs one decode per frame. Memory: the canvas, one saved region and one
 * decoded frame, each at most the canvas (bounded by APNG_LIMITS.maxCanvasPixels).
 */
export class ApngComposer {
  readonly width: number;
  readonly height: number;
  #canvas: Uint8Array;
  /** The next frame to composite. */
  #next = 0;
  /** What the previous frame asks to be done with its region before the next one is drawn. */
  #pendingDispose: { frame: ApngFrame; saved: Uint8Array | null } | null = null;

  constructor(
    private readonly info: ApngInfo,
    private readonly fileName: string,
  ) {
    this.width = info.header.width;
    this.height = info.header.height;
    this.#canvas = new Uint8Array(this.width * this.height * 4);
  }

  get frameCount(): number {
    return this.info.frames.length;
  }

  /** The whole canvas as frame `index` shows it (a copy the caller owns). */
  frame(index: number): Uint8Array {
    if (!Number.isInteger(index) || index < 0 || index >= this.frameCount)
      throw new RangeError(`frame ${index} of an animation of ${this.frameCount}`);
    if (index < this.#next) this.#rewind();
    while (this.#next <= index) this.#composite(this.#next++);
    return this.#canvas.slice();
  }

  /** The picture in the IDAT chunks, which viewers without APNG support show (whole canvas). */
  defaultImage(): Uint8Array {
    return this.#decode(this.info.defaultImage, this.width, this.height, 'the default image');
  }

  #rewind(): void {
    this.#canvas.fill(0);
    this.#next = 0;
    this.#pendingDispose = null;
  }

  #composite(index: number): void {
    this.#dispose();
    const frame = this.info.frames[index]!;
    const saved = frame.dispose === 'previous' ? this.#copyRegion(frame) : null;
    const pixels = this.#decode(frame.data, frame.width, frame.height, `frame ${index + 1}`);
    if (frame.blend === 'source') this.#pasteRegion(frame, pixels);
    else this.#blendRegion(frame, pixels);
    this.#pendingDispose = { frame, saved };
  }

  #dispose(): void {
    const pending = this.#pendingDispose;
    this.#pendingDispose = null;
    if (!pending || pending.frame.dispose === 'none') return;
    const { frame, saved } = pending;
    if (saved) this.#pasteRegion(frame, saved);
    else this.#forEachRow(frame, (canvasAt, _frameAt, length) => this.#canvas.fill(0, canvasAt, canvasAt + length));
  }

  #decode(data: readonly Uint8Array[], width: number, height: number, what: string): Uint8Array {
    const { header, palette, transparency } = this.info;
    const format: PixelFormat = { ...header, palette, transparency };
    try {
      return decodePixels(data, width, height, format);
    } catch (error) {
      if (error instanceof PixelDataError) throw failedToLoadImage(this.fileName, `${what}: ${error.message}`);
      throw error;
    }
  }

  /** Visits each row of a frame's region: the byte offset in the canvas and in the frame, and the row's byte length. */
  #forEachRow(frame: ApngFrame, visit: (canvasAt: number, frameAt: number, length: number) => void): void {
    const length = frame.width * 4;
    for (let row = 0; row < frame.height; row++)
      visit(((frame.y + row) * this.width + frame.x) * 4, row * length, length);
  }

  #copyRegion(frame: ApngFrame): Uint8Array {
    const region = new Uint8Array(frame.width * frame.height * 4);
    this.#forEachRow(frame, (canvasAt, frameAt, length) =>
      region.set(this.#canvas.subarray(canvasAt, canvasAt + length), frameAt),
    );
    return region;
  }

  #pasteRegion(frame: ApngFrame, pixels: Uint8Array): void {
    this.#forEachRow(frame, (canvasAt, frameAt, length) =>
      this.#canvas.set(pixels.subarray(frameAt, frameAt + length), canvasAt),
    );
  }

  #blendRegion(frame: ApngFrame, pixels: Uint8Array): void {
    const canvas = this.#canvas;
    this.#forEachRow(frame, (canvasAt, frameAt, length) => {
      for (let i = 0; i < length; i += 4) blendOver(canvas, canvasAt + i, pixels, frameAt + i);
    });
  }
}

/** Straight-alpha "source over destination" for one pixel (APNG spec, blend_op 1). */
function blendOver(dst: Uint8Array, d: number, src: Uint8Array, s: number): void {
  const sa = src[s + 3]!;
  if (sa === 255) {
    dst.set(src.subarray(s, s + 4), d);
    return;
  }
  if (sa === 0) return;
  const da = dst[d + 3]!;
  // In units of 255²: out alpha = sa + da·(1 − sa).
  const outA = sa * 255 + da * (255 - sa);
  for (let c = 0; c < 3; c++) dst[d + c] = Math.round((src[s + c]! * sa * 255 + dst[d + c]! * da * (255 - sa)) / outA);
  dst[d + 3] = Math.round(outA / 255);
}
