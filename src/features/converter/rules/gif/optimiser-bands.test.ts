import { describe, expect, it, vi } from 'vitest';
import { decodeGif } from './decode';
import type { GifFile } from './file';
import { BAND_MIN_PIXELS, optimiseGifInBands } from './optimiser';
import { encodeLzw, type LzwBandRequest } from './lzw';
import { lzw } from '../../../../../tests/support/node-lzw';

/** Whether encodeInBands hands the optimiser's `meanwhile` on, and how often it was done. */
const meanwhileUse = vi.hoisted(() => ({ passOn: true, done: 0 }));

vi.mock('./lzw', async (importOriginal) => {
  const original = await importOriginal<typeof import('./lzw')>();
  return {
    ...original,
    encodeInBands: (...args: Parameters<typeof original.encodeInBands>) => {
      const [lzwEncoder, image, errorBudget, encodeLower, meanwhile] = args;
      const counted = meanwhile && meanwhileUse.passOn ? () => (meanwhileUse.done++, meanwhile()) : undefined;
      return original.encodeInBands(lzwEncoder, image, errorBudget, encodeLower, counted);
    },
  };
});

const WIDTH = 1024;
const HEIGHT = 512;
/** Rows that pan: each frame's rectangle is that wide band, big enough to be encoded in two bands. */
const PANNING_ROWS = 300;
/** A square that appears from frame SQUARE_FROM, below every earlier frame's rectangle. */
const SQUARE = { left: 100, top: 470, size: 30, index: 250, from: 3 };

/** Noise fixed to a place in the picture (it moves with the picture). */
const noise = (x: number, y: number) => (((x * 73856093) ^ (y * 19349663)) >>> 0) % 12;

/** The core's indexed frames: a noisy ramp whose top rows pan by `step` pixels a frame, and the square. */
function panningFrames(count: number, step: number): GifFile {
  const palette = new Uint8Array(256 * 3);
  for (let i = 0; i < 256; i++) palette.set([i, (i * 5) & 255, 255 - i], i * 3);
  const frames = Array.from({ length: count }, (_, n) => {
    const indices = new Uint8Array(WIDTH * HEIGHT);
    for (let p = 0; p < indices.length; p++) {
      const [y, x] = [Math.floor(p / WIDTH), p % WIDTH];
      const shifted = y < PANNING_ROWS ? x + step * n : x;
      const inSquare =
        n >= SQUARE.from &&
        x >= SQUARE.left &&
        x < SQUARE.left + SQUARE.size &&
        y >= SQUARE.top &&
        y < SQUARE.top + SQUARE.size;
      indices[p] = inSquare
        ? SQUARE.index
        : Math.min(240, Math.floor(((shifted % WIDTH) * 220) / WIDTH) + noise(shifted, y));
    }
    return {
      left: 0,
      top: 0,
      width: WIDTH,
      height: HEIGHT,
      localPalette: palette,
      transparentIndex: null,
      disposal: 1,
      delayCs: 10,
      interlaced: false,
      minCodeSize: 8,
      data: new Uint8Array(0),
      indices,
    };
  });
  return { width: WIDTH, height: HEIGHT, globalPalette: null, backgroundIndex: 0, loopCount: 0, frames };
}

/** The lower band encoded here, after the upper one, as the partner worker would answer later. */
const later = async ({ image, errorBudget, band }: LzwBandRequest) => {
  await new Promise((resolve) => setTimeout(resolve, 1));
  const copy = { ...image, indices: image.indices.slice(), under: image.under?.slice() ?? null };
  return encodeLzw(lzw, { ...copy, budgets: image.budgets?.slice() ?? null }, errorBudget, band);
};

describe('the optimiser in bands, its next frame prepared while a band is on another thread', () => {
  it('writes the same bytes as when that work waits for the encode', async () => {
    expect(WIDTH * PANNING_ROWS).toBeGreaterThanOrEqual(BAND_MIN_PIXELS);
    const options = { lossiness: 40 };
    meanwhileUse.passOn = false;
    const waited = await optimiseGifInBands(lzw, panningFrames(5, 3), options, later);
    expect(meanwhileUse.done).toBe(0);

    meanwhileUse.passOn = true;
    const prepared = await optimiseGifInBands(lzw, panningFrames(5, 3), options, later);
    // Once per frame but the last: the last has no next frame to prepare.
    expect(meanwhileUse.done).toBe(4);
    expect(prepared).toEqual(waited);

    const gif = decodeGif(prepared);
    expect(gif.frames).toHaveLength(5);
    expect(gif.width).toBe(WIDTH);
    expect(gif.height).toBe(HEIGHT);
    // The square, found only through where the picture changed since the frame before, is shown.
    const last = gif.frames[4]!.rgba;
    const at = ((SQUARE.top + 10) * WIDTH + SQUARE.left + 10) * 4;
    expect([...last.subarray(at, at + 3)]).toEqual([250, (250 * 5) & 255, 5]);
  });
});
