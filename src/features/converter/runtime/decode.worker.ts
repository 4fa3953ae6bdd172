import { ERROR_MESSAGES, errorMessageOf, failedToLoadImage } from '../rules/errors';
import { FrameAnalyser } from '../rules/frame-facts';
import { KeptDecodes } from '../rules/kept-decodes';
import type { Size } from '../rules/dimensions';
import type { DecodeRequest, DecodeResponse, DecodeWorkerRequest } from './decode-protocol';
import { apngPicture } from './apng-pictures';

/**
 * Decodes one PNG natively to the size asked (its own, or pre-shrunk by the browser's high-quality
 * resampler, see rules/decode-size.ts) and reads its pixels back, drawn at a given place on a
 * transparent canvas (the frame's own size when the engine core places it). The pixels are blended onto
 * the matte and analysed here, where they are (rules/frame-facts.ts): the page only combines the facts.
 */
/** The worker scope, typed for what this module uses (the project's TS lib is DOM, not WebWorker). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DecodeWorkerRequest>) => void) | null;
  postMessage(message: DecodeResponse, transfer?: Transferable[]): void;
};

/** Full-size decodes of PNG files, kept for the next encode of the same file (the estimate's, then Convert's). */
const kept = new KeptDecodes<ImageBitmap>((bitmap) => bitmap.close());
/** Full-size decodes under way, by key: a frame asked for meanwhile waits for it instead of decoding again. */
const decoding = new Map<number, Promise<unknown>>();

/** What this worker holds or is making, for the runtime's routing. */
const holding = () => [...new Set([...kept.keys(), ...decoding.keys()])];

function decodeImage(image: ImageBitmapSource, name: string, size?: Size): Promise<ImageBitmap> {
  return createImageBitmap(image, {
    ...(size ? { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'high' as const } : {}),
    // Straight alpha: colours under transparent pixels are not darkened before the GIF threshold.
    premultiplyAlpha: 'none',
    // Decided on purpose: the GIF must look like the PNG looks in this browser. A GIF has no colour
    // profile, so browsers show its pixels as sRGB, while <img> colour-manages a PNG: an sRGB chunk is
    // shown as its samples, gAMA with cHRM (or an iCCP profile) is converted to sRGB. 'default' decodes to
    // exactly that; 'none' would hand over the raw samples, visibly off for gAMA/cHRM files (tested in
    // tests/e2e/engine.spec.ts on a gAMA 1.0 + cHRM PNG and an sRGB one).
    colorSpaceConversion: 'default',
  }).catch(() => {
    throw failedToLoadImage(name, 'the browser could not decode it');
  });
}

/** The whole PNG at its own size, decoded and kept (if it fits the bound); the caller owns it if not kept. */
function decodeAndKeep(file: Blob, key: number, name: string): Promise<{ bitmap: ImageBitmap; own: boolean }> {
  const decoded = decodeImage(file, name).then((bitmap) => ({
    bitmap,
    own: !kept.keep(key, bitmap, bitmap.width * bitmap.height),
  }));
  const settled = decoded.finally(() => decoding.delete(key));
  decoding.set(key, settled);
  return settled;
}

/** The file's picture as the browser decodes it: from the kept decode when it is the whole PNG at its size. */
async function decodeBitmap({
  file,
  key,
  name,
  source,
  size,
  picture,
}: DecodeRequest): Promise<{ bitmap: ImageBitmap; own: boolean }> {
  const resize = size.width !== source.width || size.height !== source.height;
  if (picture === 'file' && !resize) {
    await decoding.get(key)?.catch(() => {});
    const ready = kept.get(key);
    return ready ? { bitmap: ready, own: false } : decodeAndKeep(file, key, name);
  }
  // An APNG's frames are composited in TypeScript at the APNG's size (the plan's `source`); the browser
  // would only give its first frame. The ImageData is scaled to `size` like a decoded PNG.
  const image = picture === 'file' ? file : await apngPicture(file, name, picture);
  return { bitmap: await decodeImage(image, name, resize ? size : undefined), own: true };
}

async function decodeFrame(request: DecodeRequest): Promise<Uint8Array> {
  const { canvas, at } = request;
  // A kept bitmap is drawn in the task that took it (only microtasks in between), so another decode's
  // keep, which may give it back (close it), cannot come first.
  const { bitmap, own } = await decodeBitmap(request);
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
    if (own) bitmap.close();
  }
}

const analyser = new FrameAnalyser();

scope.onmessage = async (event: MessageEvent<DecodeWorkerRequest>) => {
  if (event.data.type === 'keep-only') {
    kept.keepOnly(event.data.keys);
    return;
  }
  if (event.data.type === 'decode-ahead') {
    const { file, key } = event.data;
    // Not an answer: an undecodable file is reported by the conversion that decodes it.
    if (!decoding.has(key) && kept.get(key) === undefined)
      decodeAndKeep(file, key, '').then(
        ({ bitmap, own }) => own && bitmap.close(),
        () => {},
      );
    return;
  }
  const { id } = event.data;
  let response: DecodeResponse;
  try {
    const rgba = await decodeFrame(event.data);
    const facts = analyser.prepare(rgba, event.data.canvas, event.data.transparency, event.data.histogram);
    response = { id, ok: true, rgba: rgba.buffer as ArrayBuffer, facts, kept: holding() };
    // Transferred, not copied: the frame buffer belongs to the runtime from now on.
    scope.postMessage(response, [rgba.buffer as ArrayBuffer]);
    return;
  } catch (error) {
    response = { id, ok: false, message: errorMessageOf(error), kept: holding() };
  }
  scope.postMessage(response);
};
