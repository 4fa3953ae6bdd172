/**
 * GIF post-processing in pure TypeScript: exact per-frame delays and the loop flag are
 * written into the muxed file, so they never depend on ffmpeg's frame-rate arithmetic.
 * The file is walked block by block (blocks.ts) and its blocks copied or rewritten.
 */

import { concatBytes } from '../concat-bytes';
import { gifBlocks, GifFormatError, readScreen, unknownBlock } from './blocks';

export interface GifFrameInfo {
  delayCs: number;
  disposal: number;
  transparentIndex: number | null;
}

export interface GifInfo {
  width: number;
  height: number;
  /** NETSCAPE2.0 loop count (0 = forever), or null when the GIF plays once. */
  loopCount: number | null;
  frames: GifFrameInfo[];
}

export interface GifTiming {
  /** One delay per frame, in centiseconds. */
  delaysCs: readonly number[];
  /** NETSCAPE2.0 loop count (0 = forever; most browsers play count N as N + 1 plays), or null: play once. */
  loopCount: number | null;
}

type Block =
  | { kind: 'raw'; bytes: Uint8Array }
  | { kind: 'gce'; bytes: Uint8Array }
  | { kind: 'loop'; bytes: Uint8Array }
  | { kind: 'image'; bytes: Uint8Array };

class InvalidEncoderGif extends Error {
  constructor(message: string) {
    super(`Invalid GIF from the encoder: ${message}`);
  }
}

/**
 * Splits a GIF into its blocks (blocks.ts); the header + screen descriptor + global colour table come
 * first as one raw block. The encoder's output must be whole: up to its trailer, no unknown block.
 */
function splitBlocks(gif: Uint8Array): Block[] {
  try {
    const { blocksAt } = readScreen(gif);
    const blocks: Block[] = [{ kind: 'raw', bytes: gif.subarray(0, blocksAt) }];
    for (const block of gifBlocks(gif, blocksAt)) {
      if (block.type === 'unknown') throw new GifFormatError(unknownBlock(block));
      const kind =
        block.type === 'control' ? 'gce' : block.type === 'loop' || block.type === 'image' ? block.type : 'raw';
      blocks.push({ kind, bytes: gif.subarray(block.start, block.end) });
      if (block.type === 'trailer') return blocks;
    }
    throw new GifFormatError('truncated data');
  } catch (error) {
    throw error instanceof GifFormatError ? new InvalidEncoderGif(error.message) : error;
  }
}

const le16 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8);

/** Reads what the post-processing controls: size, loop count and each frame's timing. */
export function readGifInfo(gif: Uint8Array): GifInfo {
  const blocks = splitBlocks(gif);
  let loopCount: number | null = null;
  let pending: GifFrameInfo | null = null;
  const frames: GifFrameInfo[] = [];
  for (const block of blocks) {
    if (block.kind === 'loop') loopCount = le16(block.bytes, 16);
    if (block.kind === 'gce') {
      const packed = block.bytes[3]!;
      pending = {
        delayCs: le16(block.bytes, 4),
        disposal: (packed >> 2) & 7,
        transparentIndex: packed & 1 ? block.bytes[6]! : null,
      };
    }
    if (block.kind === 'image') {
      frames.push(pending ?? { delayCs: 0, disposal: 0, transparentIndex: null });
      pending = null;
    }
  }
  return { width: le16(gif, 6), height: le16(gif, 8), loopCount, frames };
}

function graphicControl(delayCs: number, disposal: number, transparentIndex: number | null): Uint8Array {
  const packed = (disposal << 2) | (transparentIndex === null ? 0 : 1);
  return Uint8Array.of(0x21, 0xf9, 4, packed, delayCs & 0xff, delayCs >> 8, transparentIndex ?? 0, 0);
}

/** NETSCAPE2.0 application extension: the loop count (0 = forever), little-endian. */
function loopExtension(count: number): Uint8Array {
  const id = [...'NETSCAPE2.0'].map((c) => c.charCodeAt(0));
  return Uint8Array.of(0x21, 0xff, 11, ...id, 3, 1, count & 0xff, (count >> 8) & 0xff, 0);
}

/**
 * Rewrites the timing: each frame's Graphic Control Extension gets its delay (one is added where a frame
 * has none), the loop extension is replaced by one with the loop count (or removed to play once). Image data is copied untouched.
 * Throws when the GIF's frame count differs from the number of delays: the encoder dropped a frame.
 */
