/**
 * The one walk over a GIF's blocks (GIF89a spec: header, logical screen, global colour table, then
 * extensions and images up to the trailer), shared by everything that reads GIFs: the timing pass
 * (bytes.ts), the optimiser's model (file.ts) and the compare view's decoder (decode.ts).
 * It reads, it does not judge: a file that ends early or holds an unknown block is reported as such, and
 * each reader decides whether that is an error (the encoder's output must be whole; a viewer keeps the
 * frames it could read).
 */

export class GifFormatError extends Error {}

export interface GifScreen {
  width: number;
  height: number;
  /** RGB triples, a power of two of entries (a view into the file), or null. */
  globalPalette: Uint8Array | null;
  backgroundIndex: number;
  /** Where the first block starts: the header, screen descriptor and global table come before it. */
  blocksAt: number;
}

export interface FrameControl {
  /** 0 unspecified, 1 keep, 2 restore to background (clear), 3 restore previous. */
  disposal: number;
  delayCs: number;
  transparentIndex: number | null;
}

export interface ImageDescriptor {
  left: number;
  top: number;
  width: number;
  height: number;
  /** RGB triples (a view into the file), or null: the global table. */
  localPalette: Uint8Array | null;
  interlaced: boolean;
  minCodeSize: number;
  /** Where the LZW data's sub-blocks start (subBlockData joins them). */
  dataAt: number;
}

/** A block, with the bytes it spans in the file: [start, end). */
export type GifBlock = { start: number; end: number } & (
  | ({ type: 'control' } & FrameControl)
  /** NETSCAPE2.0: the loop count (0 = forever), null when the extension carries none. */
  | { type: 'loop'; count: number | null }
  /** Any other extension (comments, plain text, other applications). */
  | { type: 'extension'; label: number }
  | ({ type: 'image' } & ImageDescriptor)
  | { type: 'trailer' }
  /** A byte that starts no known block: the walk ends here. */
  | { type: 'unknown'; introducer: number }
);

const TRAILER = 0x3b;
const EXTENSION = 0x21;
const IMAGE = 0x2c;
const GRAPHIC_CONTROL = 0xf9;
const APPLICATION = 0xff;

export const NO_CONTROL: FrameControl = { disposal: 0, delayCs: 0, transparentIndex: null };

const le16 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);

function colourTable(bytes: Uint8Array, at: number, packed: number): Uint8Array {
  const size = 3 * 2 ** ((packed & 7) + 1);
  if (at + size > bytes.length) throw new GifFormatError('truncated colour table');
  return bytes.subarray(at, at + size);
}

export function readScreen(bytes: Uint8Array): GifScreen {
  const signature = String.fromCharCode(...bytes.subarray(0, 6));
  if (signature !== 'GIF89a' && signature !== 'GIF87a') throw new GifFormatError('not a GIF (no GIF signature)');
  if (bytes.length < 13) throw new GifFormatError('truncated header');
  const packed = bytes[10]!;
  const globalPalette = packed & 0x80 ? colourTable(bytes, 13, packed) : null;
  return {
    width: le16(bytes, 6),
    height: le16(bytes, 8),
    globalPalette,
    backgroundIndex: bytes[11]!,
    blocksAt: 13 + (globalPalette?.length ?? 0),
  };
}

/**
 * The blocks from `from` (the screen's `blocksAt`), in file order. Ends after the trailer, after an
 * unknown block, or quietly when the file ends between blocks (no trailer: the reader decides); throws a
 * GifFormatError when it ends inside one.
 */
export function* gifBlocks(bytes: Uint8Array, from: number): Generator<GifBlock> {
  const byteAt = (i: number) => {
    if (i >= bytes.length) throw new GifFormatError('truncated GIF');
    return bytes[i]!;
  };
  /** The offset after the sub-blocks starting at `at` and their terminator. */
  const skipSubBlocks = (at: number) => {
    for (let size = byteAt(at); size !== 0; size = byteAt(at)) {
      if (at + 1 + size > bytes.length) throw new GifFormatError('truncated data block');
      at += size + 1;
    }
    return at + 1;
  };
  let offset = from;
  while (offset < bytes.length) {
    const start = offset;
    const introducer = bytes[offset]!;
    if (introducer === TRAILER) {
      yield { type: 'trailer', start, end: start + 1 };
      return;
    }
    if (introducer === EXTENSION) {
      const label = byteAt(offset + 1);
      const end = skipSubBlocks(offset + 2);
      const first = bytes[offset + 2]!;
      if (label === GRAPHIC_CONTROL) {
        const control =
          first >= 4
            ? {
                disposal: (bytes[offset + 3]! >> 2) & 7,
                delayCs: le16(bytes, offset + 4),
                transparentIndex: bytes[offset + 3]! & 1 ? bytes[offset + 6]! : null,
              }
            : NO_CONTROL;
        yield { type: 'control', start, end, ...control };
      } else if (
        label === APPLICATION &&
        first === 11 &&
        String.fromCharCode(...bytes.subarray(offset + 3, offset + 14)) === 'NETSCAPE2.0'
      ) {
        const data = offset + 14;
        const count = bytes[data]! >= 3 && bytes[data + 1] === 1 ? le16(bytes, data + 2) : null;
        yield { type: 'loop', start, end, count };
      } else {
        yield { type: 'extension', start, end, label };
      }
      offset = end;
    } else if (introducer === IMAGE) {
      const packed = byteAt(offset + 9);
      const localPalette = packed & 0x80 ? colourTable(bytes, offset + 10, packed) : null;
      const codeAt = offset + 10 + (localPalette?.length ?? 0);
      const minCodeSize = byteAt(codeAt);
      const end = skipSubBlocks(codeAt + 1);
      yield {
        type: 'image',
        start,
        end,
        left: le16(bytes, offset + 1),
        top: le16(bytes, offset + 3),
        width: le16(bytes, offset + 5),
        height: le16(bytes, offset + 7),
        localPalette,
        interlaced: (packed & 0x40) !== 0,
        minCodeSize,
        dataAt: codeAt + 1,
      };
      offset = end;
    } else {
      yield { type: 'unknown', start, end: start + 1, introducer };
      return;
    }
  }
}

/** An unknown block's error message, the same for every reader that refuses one. */
export const unknownBlock = (block: { introducer: number; start: number }) =>
  `unknown block 0x${block.introducer.toString(16)} at byte ${block.start}`;

/** The data sub-blocks starting at `at`, joined (the walk has checked that they are whole). */
export function subBlockData(bytes: Uint8Array, at: number): Uint8Array {
  let total = 0;
  for (let i = at; bytes[i]! !== 0; i += bytes[i]! + 1) total += bytes[i]!;
  const data = new Uint8Array(total);
  let filled = 0;
  for (let i = at; bytes[i]! !== 0; i += bytes[i]! + 1) {
    data.set(bytes.subarray(i + 1, i + 1 + bytes[i]!), filled);
    filled += bytes[i]!;
  }
  return data;
}

/** Row order of an interlaced image: every 8th row from 0, every 8th from 4, every 4th from 2, odd rows. */
export function interlacedRows(height: number): number[] {
  const rows: number[] = [];
  for (const [start, step] of [
    [0, 8],
    [4, 8],
    [2, 4],
    [1, 2],
  ] as const) {
    for (let row = start; row < height; row += step) rows.push(row);
  }
  return rows;
}
