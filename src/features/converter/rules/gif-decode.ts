/**
 * A small GIF decoder for the compare view: every frame composed onto the logical screen as a browser
 * shows it (disposal methods, transparency, interlacing, local colour tables), with its delay.
 * Pure: bytes in, RGBA out. Our GIFs come from our own encoder, but any valid GIF89a/87a decodes.
 */

import { decodeLzw } from './gif-lzw';

export interface GifFrame {
  /** The whole logical screen after this frame was drawn, RGBA. */
  rgba: Uint8ClampedArray<ArrayBuffer>;
  delayCs: number;
}

export interface DecodedGif {
  width: number;
  height: number;
  frames: GifFrame[];
}

class GifFormatError extends Error {}

interface FrameControl {
  disposal: number;
  delayCs: number;
  transparentIndex: number | null;
}

const TRAILER = 0x3b;
const EXTENSION = 0x21;
const IMAGE = 0x2c;
const GRAPHIC_CONTROL = 0xf9;

/** Reads the data sub-blocks that follow `offset` into one buffer; returns it and the offset after them. */
function readSubBlocks(bytes: Uint8Array, offset: number): { data: Uint8Array; end: number } {
  const parts: Uint8Array[] = [];
  let total = 0;
  let at = offset;
  for (;;) {
    if (at >= bytes.length) throw new GifFormatError('truncated data block');
    const size = bytes[at]!;
    at++;
    if (size === 0) break;
    if (at + size > bytes.length) throw new GifFormatError('truncated data block');
    parts.push(bytes.subarray(at, at + size));
    total += size;
    at += size;
  }
  const data = new Uint8Array(total);
  let filled = 0;
  for (const part of parts) {
    data.set(part, filled);
    filled += part.length;
  }
  return { data, end: at };
}

/** Row order of an interlaced image: every 8th row from 0, every 8th from 4, every 4th from 2, odd rows. */
function interlacedRows(height: number): number[] {
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

/** Decodes every frame; throws on a file that is not a GIF or is cut short before its first frame. */
export function decodeGif(bytes: Uint8Array): DecodedGif {
  const signature = String.fromCharCode(...bytes.subarray(0, 6));
  if (signature !== 'GIF89a' && signature !== 'GIF87a') throw new GifFormatError('not a GIF');
  if (bytes.length < 13) throw new GifFormatError('truncated header');
  const width = bytes[6]! | (bytes[7]! << 8);
  const height = bytes[8]! | (bytes[9]! << 8);
  const screenFlags = bytes[10]!;
  let offset = 13;
  let globalPalette: Uint8Array | null = null;
  if (screenFlags & 0x80) {
    const size = 3 << ((screenFlags & 7) + 1);
    globalPalette = bytes.subarray(offset, offset + size);
    offset += size;
  }

  const screen = new Uint8ClampedArray(width * height * 4);
  const frames: GifFrame[] = [];
  let control: FrameControl = { disposal: 0, delayCs: 0, transparentIndex: null };

  while (offset < bytes.length) {
    const block = bytes[offset++]!;
    if (block === TRAILER) break;
    if (block === EXTENSION) {
      const label = bytes[offset++];
      const { data, end } = readSubBlocks(bytes, offset);
      offset = end;
      if (label === GRAPHIC_CONTROL && data.length >= 4) {
        control = {
          disposal: (data[0]! >> 2) & 7,
          delayCs: data[1]! | (data[2]! << 8),
          transparentIndex: data[0]! & 1 ? data[3]! : null,
        };
      }
      continue;
    }
    if (block !== IMAGE) {
      if (frames.length > 0) break; // trailing garbage after complete frames: keep what decoded
      throw new GifFormatError(`unknown block 0x${block.toString(16)}`);
    }

    if (offset + 9 > bytes.length) throw new GifFormatError('truncated image descriptor');
    const left = bytes[offset]! | (bytes[offset + 1]! << 8);
    const top = bytes[offset + 2]! | (bytes[offset + 3]! << 8);
    const frameWidth = bytes[offset + 4]! | (bytes[offset + 5]! << 8);
    const frameHeight = bytes[offset + 6]! | (bytes[offset + 7]! << 8);
    const flags = bytes[offset + 8]!;
    offset += 9;
    let palette = globalPalette;
    if (flags & 0x80) {
      const size = 3 << ((flags & 7) + 1);
      palette = bytes.subarray(offset, offset + size);
      offset += size;
    }
    if (!palette) throw new GifFormatError('frame without a colour table');
    const minCodeSize = bytes[offset++]!;
    const { data, end } = readSubBlocks(bytes, offset);
    offset = end;
    if (minCodeSize < 2 || minCodeSize > 8) throw new GifFormatError(`invalid LZW code size ${minCodeSize}`);
    const indices = decodeLzw(data, minCodeSize, frameWidth * frameHeight);

    const restore = control.disposal === 3 ? screen.slice() : null;
    const rows = flags & 0x40 ? interlacedRows(frameHeight) : null;
    for (let row = 0; row < frameHeight; row++) {
      const y = top + (rows ? rows[row]! : row);
      if (y >= height) continue;
      for (let column = 0; column < frameWidth; column++) {
        const x = left + column;
        if (x >= width) continue;
        const index = indices[row * frameWidth + column]!;
        if (index === control.transparentIndex) continue;
        const target = (y * width + x) * 4;
        screen[target] = palette[index * 3] ?? 0;
        screen[target + 1] = palette[index * 3 + 1] ?? 0;
        screen[target + 2] = palette[index * 3 + 2] ?? 0;
        screen[target + 3] = 255;
      }
    }
    frames.push({ rgba: screen.slice(), delayCs: control.delayCs });

    if (control.disposal === 2) {
      for (let y = top; y < Math.min(top + frameHeight, height); y++) {
        screen.fill(0, (y * width + left) * 4, (y * width + Math.min(left + frameWidth, width)) * 4);
      }
    } else if (restore) {
      screen.set(restore);
    }
    control = { disposal: 0, delayCs: 0, transparentIndex: null };
  }
  if (frames.length === 0) throw new GifFormatError('no frames');
  return { width, height, frames };
}
