import { ERROR_MESSAGES, errorMessageOf, failedToLoadImage } from '../rules/errors';
import { FrameAnalyser, type FrameFacts } from '../rules/frame-facts';
import { applyMatte } from '../rules/matte';
import { samplePixels } from '../rules/sample-pixels';
import { factsAskKey, type FactsAsk } from '../rules/facts-ahead';
import { KeptDecodes } from '../rules/kept-decodes';
import type { Size } from '../rules/dimensions';
import type { Picture } from '../rules/frame-sources';
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

/**
 * Full-size decodes of PNG files, their pixels as read back, kept for the next encode of the same file (the
 * size estimate's, then Convert's): an encode then copies them (a 4000x3000 PNG: ~15 ms) instead of
 * decoding (~240 ms), drawing and reading back (~90 ms) again.
 */
const kept = new KeptDecodes<KeptPicture>();

/**
 * A kept decode, with the facts of the last encode of it: the next encode that asks for them alike (the
 * conversion after the size estimate's sample, at the same settings) takes them instead of reading 12 MP
 * again (a 4000x3000 picture's facts: ~50 ms).
 */
interface KeptPicture {
  rgba: Uint8Array;
  facts: { asked: string; facts: FrameFacts } | null;
}

/** Full-size decodes under way, by key: a frame asked for meanwhile waits for it instead of decoding again. */
const decoding = new Map<number, Promise<unknown>>();

/** What this worker holds or is making, for the runtime's routing. */
const holding = () => [...new Set([...kept.keys(), ...decoding.keys()])];

/** Decodes a picture to `size` (or its own) and reads its pixels back, drawn at `at` on a transparent `canvas`. */
async function decodePixels(
  image: ImageBitmapSource,
  name: string,
  { size, canvas, at }: { size?: Size; canvas?: Size; at?: { x: number; y: number } } = {},
): Promise<Uint8Array> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(image, {
      ...(size ? { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'high' as const } : {}),
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
    const { width, height } = canvas ?? bitmap;
    const placed = width === bitmap.width && height === bitmap.height && !at?.x && !at?.y;
    const pixels = placed ? await framePixels(bitmap) : null;
    if (pixels) return pixels;
    const surface = new OffscreenCanvas(width, height);
    const context = surface.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error(ERROR_MESSAGES.canvasContext);
    context.drawImage(bitmap, at?.x ?? 0, at?.y ?? 0);
    try {
      return new Uint8Array(context.getImageData(0, 0, width, height).data.buffer);
    } catch {
      throw new Error(ERROR_MESSAGES.createBlob);
    }
  } finally {
    bitmap.close();
  }
}

/**
 * A bitmap's pixels read through WebCodecs, or null where that is not available: the same bytes as drawing
 * it on a canvas and reading them back (soft alpha and colour-managed PNGs included; tests/e2e/engine.spec.ts),
 * without the canvas's copy and premultiplication (a 4000x3000 photo 60 → 36 ms, a flat UI picture of that
 * size 99 → 69 ms, in Chromium on this machine).
 */
async function framePixels(bitmap: ImageBitmap): Promise<Uint8Array | null> {
  if (typeof VideoFrame !== 'function' || !(await copiesToRgba())) return null;
  let frame: VideoFrame | undefined;
  try {
    frame = new VideoFrame(bitmap, { timestamp: 0, alpha: 'keep' });
    const rgba = new Uint8Array(bitmap.width * bitmap.height * 4);
    await frame.copyTo(rgba, {
      format: 'RGBA',
      colorSpace: 'srgb',
      layout: [{ offset: 0, stride: bitmap.width * 4 }],
    });
    return rgba;
  } catch {
    return null; // the canvas reads it back instead
  } finally {
    frame?.close();
  }
}

let copyConverts: Promise<boolean> | undefined;

/**
 * Whether `VideoFrame.copyTo` converts to the format it is asked for. WebKit ignores the option and copies
 * the frame's own BGRA, red and blue swapped: tried once, on a one-pixel frame of known bytes.
 */
function copiesToRgba(): Promise<boolean> {
  copyConverts ??= (async () => {
    let red: VideoFrame | undefined;
    try {
      red = new VideoFrame(Uint8Array.of(0, 0, 255, 255), {
        format: 'BGRA',
        codedWidth: 1,
        codedHeight: 1,
        timestamp: 0,
      });
      const rgba = new Uint8Array(4);
      await red.copyTo(rgba, { format: 'RGBA' });
      return rgba[0] === 255 && rgba[2] === 0;
    } catch {
      return false;
    } finally {
      red?.close();
    }
  })();
  return copyConverts;
}

/** A frame's pixels, and the kept decode they were copied from, if any. */
interface Decoded {
  rgba: Uint8Array;
  keptAs: KeptPicture | null;
}

