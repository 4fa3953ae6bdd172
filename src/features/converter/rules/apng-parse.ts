import { failedToLoadImage } from './errors';
import { PNG_SIGNATURE, validatePng, type PngHeader } from './png-validation';

/**
 * Animated PNG structure (APNG 1.0): an `acTL` chunk before the image data makes a PNG an animation of
 * `fcTL` frames, whose pixels are the IDAT chunks (when an fcTL precedes them) or `fdAT` chunks. Parsing
 * only walks the chunks and keeps views into the file's bytes: no pixel is decoded and nothing is
 * allocated from a declared length, so a lying file costs at most one pass over its bytes.
 */

export type DisposeOp = 'none' | 'background' | 'previous';
export type BlendOp = 'source' | 'over';

export interface ApngFrame {
  width: number;
  height: number;
  x: number;
  y: number;
  /** delay_num / delay_den seconds, in milliseconds (a zero denominator means 1/100 s). */
  delayMs: number;
  dispose: DisposeOp;
  blend: BlendOp;
  /** The frame's zlib stream, in pieces: IDAT payloads, or fdAT payloads without their sequence numbers. */
  data: Uint8Array[];
}

export interface ApngInfo {
  header: PngHeader;
  /** PLTE payload (RGB triplets), when present. */
  palette: Uint8Array | null;
  /** tRNS payload, when present. */
  transparency: Uint8Array | null;
  /** How often the animation plays; 0 means forever. */
  plays: number;
  frames: ApngFrame[];
  /** The IDAT stream: the picture non-APNG viewers show, the first frame or not part of the animation. */
  defaultImage: Uint8Array[];
  defaultIsFirstFrame: boolean;
}

/**
 * Documented limits of one animation. The frame count bounds the work and the GIF's frames; every
 * frame is composited on a canvas of the PNG's size, so the canvas is bounded too: at the limit a
 * composite needs three canvas buffers (canvas, saved region, decoded frame) of 4 bytes a pixel.
 * The GIF's own memory (frames × output size) then goes through the engine's pre-flight (memory.ts).
 */
export const APNG_LIMITS = {
  maxFrames: 1000,
  maxCanvasPixels: 4096 * 4096,
} as const;

const DISPOSE_OPS: readonly DisposeOp[] = ['none', 'background', 'previous'];
const BLEND_OPS: readonly BlendOp[] = ['source', 'over'];

/** What the file list and the store need to know of an animation, without its pixels. */
export interface AnimationSummary {
  frameCount: number;
  /** Each frame's own delay in milliseconds. */
  delaysMs: number[];
  /** 0 = forever. */
  plays: number;
}

class ApngError extends Error {}

/** The animation in a PNG file, or null for a still PNG; throws 'Failed to load image: …' for a broken one. */
export function summarizeAnimation(bytes: Uint8Array, fileName: string): AnimationSummary | null {
  if (!isAnimatedPng(bytes)) return null;
  const info = parseApng(bytes, fileName);
  return info && { frameCount: info.frames.length, delaysMs: info.frames.map((f) => f.delayMs), plays: info.plays };
}

/** Whether a PNG is animated: an acTL chunk before the first IDAT. Bounded by the chunks before the image data. */
export function isAnimatedPng(bytes: Uint8Array): boolean {
  return animationInStart(bytes) ?? false; // a broken file is reported by the validation that follows
}

/**
 * Whether the start of a PNG shows it animated (acTL before the first IDAT), or null when it ends before
 * the answer. Only chunk headers are read, so a start that cuts the first IDAT (or any chunk) short still
 * answers: a few kilobytes are enough unless big metadata comes first. Not a PNG: false (its validation
 * reports it).
 */
export function animationInStart(start: Uint8Array): boolean | null {
  if (start.length < PNG_SIGNATURE.length) return null;
  if (PNG_SIGNATURE.some((b, i) => start[i] !== b)) return false;
  const view = new DataView(start.buffer, start.byteOffset, start.byteLength);
  for (let offset = PNG_SIGNATURE.length; offset + 8 <= start.length; offset += 12 + view.getUint32(offset)) {
    const type = String.fromCharCode(start[offset + 4]!, start[offset + 5]!, start[offset + 6]!, start[offset + 7]!);
    if (type === 'acTL') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
  }
  return null;
}

/**
 * The animation in a PNG, or null for a still PNG. Throws 'Failed to load image: <name> (<why>)' for a
 * malformed file: the PNG checks of validatePng, then the APNG rules (sequence numbers, frames inside
 * the canvas, frame count as declared, the limits above).
 */
export function parseApng(bytes: Uint8Array, fileName: string): ApngInfo | null {
  const header = validatePng(bytes, fileName);
  try {
    return readAnimation(bytes, header);
  } catch (error) {
    if (error instanceof ApngError) throw failedToLoadImage(fileName, error.message);
    throw error;
  }
}

/** Calls `visit` with each chunk's type and payload until it returns false or IEND; CRCs are validatePng's job. */
export function walkChunks(bytes: Uint8Array, visit: (type: string, data: Uint8Array) => boolean): void {
  if (bytes.length < PNG_SIGNATURE.length || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = PNG_SIGNATURE.length;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const end = offset + 8 + length;
    if (end + 4 > bytes.length) return;
    const type = String.fromCharCode(bytes[offset + 4]!, bytes[offset + 5]!, bytes[offset + 6]!, bytes[offset + 7]!);
    if (!visit(type, bytes.subarray(offset + 8, end)) || type === 'IEND') return;
    offset = end + 4;
  }
}

