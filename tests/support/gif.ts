import { GifReader } from 'omggif';
import type { Rgba } from '../fixtures/pngs';

export interface DecodedGif {
  width: number;
  height: number;
  /** NETSCAPE2.0 loop count: 0 = forever; null = no loop extension (plays once). */
  loopCount: number | null;
  /** Each frame composed onto the canvas as a viewer would show it, with its delay in centiseconds. */
  frames: { delayCs: number; image: Rgba }[];
}

export function isGif(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 6)).toString('latin1') === 'GIF89a';
}

/** Decodes every frame, applying disposal methods, like a browser would. */
export function decodeGif(bytes: Uint8Array): DecodedGif {
  const reader = new GifReader(Buffer.from(bytes));
  const { width, height } = reader;
  const canvas = new Uint8Array(width * height * 4);
  const frames: DecodedGif['frames'] = [];
  for (let i = 0; i < reader.numFrames(); i++) {
    const info = reader.frameInfo(i);
    const before = info.disposal === 3 ? canvas.slice() : null;
    reader.decodeAndBlitFrameRGBA(i, canvas);
    frames.push({ delayCs: info.delay, image: { width, height, data: canvas.slice() } });
    if (info.disposal === 2) {
      for (let y = info.y; y < info.y + info.height; y++) {
        canvas.fill(0, (y * width + info.x) * 4, (y * width + info.x + info.width) * 4);
      }
    } else if (before) {
      canvas.set(before);
    }
  }
  return { width, height, loopCount: reader.loopCount() ?? null, frames };
}

/** Mean absolute difference per channel (0–255) over pixels opaque in both images. */
export function meanAbsoluteError(a: Rgba, b: Rgba): number {
  if (a.width !== b.width || a.height !== b.height)
    throw new Error(`size mismatch ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (a.data[i + 3]! < 128 || b.data[i + 3]! < 128) continue;
    for (let c = 0; c < 3; c++) sum += Math.abs(a.data[i + c]! - b.data[i + c]!);
    count += 3;
  }
  return count === 0 ? 0 : sum / count;
}

/** A 3x3 box blur of the colour channels (alpha kept): what the eye sees of a dithered area. */
function boxBlur(image: Rgba): Rgba {
  const { width, height, data } = image;
  const out = new Uint8Array(data);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        let count = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const nx = x + dx;
            const ny = y + dy;
            if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
            sum += data[(ny * width + nx) * 4 + c]!;
            count++;
          }
        }
        out[(y * width + x) * 4 + c] = Math.round(sum / count);
      }
    }
  }
  return { width, height, data: out };
}

/**
 * Mean absolute error after a 3x3 box blur of both images: dithering trades per-pixel error for
 * smooth tones, so a dithered GIF is judged by what it looks like, not by each dot.
 */
export function perceivedMeanAbsoluteError(a: Rgba, b: Rgba): number {
  return meanAbsoluteError(boxBlur(a), boxBlur(b));
}
