import { GifWriter } from 'omggif';
import { describe, expect, it } from 'vitest';
import { estimateSample, extrapolateSize } from './size-estimate';
import { settingsForKnobs } from './fit-under';
import { DEFAULT_SETTINGS, type ConversionSettings } from '../settings';
import { rotateRight, UPRIGHT } from '../framing';

const framed: ConversionSettings = {
  ...DEFAULT_SETTINGS,
  crop: { x: 0, y: 0, width: 600, height: 200 },
  orientation: rotateRight(UPRIGHT),
};
const first = { width: 1200, height: 800 };

describe('the estimate and Fit under of a cropped, turned picture', () => {
  it('sample and extrapolate from the framed size', () => {
    const sample = estimateSample(framed, first);
    expect(sample.fullSize).toEqual({ width: 200, height: 600 });
    expect([sample.settings.width, sample.settings.height]).toEqual([107, 320]);
    const buffer = new Uint8Array(4096);
    const writer = new GifWriter(buffer, 4, 2, { palette: [0xff0000, 0x0000ff] });
    writer.addFrame(0, 0, 4, 2, [0, 1, 0, 1, 1, 0, 1, 0]);
    const gif = buffer.slice(0, writer.end());
    const at = (settings: ConversionSettings) =>
      extrapolateSize(gif, { width: 107, height: 320 }, settings, first, [null]);
    // The framed GIF has 200x600 pixels, the whole one 1200x800: eight times as many.
    expect(at(DEFAULT_SETTINGS) / at(framed)).toBeGreaterThan(4);
  });

  it('shrink from the framed size', () => {
    expect(
      settingsForKnobs({ settings: framed, first }, { quality: 80, dither: 'auto', scale: 0.5, frameStep: 1 }),
    ).toMatchObject({
      resize: true,
      width: 100,
      height: 300,
    });
  });
});
