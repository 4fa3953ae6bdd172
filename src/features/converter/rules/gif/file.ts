/**
 * A GIF as a model to rewrite: screen, colour tables, loop, and each frame's placement, timing,
 * disposal, transparency and LZW data. Comments and unknown extensions are not kept (the encoder writes
 * none). Also what a viewer shows: each frame composed on the canvas, disposal methods applied.
 */
import { concatBytes } from '../concat-bytes';
import {
  gifBlocks,
  GifFormatError,
  interlacedRows,
  NO_CONTROL,
  readScreen,
  subBlockData,
  unknownBlock,
} from './blocks';
import { decodeLzw, packColour } from './lzw';

export interface GifFrame {
  left: number;
  top: number;
  width: number;
  height: number;
  /** RGB triples, a power of two of entries; null = the global table. */
  localPalette: Uint8Array | null;
  transparentIndex: number | null;
  /** 0 unspecified, 1 keep, 2 restore to background (clear), 3 restore previous. */
  disposal: number;
  delayCs: number;
  interlaced: boolean;
  minCodeSize: number;
  /** The LZW code stream, sub-blocks joined. */
  data: Uint8Array;
  /** The frame decoded already (the core's indexed frames, indexed-frames.ts): `data` is then empty. */
  indices?: Uint8Array;
}

export interface GifFile {
  width: number;
  height: number;
  globalPalette: Uint8Array | null;
  backgroundIndex: number;
  /** NETSCAPE2.0 loop count (0 = forever), or null: plays once. */
  loopCount: number | null;
  frames: GifFrame[];
}

/**
 * The optimiser rewrites what our encoder wrote: anything but a whole GIF is an error (`whole`). A viewer
 * keeps what it could read (`readable`): a file that ends without its trailer, or with garbage after
 * complete frames, shows those frames.
 */
export function parseGif(bytes: Uint8Array, read: 'whole' | 'readable' = 'whole'): GifFile {
  const screen = readScreen(bytes);
  const file: GifFile = {
    width: screen.width,
    height: screen.height,
    globalPalette: screen.globalPalette?.slice() ?? null,
    backgroundIndex: screen.backgroundIndex,
    loopCount: null,
    frames: [],
  };
  try {
    readFrames(bytes, screen.blocksAt, file);
  } catch (error) {
    if (read === 'readable' && file.frames.length > 0 && error instanceof GifFormatError) return file;
    throw error;
  }
  return file;
}

/** The blocks from `blocksAt` to the trailer into `file`; a GifFormatError on what a GIF cannot hold there. */
function readFrames(bytes: Uint8Array, blocksAt: number, file: GifFile): void {
  let control = NO_CONTROL;
  for (const block of gifBlocks(bytes, blocksAt)) {
    switch (block.type) {
      case 'trailer':
        return;
      case 'unknown':
        throw new GifFormatError(unknownBlock(block));
      case 'control':
        control = { disposal: block.disposal, delayCs: block.delayCs, transparentIndex: block.transparentIndex };
        break;
      case 'loop':
        if (block.count !== null) file.loopCount = block.count;
        break;
      case 'image':
        file.frames.push({
          left: block.left,
          top: block.top,
          width: block.width,
          height: block.height,
          localPalette: block.localPalette?.slice() ?? null,
          interlaced: block.interlaced,
          minCodeSize: block.minCodeSize,
          data: subBlockData(bytes, block.dataAt),
          ...control,
        });
        control = NO_CONTROL;
        break;
    }
  }
  throw new GifFormatError('truncated GIF');
}

/** Size in bits of a colour table's packed field: 2^(bits+1) entries. */
function tableBits(palette: Uint8Array): number {
  let bits = 0;
  while (3 * 2 ** (bits + 1) < palette.length) bits++;
  return bits;
}

