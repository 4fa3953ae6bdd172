/**
 * A small GIF decoder for the compare view: every frame composed onto the logical screen as a browser
 * shows it (disposal methods, transparency, interlacing, local colour tables), with its delay.
 * Pure: bytes in, RGBA out. Our GIFs come from our own encoder, but any valid GIF89a/87a decodes.
 */

import {
  gifBlocks,
  GifFormatError,
  interlacedRows,
  NO_CONTROL,
  readScreen,
  subBlockData,
  unknownBlock,
} from './gif-blocks';
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

/** Decodes every frame; throws on a file that is not a GIF or is cut short before its first frame. */
export function decodeGif(bytes: Uint8Array): DecodedGif {
  const { width, height, globalPalette, blocksAt } = readScreen(bytes);
  const screen = new Uint8ClampedArray(width * height * 4);
  const frames: GifFrame[] = [];
  let control = NO_CONTROL;

  // A viewer keeps what it could read: a file that ends without its trailer, or with trailing garbage
  // after complete frames, shows those frames.
  for (const block of gifBlocks(bytes, blocksAt)) {
    if (block.type === 'control') control = block;
    if (block.type === 'unknown') {
      if (frames.length > 0) break;
      throw new GifFormatError(unknownBlock(block));
    }
    if (block.type !== 'image') continue;

    const { left, top, width: frameWidth, height: frameHeight, minCodeSize } = block;
    const palette = block.localPalette ?? globalPalette;
    if (!palette) throw new GifFormatError('frame without a colour table');
    if (minCodeSize < 2 || minCodeSize > 8) throw new GifFormatError(`invalid LZW code size ${minCodeSize}`);
    const indices = decodeLzw(subBlockData(bytes, block.dataAt), minCodeSize, frameWidth * frameHeight);

    const restore = control.disposal === 3 ? screen.slice() : null;
    const rows = block.interlaced ? interlacedRows(frameHeight) : null;
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
    control = NO_CONTROL;
  }
  if (frames.length === 0) throw new GifFormatError('no frames');
  return { width, height, frames };
}