/** The whole PNG at its own size, decoded and kept if it fits the bound (then `rgba` is the kept pixels themselves). */
function decodeAndKeep(file: Blob, key: number, name: string, pixels: number): Promise<Decoded> {
  const decoded = decodePixels(file, name).then((rgba): Decoded => {
    const picture = { rgba, facts: null };
    return { rgba, keptAs: kept.keep(key, picture, pixels) ? picture : null };
  });
  const settled = decoded.finally(() => decoding.delete(key));
  decoding.set(key, settled);
  return settled;
}

/** A picture's pixels at its own size: a PNG's kept decode (made now, and kept, if need be), an APNG's frame. */
async function fullPixels(file: Blob, key: number, name: string, source: Size, picture: Picture): Promise<Uint8Array> {
  if (picture !== 'file') return decodePixels(await apngPicture(file, name, picture), name);
  await decoding.get(key)?.catch(() => {});
  return kept.get(key)?.rgba ?? (await decodeAndKeep(file, key, name, source.width * source.height)).rgba;
}

async function decodeFrame({
  file,
  key,
  name,
  source,
  size,
  canvas,
  at,
  picture,
  tilesAt,
}: DecodeRequest): Promise<Decoded> {
  const resize = size.width !== source.width || size.height !== source.height;
  const whole = canvas.width === size.width && canvas.height === size.height && at.x === 0 && at.y === 0;
  if (picture === 'file' && !resize && whole) {
    await decoding.get(key)?.catch(() => {});
    const keptAs = kept.get(key);
    // A copy: the frame is transferred to the core, and the kept pixels serve the next encode too.
    if (keptAs) return { rgba: keptAs.rgba.slice(), keptAs };
    const decoded = await decodeAndKeep(file, key, name, source.width * source.height);
    return decoded.keptAs ? { rgba: decoded.rgba.slice(), keptAs: decoded.keptAs } : decoded;
  }
  // A size estimate's sample, made from the picture's full pixels (rules/sample-pixels.ts).
  if (tilesAt && resize && whole && size.width <= source.width && size.height <= source.height) {
    const full = await fullPixels(file, key, name, source, picture);
    const pixels = samplePixels(full, source, tilesAt, size);
    if (pixels) return { rgba: pixels, keptAs: null };
  }
  // An APNG's frames are composited in TypeScript at the APNG's size (the plan's `source`); the browser
  // would only give its first frame. The ImageData is scaled to `size` like a decoded PNG.
  const image = picture === 'file' ? file : await apngPicture(file, name, picture);
  return { rgba: await decodePixels(image, name, { ...(resize ? { size } : {}), canvas, at }), keptAs: null };
}

const analyser = new FrameAnalyser();

/** The frame blended onto the matte, and its facts: those of the last encode of its kept decode when asked alike. */
function prepare(ask: FactsAsk, { rgba, keptAs }: Decoded): FrameFacts {
  const asked = factsAskKey(ask);
  if (keptAs?.facts?.asked === asked) {
    applyMatte(rgba, ask.transparency);
    return keptAs.facts.facts;
  }
  const facts = analyser.prepare(rgba, ask.canvas, ask.transparency, ask.histogram);
  if (keptAs) keptAs.facts = { asked, facts };
  return facts;
}

scope.onmessage = async (event: MessageEvent<DecodeWorkerRequest>) => {
  if (event.data.type === 'keep-only') {
    kept.keepOnly(event.data.keys);
    return;
  }
  if (event.data.type === 'decode-ahead') {
    const { file, key, pixels, facts } = event.data;
    // Not an answer: an undecodable file is reported by the conversion that decodes it.
    if (!decoding.has(key) && kept.get(key) === undefined)
      decodeAndKeep(file, key, '', pixels).then(
        // Read from the kept pixels themselves: an ask ahead has no matte (facts-ahead.ts), so nothing changes them.
        ({ keptAs }) => keptAs && facts && prepare(facts, { rgba: keptAs.rgba, keptAs }),
        () => {},
      );
    return;
  }
  const { id } = event.data;
  let response: DecodeResponse;
  try {
    const decoded = await decodeFrame(event.data);
    const facts = prepare(event.data, decoded);
    const { rgba } = decoded;
    // Copied here, on the matte, not on the page's main thread (a 4000x3000 still's lower band: ~24 MB).
    const { copyRowsFrom, canvas } = event.data;
    const rowsCopy = copyRowsFrom === null ? null : (rgba.slice(copyRowsFrom * canvas.width * 4).buffer as ArrayBuffer);
    response = { id, ok: true, rgba: rgba.buffer as ArrayBuffer, rowsCopy, facts, kept: holding() };
    // Transferred, not copied: the frame buffers belong to the runtime from now on.
    scope.postMessage(response, rowsCopy ? [rgba.buffer as ArrayBuffer, rowsCopy] : [rgba.buffer as ArrayBuffer]);
    return;
  } catch (error) {
    response = { id, ok: false, message: errorMessageOf(error), kept: holding() };
  }
  scope.postMessage(response);
};
