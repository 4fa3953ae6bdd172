import { ERROR_MESSAGES, errorMessageOf, failedToLoadImage } from '../rules/errors';
import { FrameAnalyser } from '../rules/frame-facts';
import type { DecodeRequest, DecodeResponse } from './decode-protocol';
import { apngPicture } from './apng-pictures';

/**
 * Decodes one PNG natively to the size asked (its own, or pre-shrunk by the browser's high-quality
 * resampler, see rules/decode-size.ts) and reads its pixels back, drawn at a given place on a
 * transparent canvas (the frame's own size when the engine core places it). The pixels are blended onto
 * the matte and analysed here, where they are (rules/frame-facts.ts): the page only combines the facts.
 */
/** The worker scope, typed for what this module uses (the project's TS lib is DOM, not WebWorker). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(message: DecodeResponse, transfer?: Transferable[]): void;
};

async function decodeFrame({ file, name, source, size, canvas, at, picture }: DecodeRequest): Promise<Uint8Array> {
  const resize = size.width !== source.width || size.height !== source.height;
  // An APNG's frames are composited in TypeScript at the APNG's size (the plan's `source`); the browser
  // would only give its first frame. The ImageData is scaled to `size` like a decoded PNG.
  const image = picture === 'file' ? file : await apngPicture(file, name, picture);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(image, {
      ...(resize ? { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'high' as const } : {}),
      // Straight alpha: colours under transparent pixels are not darkened before the GIF threshold.
      premultiplyAlpha: 'none',
      // Decided on purpose: the GIF must look like the PNG looks in this browser. A GIF has no colour
      // profile, so browsers show its pixels as sRGB, while <img> colour-manages a PNG: an sRGB chunk is
      // shown as its samples, gAMA with cHRM (or an iCCP profile) is converted to sRGB. 'default' decodes to
      // exactly that; 'none' would hand over the raw samples, visibly off for gAMA/cHRM files (tested in
      // tests/e2e/engine.spec.ts on a gAMA 1.0 + cHRM PNG and an sRGB one).
      colorSpaceConversion: 'default',
    });
  } catch {
    throw failedToLoadImage(name, 'the browser could not decode it');
  }
  try {
    const surface = new OffscreenCanvas(canvas.width, canvas.height);
    const context = surface.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error(ERROR_MESSAGES.canvasContext);
    context.drawImage(bitmap, at.x, at.y);
    try {
      return new Uint8Array(context.getImageData(0, 0, canvas.width, canvas.height).data.buffer);
    } catch {
      throw new Error(ERROR_MESSAGES.createBlob);
    }
  } finally {
    bitmap.close();
  }
}

const analyser = new FrameAnalyser();

scope.onmessage = async (event: MessageEvent<DecodeRequest>) => {
  const { id } = event.data;
  let response: DecodeResponse;
  try {
    const rgba = await decodeFrame(event.data);
    const facts = analyser.prepare(rgba, event.data.canvas, event.data.transparency, event.data.histogram);
    response = { id, ok: true, rgba: rgba.buffer as ArrayBuffer, facts };
    // Transferred, not copied: the frame buffer belongs to the runtime from now on.
    scope.postMessage(response, [rgba.buffer as ArrayBuffer]);
    return;
  } catch (error) {
    response = { id, ok: false, message: errorMessageOf(error) };
  }
  scope.postMessage(response);
};