export function applyTiming(gif: Uint8Array, timing: GifTiming): Uint8Array {
  const blocks = splitBlocks(gif);
  const imageCount = blocks.filter((b) => b.kind === 'image').length;
  if (imageCount !== timing.delaysCs.length)
    throw new InvalidEncoderGif(`${imageCount} frames where ${timing.delaysCs.length} were expected`);

  const out: Uint8Array[] = [];
  let frame = 0;
  let pendingGce: Uint8Array | null = null;
  for (const [index, block] of blocks.entries()) {
    if (block.kind === 'loop') continue;
    if (block.kind === 'gce') {
      pendingGce = block.bytes;
      continue;
    }
    if (block.kind === 'image') {
      const packed = pendingGce ? pendingGce[3]! : 0;
      const disposal = (packed >> 2) & 7;
      const transparentIndex = packed & 1 ? pendingGce![6]! : null;
      out.push(graphicControl(timing.delaysCs[frame++]!, disposal, transparentIndex), block.bytes);
      pendingGce = null;
      continue;
    }
    out.push(block.bytes);
    // The loop extension goes right after the header and global colour table, before the first frame.
    if (index === 0 && timing.loopCount !== null) out.push(loopExtension(timing.loopCount));
  }
  return concatBytes(out);
}

/** The global colour table of a GIF's first raw block (header + screen descriptor + table), or null. */
function globalColourTable(header: Uint8Array): { table: Uint8Array; sizeBits: number } | null {
  const packed = header[10]!;
  return packed & 0x80 ? { table: header.subarray(13), sizeBits: packed & 7 } : null;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/** An image block that carries `colours` as its local table (it had none and relied on its own file's global one). */
function withLocalTable(image: Uint8Array, colours: { table: Uint8Array; sizeBits: number }): Uint8Array {
  if (image[9]! & 0x80) return image;
  const descriptor = image.slice(0, 10);
  descriptor[9] = (descriptor[9]! & 0x40) | 0x80 | colours.sizeBits; // keep the interlace flag
  return concatBytes([descriptor, colours.table, image.subarray(10)]);
}

/**
 * Joins GIFs of consecutive frame runs (same canvas, encoded separately) into one animation: the first
 * file's header, colour table and extensions, then every file's frames (Graphic Control Extension +
 * image) in order, then one trailer. A later file whose global colour table differs gives its frames
 * that table as a local one, so every frame keeps its own colours. Timing and loop are applied after.
 */
export function joinGifs(parts: readonly Uint8Array[]): Uint8Array {
  const [first, ...rest] = parts;
  if (!first) throw new InvalidEncoderGif('nothing to join');
  const firstBlocks = splitBlocks(first);
  const firstHeader = firstBlocks[0]!.bytes;
  if (rest.length === 0) return first;
  const out: Uint8Array[] = firstBlocks.slice(0, -1).map((block) => block.bytes);
  for (const part of rest) {
    const blocks = splitBlocks(part);
    const header = blocks[0]!.bytes;
    if (le16(header, 6) !== le16(firstHeader, 6) || le16(header, 8) !== le16(firstHeader, 8))
      throw new InvalidEncoderGif('joined GIFs differ in size');
    const colours = globalColourTable(header);
    const ownColours = colours && !sameBytes(header.subarray(13), firstHeader.subarray(13)) ? colours : null;
    for (const block of blocks.slice(1, -1)) {
      if (block.kind === 'gce') out.push(block.bytes);
      if (block.kind === 'image') out.push(ownColours ? withLocalTable(block.bytes, ownColours) : block.bytes);
    }
  }
  out.push(Uint8Array.of(0x3b));
  return concatBytes(out);
}

/** Bytes of a GIF by part: everything before the first frame, then each frame (its control block + image). */
export function gifByteLayout(gif: Uint8Array): { headerBytes: number; frameBytes: number[] } {
  let headerBytes = 0;
  let pending = 0;
  const frameBytes: number[] = [];
  for (const block of splitBlocks(gif)) {
    if (block.kind === 'image') {
      frameBytes.push(pending + block.bytes.length);
      pending = 0;
    } else if (frameBytes.length === 0 && block.kind !== 'gce') headerBytes += block.bytes.length;
    else pending += block.bytes.length;
  }
  return { headerBytes, frameBytes };
}
