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
  it('keeps 256 colours down to 70 % for a picture with smooth areas, dithered or not', () => {
    expect(paletteOptions(80, 'auto', still(true))).toEqual({ maxColors: 256, dither: 'atkinson', lossiness: 65 });
    expect(paletteOptions(70, 'none', still(true))).toEqual({ maxColors: 256, dither: 'none', lossiness: 80 });
  });
  it('trades colours before lossiness from 80 % down when there is nothing to band', () => {
    expect(paletteOptions(90, 'auto', still(false))).toEqual({ maxColors: 256, dither: 'none', lossiness: 30 });
    expect(paletteOptions(80, 'auto', still(false))).toEqual({ maxColors: 128, dither: 'none', lossiness: 40 });
    expect(paletteOptions(80, 'none', { smooth: false, animated: true })).toEqual({
      maxColors: 128,
      dither: 'none',
      lossiness: 40,
    });
    expect(paletteOptions(50, 'auto', still(false))).toEqual({ maxColors: 128, dither: 'none', lossiness: 110 });
    // Dithered on request, the texture rung does not apply: it was measured undithered.
    expect(paletteOptions(80, 'diffusion', still(false)).maxColors).toBe(256);
  });
  it('makes every step smaller than the one above: fewer colours or more lossiness, never more of either', () => {
    for (const facts of [still(true), still(false), { smooth: false, animated: true }]) {
      for (let quality = 20; quality <= 100; quality += 10) {
        const above = paletteOptions(quality, 'auto', facts);
        const below = paletteOptions(quality - 10, 'auto', facts);
        expect(below.maxColors).toBeLessThanOrEqual(above.maxColors);
        if (below.maxColors === above.maxColors) expect(below.lossiness ?? 0).toBeGreaterThan(above.lossiness ?? 0);
      }
    }
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
