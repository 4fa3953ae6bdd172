import { GifWriter } from 'omggif';
import { describe, expect, it } from 'vitest';
import { gifByteLayout } from '../gif/bytes';
import { DEFAULT_SETTINGS } from '../settings';
import { extrapolateSize, PIXEL_EXPONENT, SAMPLE_LONG_SIDE, sampleSettings, tiledSample } from './size-estimate';

/** A 4x2 GIF of `frames` frames written by omggif (frame bytes are what the estimate scales). */
function sample(frames: number): Uint8Array {
  const buffer = new Uint8Array(4096);
  const writer = new GifWriter(buffer, 4, 2, { palette: [0xff0000, 0x0000ff], loop: 0 });
  for (let f = 0; f < frames; f++) writer.addFrame(0, 0, 4, 2, [0, 1, 0, 1, 1, 0, 1, 0], { delay: 10 });
  return buffer.slice(0, writer.end());
}

describe('size estimate', () => {
  it('encodes the sample at most SAMPLE_LONG_SIDE wide, with plain timing and no budget', () => {
    const settings = { ...DEFAULT_SETTINGS, boomerang: true, holdLastFrame: true, frameStep: 2, targetBytes: 1000 };
    expect(sampleSettings(settings, { width: 1920, height: 1280 })).toMatchObject({
      resize: true,
      width: SAMPLE_LONG_SIDE,
      height: 213,
      boomerang: false,
      holdLastFrame: false,
      frameStep: 1,
      targetBytes: null,
      quality: settings.quality,
      dither: settings.dither,
    });
    expect(sampleSettings(DEFAULT_SETTINGS, { width: 200, height: 100 }).resize).toBe(false);
  });

  it('scales the sample’s frames by pixels and adds the following frames for the whole sequence', () => {
    const gif = sample(3);
    const still = extrapolateSize(gif, { width: 4, height: 2 }, DEFAULT_SETTINGS, { width: 4, height: 2 }, [null]);
    const animated = { ...DEFAULT_SETTINGS, mode: 'animated' as const };
    const ten = extrapolateSize(gif, { width: 4, height: 2 }, animated, { width: 4, height: 2 }, Array(10).fill(null));
    const boomerang = extrapolateSize(
      gif,
      { width: 4, height: 2 },
      { ...animated, boomerang: true },
      { width: 4, height: 2 },
      Array(10).fill(null),
    );
    expect(ten).toBeGreaterThan(still);
    // 10 frames played 1..10..2 are 18 frames: 8 more following frames.
    expect(boomerang - ten).toBeCloseTo(((ten - still) / 9) * 8, 0);
    const { headerBytes, frameBytes } = gifByteLayout(gif);
    // A 40x20 picture kept at its size: the sample is its tiles at that scale, its bytes grow with its pixels.
    const big = extrapolateSize(gif, { width: 4, height: 2 }, DEFAULT_SETTINGS, { width: 40, height: 20 }, [null]);
    expect(big).toBe(Math.round(headerBytes + frameBytes[0]! * 100 + 1));
    // Enlarged to 400x200: the sample is the whole picture shrunk, its bytes grow slower than its pixels.
    const enlarged = { ...DEFAULT_SETTINGS, resize: true, maintainAspectRatio: false, width: 400, height: 200 };
    const up = extrapolateSize(gif, { width: 4, height: 2 }, enlarged, { width: 40, height: 20 }, [null]);
    expect(up).toBe(Math.round(headerBytes + frameBytes[0]! * 10_000 ** PIXEL_EXPONENT + 1));
  });

  it('cuts a sample into tiles where the conversion shrinks the picture or keeps its size, and it is smaller', () => {
    const sample = { width: 320, height: 240 };
    expect(tiledSample({ width: 4000, height: 3000 }, { width: 1920, height: 1440 }, sample)).toBe(true);
    expect(tiledSample({ width: 1280, height: 960 }, { width: 1280, height: 960 }, sample)).toBe(true);
    // Enlarged on either side: the whole picture, shrunk.
    expect(tiledSample({ width: 800, height: 600 }, { width: 1600, height: 1200 }, sample)).toBe(false);
    expect(tiledSample({ width: 800, height: 600 }, { width: 800, height: 700 }, sample)).toBe(false);
    // No smaller than the GIF: the sample is the GIF's own size, nothing to cut.
    expect(tiledSample({ width: 320, height: 240 }, { width: 320, height: 240 }, sample)).toBe(false);
  });
});
