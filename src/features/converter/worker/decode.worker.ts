import { ERROR_MESSAGES, errorMessageOf, failedToLoadImage } from '../engine/errors';
import type { DecodeRequest, DecodeResponse } from './decode-protocol';
import { apngPicture } from './apng-pictures';

/**
 * Decodes one PNG natively and draws it, scaled by the browser's high-quality resampler, at its place
 * on a transparent canvas of the GIF's size. The browser decodes and downscales big PNGs far faster
 * than ffmpeg would, and only the (smaller) output-size frame travels on.
 */
/** The worker scope, typed for what this module uses (the project's TS lib is DOM, not WebWorker). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DecodeRequest>) => void) | null;
  postMessage(message: DecodeResponse, transfer?: Transferable[]): void;
};

async function decodeFrame({ file, name, canvas, placement, picture }: DecodeRequest): Promise<ArrayBuffer> {
  // An APNG's frames are composited in TypeScript; the browser would only give its first frame.
  const source = picture === 'file' ? file : await apngPicture(file, name, picture);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(source, {
      resizeWidth: placement.width,
      resizeHeight: placement.height,
      resizeQuality: 'high',
      // Straight alpha: colours under transparent pixels are not darkened before the GIF threshold.
      premultiplyAlpha: 'none',
    });
  } catch {
    throw failedToLoadImage(name, 'the browser could not decode it');
  }
  try {
    const surface = new OffscreenCanvas(canvas.width, canvas.height);
    const context = surface.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error(ERROR_MESSAGES.canvasContext);
    context.drawImage(bitmap, placement.x, placement.y);
    try {
      return context.getImageData(0, 0, canvas.width, canvas.height).data.buffer as ArrayBuffer;
    } catch {
      throw new Error(ERROR_MESSAGES.createBlob);
    }
  } finally {
    bitmap.close();
  }
}

scope.onmessage = async (event: MessageEvent<DecodeRequest>) => {
  const { id } = event.data;
  let response: DecodeResponse;
  try {
    const rgba = await decodeFrame(event.data);
    response = { id, ok: true, rgba };
    // Transferred, not copied: the frame buffer belongs to the engine from now on.
    scope.postMessage(response, [rgba]);
    return;
  } catch (error) {
    response = { id, ok: false, message: errorMessageOf(error) };
  }
  scope.postMessage(response);
};
