/**
 * Decodes one PNG natively to the size asked (its own, or pre-shrunk by the browser's high-quality
 * resampler, see rules/plan/decode-size.ts) and reads its pixels back, drawn at a given place on a
 * transparent canvas (the frame's own size when the engine core places it). The pixels are blended onto
 * the matte and analysed here, where they are (rules/palette/frame-facts.ts): the page only combines the facts.
 * When the browser's read-back is not the truth, or a picture is bigger than a canvas may be, the
 * converter decodes the PNG itself (rules/plan/decode-route.ts).
 */
import { ERROR_MESSAGES, errorMessageOf, failedToLoadImage } from '../rules/errors';
import { FrameAnalyser, type FrameFacts } from '../rules/palette/frame-facts';
import { applyMatte } from '../rules/palette/matte';
import { samplePixels } from '../rules/estimate/sample-pixels';
import { cutKey, factsAskKey, type FactsAheadAsk, type FactsAsk } from '../rules/plan/facts-ahead';
import { KeptDecodes } from './kept-decodes';
import type { Size } from '../rules/dimensions';
import type { Picture } from '../rules/plan/frame-sources';
import {
  bandsOf,
  decoderFor,
  fallbackFor,
  noTruePixels,
  pixelsOf,
  type Band,
  type RouteAsk,
} from '../rules/plan/decode-route';
import { PNG_HEADER_BYTES, pngSize } from '../rules/png/size';
import { canaryPixels, canaryPng, CANARY_SIZE, readBackIsTrue } from '../rules/png/pixel-trust';
import {
  decodePngFrame,
  decodePngFrameWith,
  ownDecodeRefusal,
  placePicture,
  type FrameTarget,
} from '../rules/png/decode';
import { framedPixels } from '../rules/png/framed-pixels';
import type { FrameCut } from '../rules/plan/frame-cuts';
import { nativeInflate } from './native-inflate';
import type { DecodeRequest, DecodeResponse, DecodeWorkerRequest } from './decode-protocol';
import { apngPicture, apngPixels } from './apng-pictures';

/** The worker scope, typed for what this module uses (the project's TS lib is DOM, not WebWorker). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<DecodeWorkerRequest>) => void) | null;
  postMessage(message: DecodeResponse, transfer?: Transferable[]): void;
};

/**
 * Full-size decodes of PNG files, their pixels as read back, kept for the next encode of the same file (the
 * size estimate's, then Convert's): an encode then copies them, far cheaper than decoding, drawing and
 * reading them back again.
 */
const kept = new KeptDecodes<KeptPicture>();

/**
 * A kept decode, with the facts of the last encode of it: the next encode that asks for them alike (the
 * conversion after the size estimate's sample, at the same settings) takes them instead of reading every
 * pixel again.
 */
interface KeptPicture {
  rgba: Uint8Array;
  facts: { asked: string; facts: FrameFacts } | null;
}

/** Full-size decodes under way, by key: a frame asked for meanwhile waits for it instead of decoding again. */
const decoding = new Map<number, Promise<unknown>>();

/** What this worker holds or is making, for the runtime's routing. */
const holding = () => [...new Set([...kept.keys(), ...decoding.keys()])];

/**
 * Decodes a picture to `size` (or its own) and reads its pixels back, drawn at `at` on a transparent
 * `canvas`; with `band`, only those rows of the picture (at its own size).
 */
