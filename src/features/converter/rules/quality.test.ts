import { describe, expect, it } from 'vitest';
import {
  coloursForQuality,
  ditherMethod,
  keepsEveryColour,
  lossinessForQuality,
  ORDERED_BAYER_SCALE,
  paletteOptions,
} from './quality';

const QUALITIES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
const still = (smooth: boolean) => ({ smooth, animated: false });

describe('quality → palette and lossiness', () => {
  it('runs from 16 colours at 10 % to 256 lossless at 100 %', () => {
    expect(coloursForQuality(10)).toBe(16);
    expect(coloursForQuality(100)).toBe(256);
    expect(lossinessForQuality(100)).toBe(0);
  });
  it('every step down gives up something: fewer colours or more lossiness, never less of either', () => {
    for (let i = 1; i < QUALITIES.length; i++) {
      const [lower, higher] = [QUALITIES[i - 1]!, QUALITIES[i]!];
      expect(coloursForQuality(lower)).toBeLessThanOrEqual(coloursForQuality(higher));
      expect(lossinessForQuality(lower)).toBeGreaterThanOrEqual(lossinessForQuality(higher));
      expect(
        coloursForQuality(lower) < coloursForQuality(higher) ||
          lossinessForQuality(lower) > lossinessForQuality(higher),
      ).toBe(true);
    }
  });
  it('keeps 256 colours at the FAQ’s 80 %, and trades bytes with lossy LZW there', () => {
    expect(coloursForQuality(80)).toBe(256);
    expect(lossinessForQuality(80)).toBeGreaterThan(0);
  });
  it('rounds off-step values to the nearest step and clamps out-of-range ones', () => {
    expect(coloursForQuality(84)).toBe(coloursForQuality(80));
    expect(coloursForQuality(0)).toBe(16);
    expect(coloursForQuality(250)).toBe(256);
  });
});

describe('dithering', () => {
  it('auto: none on pictures with nothing to band', () => {
    expect(ditherMethod('auto', still(false))).toBe('none');
    expect(ditherMethod('auto', { smooth: false, animated: true })).toBe('none');
  });
  it('auto: reduced-strength diffusion on smooth stills (photos and rendered gradients), a fine pattern on animations', () => {
    expect(ditherMethod('auto', still(true))).toBe('atkinson');
    expect(ditherMethod('auto', { smooth: true, animated: true })).toBe('bayer');
  });
  it('the advanced override wins whatever the content', () => {
    for (const smooth of [true, false]) {
      expect(ditherMethod('none', still(smooth))).toBe('none');
      expect(ditherMethod('ordered', still(smooth))).toBe('bayer');
      expect(ditherMethod('diffusion', still(smooth))).toBe('sierra2_4a');
    }
  });
  it('gives a fine bayer scale (never the coarse 1) with ordered dithering only', () => {
    expect(ORDERED_BAYER_SCALE).toBeGreaterThan(1);
    expect(paletteOptions(100, 'ordered', still(false))).toEqual({
      maxColors: 256,
      dither: 'bayer',
      bayerScale: ORDERED_BAYER_SCALE,
    });
    expect(paletteOptions(80, 'none', still(true))).toEqual({ maxColors: 256, dither: 'none', lossiness: 65 });
  });
  it('gives dithered and undithered pictures the same lossiness (the optimiser spreads it by content)', () => {
    expect(paletteOptions(80, 'auto', still(true))).toEqual({ maxColors: 256, dither: 'atkinson', lossiness: 65 });
    expect(paletteOptions(80, 'auto', still(false)).lossiness).toBe(65);
  });
});

describe('exact palette', () => {
  it('keeps every colour from 50 % up, and below only when the colours fit that quality’s palette', () => {
    expect(keepsEveryColour(50, 256)).toBe(true);
    expect(keepsEveryColour(40, 97)).toBe(false);
    expect(keepsEveryColour(40, 96)).toBe(true);
    expect(keepsEveryColour(10, 2)).toBe(true);
  });
});