export function writeGif(file: GifFile): Uint8Array {
  const parts: Uint8Array[] = [];
  const u16 = (value: number) => [value & 0xff, value >> 8];
  const global = file.globalPalette;
  parts.push(
    Uint8Array.of(
      ...[...'GIF89a'].map((c) => c.charCodeAt(0)),
      ...u16(file.width),
      ...u16(file.height),
      global ? 0xf0 | tableBits(global) : 0x70,
      file.backgroundIndex,
      0,
    ),
  );
  if (global) parts.push(global);
  if (file.loopCount !== null) {
    const netscape = [...'NETSCAPE2.0'].map((c) => c.charCodeAt(0));
    parts.push(Uint8Array.of(0x21, 0xff, 11, ...netscape, 3, 1, ...u16(file.loopCount), 0));
  }
  for (const frame of file.frames) {
    const t = frame.transparentIndex;
    parts.push(
      Uint8Array.of(0x21, 0xf9, 4, (frame.disposal << 2) | (t === null ? 0 : 1), ...u16(frame.delayCs), t ?? 0, 0),
    );
    const local = frame.localPalette;
    parts.push(
      Uint8Array.of(
        0x2c,
        ...u16(frame.left),
        ...u16(frame.top),
        ...u16(frame.width),
        ...u16(frame.height),
        (local ? 0x80 | tableBits(local) : 0) | (frame.interlaced ? 0x40 : 0),
      ),
    );
    if (local) parts.push(local);
    parts.push(subBlocked(frame.minCodeSize, frame.data));
  }
  parts.push(Uint8Array.of(0x3b));
  return concatBytes(parts);
}

/** The minimum code size byte, the data in sub-blocks of at most 255 bytes, the block terminator. */
function subBlocked(minCodeSize: number, data: Uint8Array): Uint8Array {
  const blocks = Math.ceil(data.length / 255);
  const out = new Uint8Array(1 + data.length + blocks + 1);
  out[0] = minCodeSize;
  let at = 1;
  for (let from = 0; from < data.length; from += 255) {
    const chunk = data.subarray(from, from + 255);
    out[at++] = chunk.length;
    out.set(chunk, at);
    at += chunk.length;
  }
  out[at] = 0;
  return out;
}

/** The colour table a frame uses. */
export const paletteOf = (file: GifFile, frame: GifFrame): Uint8Array =>
  frame.localPalette ?? file.globalPalette ?? new Uint8Array(3 * 256);

/** A frame's indices in row order (interlaced frames are de-interlaced). */
export function frameIndices(frame: GifFrame): Uint8Array {
  if (frame.indices) return frame.indices;
  const pixels = decodeLzw(frame.data, frame.minCodeSize, frame.width * frame.height);
  if (!frame.interlaced) return pixels;
  const rows = new Uint8Array(pixels.length);
  for (const [source, y] of interlacedRows(frame.height).entries()) {
    rows.set(pixels.subarray(source * frame.width, (source + 1) * frame.width), y * frame.width);
  }
  return rows;
}

/** Canvas pixels: 0xRRGGBB, or this where nothing is drawn (the page shows through). */
export const CLEAR = -1;

/**
 * What a viewer shows, frame after frame: each frame drawn over the canvas (its transparent pixels leave
 * the canvas as it was), then its disposal applied before the next. The canvas starts clear. Yields one
 * shared buffer: copy it to keep a frame.
 */
export function* shownFrames(
  file: GifFile,
  indicesOf: (frame: GifFrame, index: number) => Uint8Array = frameIndices,
): Generator<Int32Array> {
  const { width, height } = file;
  const canvas = new Int32Array(width * height).fill(CLEAR);
  for (const [n, frame] of file.frames.entries()) {
    const saved = frame.disposal === 3 ? canvas.slice() : null;
    const indices = indicesOf(frame, n);
    const palette = paletteOf(file, frame);
    const colours = new Int32Array(256);
    for (let i = 0; i < 256; i++) colours[i] = packColour(palette, i);
    const t = frame.transparentIndex ?? CLEAR;
    const right = Math.min(width, frame.left + frame.width);
    const bottom = Math.min(height, frame.top + frame.height);
    for (let y = frame.top; y < bottom; y++) {
      const row = (y - frame.top) * frame.width - frame.left;
      for (let x = frame.left; x < right; x++) {
        const index = indices[row + x]!;
        if (index !== t) canvas[y * width + x] = colours[index]!;
      }
    }
    yield canvas;
    if (frame.disposal === 2) {
      for (let y = frame.top; y < bottom; y++) canvas.fill(CLEAR, y * width + frame.left, y * width + right);
    } else if (saved) canvas.set(saved);
  }
}
