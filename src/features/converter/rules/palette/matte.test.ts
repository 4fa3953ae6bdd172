import { describe, expect, it } from 'vitest';
import {
  ALPHA_THRESHOLD,
  MATTE_ALPHA_THRESHOLD,
  alphaThresholdOf,
  applyMatte,
  hasTransparentPixels,
  parseHexColour,
} from './matte';

const pixels = (...values: number[][]) => new Uint8Array(values.flat());

describe('parseHexColour', () => {
  it('reads #rrggbb and #rgb in any case, and refuses anything else', () => {
    expect(parseHexColour('#FF8000')).toEqual({ r: 255, g: 128, b: 0 });
    expect(parseHexColour(' #0f8 ')).toEqual({ r: 0, g: 255, b: 136 });
    expect(parseHexColour('red')).toBeNull();
    expect(parseHexColour('#12345')).toBeNull();
    expect(parseHexColour('rgb(1, 2, 3)')).toBeNull();
  });
});

describe('applyMatte', () => {
  it('blends semi-transparent pixels onto the matte, makes them opaque and clears those under the threshold', () => {
    const rgba = pixels([0, 0, 0, 255], [0, 0, 0, 128], [200, 100, 0, 64], [10, 20, 30, 0], [255, 0, 0, 191]);
    applyMatte(rgba, { matte: '#ffffff', alphaThreshold: 100 });
    expect(Array.from(rgba)).toEqual([
      ...[0, 0, 0, 255], // opaque: untouched
      ...[127, 127, 127, 255], // half black on white
      ...[0, 0, 0, 0], // under the threshold: transparent
      ...[0, 0, 0, 0],
      ...[255, 64, 64, 255], // 75 % red on white
    ]);
  });

  it('blends towards a dark matte just the same', () => {
    const rgba = pixels([255, 255, 255, 128]);
    applyMatte(rgba, { matte: '#000000', alphaThreshold: 1 });
    expect(Array.from(rgba)).toEqual([128, 128, 128, 255]);
  });

  it('by default keeps the whole fade but its faintest pixels, each the exact blend of its colour and the matte', () => {
    // Dark red fading out, alpha 0..255: every alpha ≥ 8 comes out opaque, within rounding of the exact blend.
    const rgba = new Uint8Array(256 * 4);
    for (let alpha = 0; alpha < 256; alpha++) rgba.set([150, 0, 40, alpha], alpha * 4);
    applyMatte(rgba, { matte: '#ffffff', alphaThreshold: null });
    for (let alpha = 0; alpha < 256; alpha++) {
      const [r, g, b, a] = rgba.subarray(alpha * 4, alpha * 4 + 4);
      if (alpha < MATTE_ALPHA_THRESHOLD) {
        expect([r, g, b, a]).toEqual([0, 0, 0, 0]);
        continue;
      }
      const blend = (channel: number) => (channel * alpha + 255 * (255 - alpha)) / 255;
      expect(a).toBe(255);
      expect(Math.abs(r! - blend(150))).toBeLessThanOrEqual(0.5);
      expect(Math.abs(g! - blend(0))).toBeLessThanOrEqual(0.5);
      expect(Math.abs(b! - blend(40))).toBeLessThanOrEqual(0.5);
    }
    // The faintest kept pixels are almost the matte; alpha 8 is 8/255 of the colour.
    expect(Array.from(rgba.subarray(8 * 4, 8 * 4 + 4))).toEqual([252, 247, 248, 255]);
  });

  it("follows the person's own threshold over the matte's default", () => {
    const rgba = pixels([150, 0, 0, 8], [150, 0, 0, 127], [150, 0, 0, 128]);
    applyMatte(rgba, { matte: '#ffffff', alphaThreshold: 128 });
    expect(Array.from(rgba)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 202, 127, 127, 255]);
  });

  it('changes nothing without a matte: the encoder thresholds alpha as it always did', () => {
    const rgba = pixels([200, 100, 0, 64], [1, 2, 3, 200]);
    applyMatte(rgba, { matte: null, alphaThreshold: 128 });
    expect(Array.from(rgba)).toEqual([200, 100, 0, 64, 1, 2, 3, 200]);
  });
});

describe('alphaThresholdOf', () => {
  it('defaults to half opacity without a matte and to the faintest pixels only with one', () => {
    expect(alphaThresholdOf({ matte: null, alphaThreshold: null })).toBe(ALPHA_THRESHOLD);
    expect(ALPHA_THRESHOLD).toBe(128);
    expect(alphaThresholdOf({ matte: '#ffffff', alphaThreshold: null })).toBe(MATTE_ALPHA_THRESHOLD);
    expect(MATTE_ALPHA_THRESHOLD).toBe(8);
    // A colour the matte cannot be (nothing is blended) cuts as without one, not at the faint edge.
    expect(alphaThresholdOf({ matte: 'white', alphaThreshold: null })).toBe(ALPHA_THRESHOLD);
  });

  it("keeps the person's choice whatever the matte", () => {
    for (const matte of [null, '#ffffff', '#000000']) {
      expect(alphaThresholdOf({ matte, alphaThreshold: 200 })).toBe(200);
      expect(alphaThresholdOf({ matte, alphaThreshold: 128 })).toBe(128);
      expect(alphaThresholdOf({ matte, alphaThreshold: 1 })).toBe(1);
    }
  });
});

describe('hasTransparentPixels', () => {
  it('counts a pixel as transparent below the threshold only', () => {
    expect(hasTransparentPixels(pixels([0, 0, 0, 127]), 128)).toBe(true);
    expect(hasTransparentPixels(pixels([0, 0, 0, 128]), 128)).toBe(false);
    expect(hasTransparentPixels(pixels([0, 0, 0, 254]), 255)).toBe(true);
  });
  it('reads every pixel, whatever the colour bytes, in a view at any offset', () => {
    const frame = pixels([255, 255, 255, 255], [9, 9, 9, 200], [255, 255, 255, 255], [1, 2, 3, 100]);
    expect(hasTransparentPixels(frame, 128)).toBe(true);
    expect(hasTransparentPixels(frame.subarray(0, 12), 128)).toBe(false);
    expect(hasTransparentPixels(frame.subarray(0, 12), 201)).toBe(true);
    expect(hasTransparentPixels(frame.subarray(4), 101)).toBe(true);
    // Not on a word boundary: the byte loop, same answers.
    const shifted = new Uint8Array(frame.length + 2);
    shifted.set(frame, 2);
    expect(hasTransparentPixels(shifted.subarray(2), 128)).toBe(true);
    expect(hasTransparentPixels(shifted.subarray(2, 14), 128)).toBe(false);
  });
  it('finds one pixel under the threshold wherever it is among opaque ones, read whole words or bytes', () => {
    for (const at of [0, 3, 4, 17, 35, 36]) {
      const frame = new Uint8Array(37 * 4).fill(255);
      frame[at * 4 + 3] = 127;
      const shifted = new Uint8Array(frame.length + 1);
      shifted.set(frame, 1);
      for (const view of [frame, shifted.subarray(1)]) {
        expect(hasTransparentPixels(view, 128)).toBe(true);
        expect(hasTransparentPixels(view, 127)).toBe(false);
      }
    }
  });
});