function readAnimation(bytes: Uint8Array, header: PngHeader): ApngInfo | null {
  let declaredFrames = -1;
  let plays = 0;
  let palette: Uint8Array | null = null;
  let transparency: Uint8Array | null = null;
  const frames: ApngFrame[] = [];
  const defaultImage: Uint8Array[] = [];
  let defaultIsFirstFrame = false;
  let nextSequence = 0;
  let seenImageData = false;
  let imageDataEnded = false;
  /** Where the current frame's data comes from: IDAT for a first frame declared before the image data. */
  let current: ApngFrame | null = null;

  const expectSequence = (data: Uint8Array, type: string) => {
    const sequence = readU32(data, 0);
    if (sequence !== nextSequence)
      throw new ApngError(`${type} sequence number ${sequence} where ${nextSequence} was expected`);
    nextSequence++;
  };

  walkChunks(bytes, (type, data) => {
    if (seenImageData && type !== 'IDAT') imageDataEnded = true;
    switch (type) {
      case 'PLTE':
        palette = data;
        break;
      case 'tRNS':
        transparency = data;
        break;
      case 'acTL': {
        if (declaredFrames >= 0) throw new ApngError('more than one acTL chunk');
        if (seenImageData) throw new ApngError('acTL chunk after the image data');
        if (data.length !== 8) throw new ApngError('acTL has the wrong length');
        declaredFrames = readU32(data, 0);
        plays = readU32(data, 4);
        if (declaredFrames === 0) throw new ApngError('acTL declares no frames');
        if (declaredFrames > APNG_LIMITS.maxFrames)
          throw new ApngError(`${declaredFrames} frames, more than the ${APNG_LIMITS.maxFrames} an animation may have`);
        if (plays > 0x7fffffff) throw new ApngError('acTL play count out of range');
        break;
      }
      case 'fcTL': {
        if (declaredFrames < 0) return true; // without acTL the file is a still PNG: fcTL is ignored
        if (data.length !== 26) throw new ApngError('fcTL has the wrong length');
        expectSequence(data, 'fcTL');
        if (frames.length >= declaredFrames)
          throw new ApngError(`more frames than the ${declaredFrames} acTL declares`);
        if (current && current.data.length === 0) throw new ApngError(`frame ${frames.length} has no image data`);
        current = readFrameControl(data, header, frames.length);
        if (!seenImageData) {
          if (current.x !== 0 || current.y !== 0 || current.width !== header.width || current.height !== header.height)
            throw new ApngError('the first frame does not cover the whole image');
          defaultIsFirstFrame = true;
        }
        frames.push(current);
        break;
      }
      case 'IDAT':
        if (imageDataEnded) throw new ApngError('IDAT chunks are not consecutive');
        seenImageData = true;
        defaultImage.push(data);
        if (current) {
          if (!defaultIsFirstFrame) throw new ApngError('fcTL inside the image data');
          current.data.push(data);
        }
        break;
      case 'fdAT':
        if (declaredFrames < 0) return true;
        if (data.length < 4) throw new ApngError('fdAT has the wrong length');
        expectSequence(data, 'fdAT');
        if (!current || !seenImageData) throw new ApngError('fdAT chunk without a frame control before it');
        if (defaultIsFirstFrame && current === frames[0]) throw new ApngError('fdAT chunk in the first frame');
        current.data.push(data.subarray(4));
        break;
    }
    return true;
  });

  if (declaredFrames < 0) return null;
  if (frames.length !== declaredFrames)
    throw new ApngError(`acTL declares ${declaredFrames} frames but the file has ${frames.length}`);
  const last = frames[frames.length - 1];
  if (last && last.data.length === 0) throw new ApngError(`frame ${frames.length} has no image data`);
  if (header.width * header.height > APNG_LIMITS.maxCanvasPixels)
    throw new ApngError(
      `an animation of ${header.width}x${header.height} pixels is larger than ${APNG_LIMITS.maxCanvasPixels} pixels`,
    );
  return { header, palette, transparency, plays, frames, defaultImage, defaultIsFirstFrame };
}

function readFrameControl(data: Uint8Array, header: PngHeader, index: number): ApngFrame {
  const width = readU32(data, 4);
  const height = readU32(data, 8);
  const x = readU32(data, 12);
  const y = readU32(data, 16);
  const delayNum = (data[20]! << 8) | data[21]!;
  const delayDen = (data[22]! << 8) | data[23]!;
  const dispose = DISPOSE_OPS[data[24]!];
  const blend = BLEND_OPS[data[25]!];
  const number = index + 1;
  if (width === 0 || height === 0) throw new ApngError(`frame ${number} is empty`);
  if (x + width > header.width || y + height > header.height)
    throw new ApngError(
      `frame ${number} (${width}x${height} at ${x},${y}) lies outside the ${header.width}x${header.height} canvas`,
    );
  if (!dispose) throw new ApngError(`frame ${number} has an unknown dispose_op ${data[24]}`);
  if (!blend) throw new ApngError(`frame ${number} has an unknown blend_op ${data[25]}`);
  return {
    width,
    height,
    x,
    y,
    delayMs: (delayNum * 1000) / (delayDen === 0 ? 100 : delayDen),
    // APNG: a first frame's "previous" is treated as "background" (there is nothing before it).
    dispose: index === 0 && dispose === 'previous' ? 'background' : dispose,
    blend,
    data: [],
  };
}

function readU32(data: Uint8Array, at: number): number {
  return ((data[at]! << 24) | (data[at + 1]! << 16) | (data[at + 2]! << 8) | data[at + 3]!) >>> 0;
}
