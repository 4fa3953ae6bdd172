/**
 * A small GIF decoder for the compare view: every frame composed onto the logical screen as a browser
 * shows it (disposal methods, transparency, interlacing, local colour tables), with its delay. The
 * optimiser's model of a GIF and its compositor (file.ts), as RGBA. Pure: bytes in, RGBA out. Our
 * GIFs come from our own encoder, but any valid GIF89a/87a decodes.
 */
import { GifFormatError } from './blocks';
import { CLEAR, parseGif, shownFrames } from './file';
import type { DecodedFrame, DecodedGif } from '../contracts';

/** Decodes every frame; throws on a file that is not a GIF or is cut short before its first frame. */
export function decodeGif(bytes: Uint8Array): DecodedGif {
  const file = parseGif(bytes, 'readable');
  if (file.frames.length === 0) throw new GifFormatError('no frames');
  for (const frame of file.frames) {
    if (!(frame.localPalette ?? file.globalPalette)) throw new GifFormatError('frame without a colour table');
    if (frame.minCodeSize < 2 || frame.minCodeSize > 8)
      throw new GifFormatError(`invalid LZW code size ${frame.minCodeSize}`);
  }
  const frames: DecodedFrame[] = [];
  let n = 0;
  for (const canvas of shownFrames(file)) {
    const rgba = new Uint8ClampedArray(canvas.length * 4);
    // One 32-bit store per pixel: R, G, B, A in memory order is ABGR in a little-endian word.
    const words = new Uint32Array(rgba.buffer);
    for (let p = 0; p < canvas.length; p++) {
      const colour = canvas[p]!;
      if (colour !== CLEAR)
        words[p] = (0xff000000 | ((colour & 0xff) << 16) | (colour & 0xff00) | ((colour >> 16) & 0xff)) >>> 0;
    }
    frames.push({ rgba, delayCs: file.frames[n++]!.delayCs });
  }
  return { width: file.width, height: file.height, frames };
}
