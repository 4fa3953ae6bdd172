import { describe, expect, it } from 'vitest';
import { coloursForQuality, ditherMethod, paletteOptions } from './quality';

const QUALITIES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

describe('quality → palette', () => {
  it('runs from 8 colours at 10 % to 256 at 100 %', () => {
    expect(coloursForQuality(10)).toBe(8);
    expect(coloursForQuality(100)).toBe(256);
  });
  it('gives strictly more colours at every higher quality step', () => {
    const colours = QUALITIES.map(coloursForQuality);
    colours.slice(1).forEach((c, i) => expect(c).toBeGreaterThan(colours[i]!));
  });
  it('rounds off-step values to the nearest step and clamps out-of-range ones', () => {
    expect(coloursForQuality(84)).toBe(coloursForQuality(80));
    expect(coloursForQuality(0)).toBe(8);
    expect(coloursForQuality(250)).toBe(256);
  });
});

describe('dithering', () => {
  it('auto: ordered on smooth gradients only', () => {
    expect(ditherMethod('auto', true)).toBe('bayer');
    expect(ditherMethod('auto', false)).toBe('none');
  });
  it('the advanced override wins whatever the content', () => {
    for (const smooth of [true, false]) {
      expect(ditherMethod('none', smooth)).toBe('none');
      expect(ditherMethod('ordered', smooth)).toBe('bayer');
      expect(ditherMethod('diffusion', smooth)).toBe('sierra2_4a');
    }
  });
  it('gives a bayer scale with ordered dithering only', () => {
    expect(paletteOptions(80, 'ordered', false)).toEqual({ maxColors: 128, dither: 'bayer', bayerScale: 1 });
    expect(paletteOptions(80, 'none', true)).toEqual({ maxColors: 128, dither: 'none' });
  });
});
