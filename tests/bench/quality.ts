import { readFileSync } from 'node:fs';
import { decodePng } from '../fixtures/pngs';
import { decodeGif } from '../support/gif';
import type { CaseKind } from './cases';
import { luma, resizeArea, ssim, type Plane } from '../support/similarity';

export interface GifQuality {
  /** Mean SSIM on luma of every source picture against the GIF frame meant to show it. */
  ssim: number;
  /** Frames across all the GIFs (an animation of 10 files should have 10). */
  frames: number;
  width: number;
  height: number;
}

/** The sources as luma, area-downscaled to the output size once and shared by both GIFs' scores. */
export class ReferencePictures {
  private readonly planes = new Map<string, Plane>();

  constructor(private readonly sources: readonly string[]) {}

  at(index: number, width: number, height: number): Plane {
    const key = `${index}:${width}x${height}`;
    let plane = this.planes.get(key);
    if (!plane) {
      plane = resizeArea(luma(decodePng(readFileSync(this.sources[index]!))), width, height);
      this.planes.set(key, plane);
    }
    return plane;
  }

  get count(): number {
    return this.sources.length;
  }
}

/**
 * An animation: source i against frame i (or the last frame when the GIF has fewer, so missing
 * frames lower the score). Stills and batches: GIF i, first frame, against source i.
 */
export function gifQuality(kind: CaseKind, gifs: readonly Uint8Array[], reference: ReferencePictures): GifQuality {
  const decoded = gifs.map((bytes) => decodeGif(bytes));
  const first = decoded[0];
  if (!first) throw new Error('no GIF to score');
  const scores: number[] = [];
  if (kind === 'animated') {
    for (let i = 0; i < reference.count; i++) {
      const frame = first.frames[Math.min(i, first.frames.length - 1)]!;
      scores.push(ssim(reference.at(i, first.width, first.height), luma(frame.image)));
    }
  } else {
    decoded.forEach((gif, i) => {
      if (i < reference.count) scores.push(ssim(reference.at(i, gif.width, gif.height), luma(gif.frames[0]!.image)));
    });
  }
  return {
    ssim: scores.reduce((sum, value) => sum + value, 0) / scores.length,
    frames: decoded.reduce((sum, gif) => sum + gif.frames.length, 0),
    width: first.width,
    height: first.height,
  };
}

/** The logical screen size from a GIF header (bytes 6–9, little-endian). */
export function gifSize(bytes: Uint8Array): { width: number; height: number } {
  return { width: bytes[6]! | (bytes[7]! << 8), height: bytes[8]! | (bytes[9]! << 8) };
}