async function decodePixels(
  image: ImageBitmapSource,
  name: string,
  {
    size,
    canvas,
    at,
    band,
  }: { size?: Size; canvas?: Size; at?: { x: number; y: number }; band?: Band & { width: number } } = {},
): Promise<Uint8Array> {
  let bitmap: ImageBitmap;
  try {
    const options: ImageBitmapOptions = {
      ...(size ? { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'high' as const } : {}),
      // Straight alpha: colours under transparent pixels are not darkened before the GIF threshold.
      premultiplyAlpha: 'none',
      // Decided on purpose: the GIF must look like the PNG looks in this browser. A GIF has no colour
      // profile, so browsers show its pixels as sRGB, while <img> colour-manages a PNG: an sRGB chunk is
      // shown as its samples, gAMA with cHRM (or an iCCP profile) is converted to sRGB. 'default' decodes to
      // exactly that; 'none' would hand over the raw samples, visibly off for gAMA/cHRM files (tested in
      // tests/e2e/engine.spec.ts on a gAMA 1.0 + cHRM PNG and an sRGB one).
      colorSpaceConversion: 'default',
    };
    bitmap = band
      ? await createImageBitmap(image, 0, band.y, band.width, band.height, options)
      : await createImageBitmap(image, options);
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
 * without the canvas's copy and premultiplication, which takes a big picture markedly longer.
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

/**
 * Whether this browser's read-back gives true pixels, checked once, when the worker starts: the canary
 * (rules/png/pixel-trust.ts) read the ways real frames are, a PNG read whole and drawn at an offset, and an
 * APNG frame's ImageData. Three tiny decodes, while the worker waits for its first frame anyway.
 */
const readBackTrue: Promise<boolean> = (() => {
  const { width, height } = CANARY_SIZE;
  const png = () => new Blob([canaryPng() as Uint8Array<ArrayBuffer>], { type: 'image/png' });
  const offset = async () => {
    const placed = await decodePixels(png(), '', { canvas: { width: width + 1, height }, at: { x: 1, y: 0 } });
    const rgba = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++)
      rgba.set(placed.subarray((y * (width + 1) + 1) * 4, (y * (width + 1) + 1 + width) * 4), y * width * 4);
    return rgba;
  };
  const imageData = () => new ImageData(new Uint8ClampedArray(canaryPixels().buffer as ArrayBuffer), width, height);
  return readBackIsTrue([() => decodePixels(png(), ''), offset, () => decodePixels(imageData(), '')]);
})();

/**
 * A picture over the canvas cap at its own size, decoded by the browser in bands of rows (rules/plan/decode-route.ts
 * bandsOf), each its own bitmap under the cap, joined here into the frame.
 */
async function decodeInBands(file: Blob, name: string, source: Size, target: FrameTarget): Promise<Uint8Array> {
  const { canvas, at } = target;
  const frame = new Uint8Array(canvas.width * canvas.height * 4);
  for (const band of bandsOf(source)) {
    const rows = await decodePixels(file, name, { band: { ...band, width: source.width } });
    for (let row = 0; row < band.height; row++) {
      const y = at.y + band.y + row;
      if (y < 0 || y >= canvas.height) continue;
      const from = Math.max(0, -at.x);
      const length = Math.min(source.width - from, canvas.width - Math.max(0, at.x));
      if (length <= 0) continue;
      const start = (row * source.width + from) * 4;
      frame.set(rows.subarray(start, start + length * 4), (y * canvas.width + Math.max(0, at.x)) * 4);
    }
  }
  return frame;
}

/**
 * A PNG file's pixels (at `target`, else the picture at its own size, read from its header when not given),
 * decoded by the browser or by the converter (rules/plan/decode-route.ts); fails when neither can give true pixels.
 */
async function filePixels(file: Blob, name: string, source: Size | null, target?: FrameTarget): Promise<Uint8Array> {
  const size = source ??
    pngSize(new Uint8Array(await file.slice(0, PNG_HEADER_BYTES).arrayBuffer())) ?? { width: 1, height: 1 };
  const frame = target ?? { size, canvas: size, at: { x: 0, y: 0 } };
  const ask: RouteAsk = { readBackTrue: await readBackTrue, source: size, size: frame.size, canvas: frame.canvas };
  const byBrowser = async (way: 'browser' | 'browser-bands') => {
    if (way === 'browser-bands') return decodeInBands(file, name, size, frame);
    const resize = frame.size.width !== size.width || frame.size.height !== size.height;
    const whole = !resize && sameSize(frame.canvas, size) && frame.at.x === 0 && frame.at.y === 0;
    const decoded = whole && (await imageDecoderAgrees()) ? await imageDecoderPixels(file, size) : null;
    return (
      decoded ??
      decodePixels(file, name, { ...(resize ? { size: frame.size } : {}), canvas: frame.canvas, at: frame.at })
    );
  };
  const decoder = decoderFor(ask);
  if (decoder !== 'converter') return byBrowser(decoder);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const refusal = ownDecodeRefusal(bytes, name);
  if (refusal === null)
    return nativeInflate ? decodePngFrameWith(nativeInflate, bytes, name, frame) : decodePngFrame(bytes, name, frame);
  const fallback = fallbackFor(ask);
  if (fallback !== 'fail') return byBrowser(fallback);
  throw noTruePixels(name, refusal, ask.readBackTrue);
}

/** An APNG's picture at `target`: composited here, then scaled and read back by the browser, or placed by the converter. */
async function apngFramePixels(file: Blob, name: string, picture: 'default' | number, target?: FrameTarget) {
  if (await readBackTrue) {
    const image = await apngPicture(file, name, picture);
    if (!target) return decodePixels(image, name);
    const resize = target.size.width !== image.width || target.size.height !== image.height;
    return decodePixels(image, name, {
      ...(resize ? { size: target.size } : {}),
      canvas: target.canvas,
      at: target.at,
    });
  }
  const { rgba, width, height } = await apngPixels(file, name, picture);
  const size = { width, height };
  return placePicture(rgba, size, target ?? { size, canvas: size, at: { x: 0, y: 0 } });
}

const sameSize = (a: Size, b: Size) => a.width === b.width && a.height === b.height;

/**
 * A still PNG's pixels at its own size (`size`, from its header) through WebCodecs' ImageDecoder, or null
 * where it cannot give them (no ImageDecoder, an animated PNG, a failure: the bitmap's way then decodes it,
 * and reports what is wrong). The frame it decodes to is copied out once: a bitmap's pixels are copied
 * into a frame first, which takes a big picture longer than its decode.
 */
async function imageDecoderPixels(file: Blob, size: Size): Promise<Uint8Array | null> {
  if (typeof ImageDecoder !== 'function') return null;
  let decoder: ImageDecoder | undefined;
  let image: VideoFrame | undefined;
  try {
    decoder = new ImageDecoder({
      data: file.stream(),
      type: 'image/png',
      colorSpaceConversion: 'default',
      preferAnimation: false,
    });
    await decoder.tracks.ready;
    // An APNG's picture for 'file' is what a bitmap of the file shows.
    if (decoder.tracks.selectedTrack?.animated !== false) return null;
    ({ image } = await decoder.decode());
    if (image.displayWidth !== size.width || image.displayHeight !== size.height) return null;
    const rgba = new Uint8Array(size.width * size.height * 4);
    await image.copyTo(rgba, { format: 'RGBA', colorSpace: 'srgb', layout: [{ offset: 0, stride: size.width * 4 }] });
    return rgba;
  } catch {
    return null;
  } finally {
    image?.close();
    decoder?.close();
  }
}

let decoderAgrees: Promise<boolean> | undefined;

/**
 * Whether ImageDecoder gives exactly what the bitmap's way gives, so that either makes the same GIF: the
 * opaque canary exactly (it is read back too), and the translucent one as the bitmap's way reads it.
 * Firefox's ImageDecoder hands back premultiplied colours, Chromium's the same as its bitmaps: checked
 * once, on two tiny pictures.
 */
function imageDecoderAgrees(): Promise<boolean> {
  decoderAgrees ??= (async () => {
    if (typeof ImageDecoder !== 'function') return false;
    const png = (pixels: Uint8Array) => new Blob([canaryPng(pixels) as Uint8Array<ArrayBuffer>], { type: 'image/png' });
    const read = (blob: Blob) => async () => (await imageDecoderPixels(blob, CANARY_SIZE)) ?? Promise.reject();
    const translucent = png(canaryPixels('translucent'));
    const byBitmap = await decodePixels(translucent, '').catch(() => null);
    if (!byBitmap) return false;
    return (await readBackIsTrue([read(png(canaryPixels()))])) && (await readBackIsTrue([read(translucent)], byBitmap));
  })();
  return decoderAgrees;
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
  /** The frame is a cut of the kept picture (the crop and orientation, as a key): its facts are the cut's. */
  cutKey?: string;
}

/**
 * The whole PNG at its own size (`source`, or null to read it from the PNG's header), decoded and kept if
 * it fits the bound (then `rgba` is the kept pixels themselves).
 */
function decodeAndKeep(file: Blob, key: number, name: string, source: Size | null, pixels: number): Promise<Decoded> {
  const decoded = filePixels(file, name, source).then((rgba): Decoded => {
    const picture = { rgba, facts: null };
    return { rgba, keptAs: kept.keep(key, picture, pixels) ? picture : null };
  });
  const settled = decoded.finally(() => decoding.delete(key));
  decoding.set(key, settled);
  return settled;
}

/** A picture's pixels at its own size: a PNG's kept decode (made now, and kept, if need be), an APNG's frame. */
async function fullPixels(file: Blob, key: number, name: string, source: Size, picture: Picture): Promise<Uint8Array> {
  if (picture !== 'file') return apngFramePixels(file, name, picture);
  await decoding.get(key)?.catch(() => {});
  return kept.get(key)?.rgba ?? (await decodeAndKeep(file, key, name, source, pixelsOf(source))).rgba;
}

/**
 * A framed frame: cut (cropped, oriented) from the picture's full pixels, the kept decode when there is one,
 * here in the worker's own pixel path, so the matte, the facts and the core see only the cut picture. Then
 * sampled, or shrunk and placed, like a decoded picture.
 */
async function cutFrame(request: DecodeRequest, cut: FrameCut): Promise<Decoded> {
  const { file, key, name, source, size, canvas, at, picture, tilesAt } = request;
  if (cut.blank) return { rgba: new Uint8Array(canvas.width * canvas.height * 4), keptAs: null };
  const framed =
    takeCutAhead(key, cutKey(cut), picture) ??
    framedPixels(await fullPixels(file, key, name, source, picture), source, cut.crop, cut.orientation);
  const whole = canvas.width === size.width && canvas.height === size.height && at.x === 0 && at.y === 0;
  const same = size.width === framed.size.width && size.height === framed.size.height;
  // The whole cut of a kept decode: its facts are kept with the cut they were read from.
  const keptAs = picture === 'file' ? (kept.get(key) ?? null) : null;
  if (same && whole) return { rgba: framed.rgba, keptAs, cutKey: cutKey(cut) };
  if (tilesAt && whole && size.width <= framed.size.width && size.height <= framed.size.height) {
    const pixels = samplePixels(framed.rgba, framed.size, tilesAt, size);
    if (pixels) return { rgba: pixels, keptAs: null };
  }
  return { rgba: placePicture(framed.rgba, framed.size, { size, canvas, at }), keptAs: null };
}

async function decodeFrame(request: DecodeRequest): Promise<Decoded> {
  const { file, key, name, source, size, canvas, at, picture, tilesAt, cut, handOver } = request;
  if (cut) return cutFrame(request, cut);
  const resize = size.width !== source.width || size.height !== source.height;
  const whole = canvas.width === size.width && canvas.height === size.height && at.x === 0 && at.y === 0;
  if (picture === 'file' && !resize && whole) {
    await decoding.get(key)?.catch(() => {});
    if (handOver) {
      // The last encode: the kept pixels themselves go to the core, and a copy of a big frame is spared.
      const keptAs = kept.take(key);
      return keptAs ? { rgba: keptAs.rgba, keptAs } : { rgba: await filePixels(file, name, source), keptAs: null };
    }
    const keptAs = kept.get(key);
    // A copy: the frame is transferred to the core, and the kept pixels serve the next encode too.
    if (keptAs) return { rgba: keptAs.rgba.slice(), keptAs };
    const decoded = await decodeAndKeep(file, key, name, source, pixelsOf(source));
    return decoded.keptAs ? { rgba: decoded.rgba.slice(), keptAs: decoded.keptAs } : decoded;
  }
  // A size estimate's sample, made from the picture's full pixels (rules/estimate/sample-pixels.ts).
  if (tilesAt && resize && whole && size.width <= source.width && size.height <= source.height) {
    const full = await fullPixels(file, key, name, source, picture);
    const pixels = samplePixels(full, source, tilesAt, size);
    if (pixels) return { rgba: pixels, keptAs: null };
  }
  // An APNG's frames are composited in TypeScript at the APNG's size (the plan's `source`); the browser
  // would only give its first frame. The ImageData is scaled to `size` like a decoded PNG.
  const target = { size, canvas, at };
  const rgba =
    picture === 'file'
      ? await filePixels(file, name, source, target)
      : await apngFramePixels(file, name, picture, target);
  return { rgba, keptAs: null };
}

const analyser = new FrameAnalyser();

/** The key of an ask's facts: of the picture as it is, or of one cut of it. */
const askedKey = (ask: FactsAsk, cut: string | undefined) => (cut ? `${factsAskKey(ask)}|${cut}` : factsAskKey(ask));

/** The frame blended onto the matte, and its facts: those of the last encode of its kept decode when asked alike. */
function prepare(ask: FactsAsk, { rgba, keptAs, cutKey }: Decoded): FrameFacts {
  const asked = askedKey(ask, cutKey);
  if (keptAs?.facts?.asked === asked) {
    applyMatte(rgba, ask.transparency);
    return keptAs.facts.facts;
  }
  const facts = analyser.prepare(rgba, ask.canvas, ask.transparency, ask.histogram);
  if (keptAs) keptAs.facts = { asked, facts };
  return facts;
}

/**
 * The facts asked ahead of a kept decode, kept with it for the conversion to come: read from the kept pixels
 * themselves (an ask ahead has no matte, facts-ahead.ts, so nothing changes them), or from the cut of them
 * that a cropped or turned conversion will make.
 */
function prepareAhead(ask: FactsAheadAsk, keptAs: KeptPicture, key: number): void {
  const { cut } = ask;
  if (keptAs.facts?.asked === askedKey(ask, cut ? cutKey(cut) : undefined)) return;
  if (!cut) {
    prepare(ask, { rgba: keptAs.rgba, keptAs });
    return;
  }
  const framed = framedPixels(keptAs.rgba, ask.source, cut.crop, cut.orientation);
  prepare(ask, { rgba: framed.rgba, keptAs, cutKey: cutKey(cut) });
  cutAhead = { fileKey: key, cutKey: cutKey(cut), framed };
}

/**
 * The last cut made ahead, for the conversion to come: it takes the cut instead of cutting the kept decode
 * again (a big picture's quarter turn is its slowest copy). One at most, so a batch holds no more than one
 * extra picture; it is handed over once (the frame is transferred to the core).
 */
let cutAhead: { fileKey: number; cutKey: string; framed: { rgba: Uint8Array; size: Size } } | null = null;

function takeCutAhead(fileKey: number, key: string, picture: Picture): { rgba: Uint8Array; size: Size } | null {
  if (picture !== 'file' || cutAhead?.fileKey !== fileKey || cutAhead.cutKey !== key) return null;
  const { framed } = cutAhead;
  cutAhead = null;
  return framed;
}

scope.onmessage = async (event: MessageEvent<DecodeWorkerRequest>) => {
  if (event.data.type === 'keep-only') {
    kept.keepOnly(event.data.keys);
    if (cutAhead && !event.data.keys.includes(cutAhead.fileKey)) cutAhead = null;
    return;
  }
  if (event.data.type === 'decode-ahead') {
    const { file, key, pixels, facts } = event.data;
    const readAhead = (keptAs: KeptPicture | null | undefined) => keptAs && facts && prepareAhead(facts, keptAs, key);
    // Not an answer: an undecodable file is reported by the conversion that decodes it. A file kept or being
    // decoded already (a new framing of it) only has the facts of the new ask read.
    const underWay = decoding.get(key);
    if (underWay)
      void underWay.then(
        () => readAhead(kept.get(key)),
        () => {},
      );
    else if (kept.get(key) !== undefined) readAhead(kept.get(key));
    else
      void decodeAndKeep(file, key, '', null, pixels).then(
        ({ keptAs }) => readAhead(keptAs),
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
    // Copied here, on the matte, not on the page's main thread (a big still's lower band is tens of MB).
    const { copyRowsFrom, canvas } = event.data;
    const rowsCopy = copyRowsFrom === null ? null : (rgba.slice(copyRowsFrom * canvas.width * 4).buffer as ArrayBuffer);
    const readBackHidden = !(await readBackTrue);
    response = { id, ok: true, rgba: rgba.buffer as ArrayBuffer, rowsCopy, facts, readBackHidden, kept: holding() };
    // Transferred, not copied: the frame buffers belong to the runtime from now on.
    scope.postMessage(response, rowsCopy ? [rgba.buffer as ArrayBuffer, rowsCopy] : [rgba.buffer as ArrayBuffer]);
    return;
  } catch (error) {
    response = { id, ok: false, message: errorMessageOf(error), kept: holding() };
  }
  scope.postMessage(response);
};
