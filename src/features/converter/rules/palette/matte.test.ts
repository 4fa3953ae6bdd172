import { describe, expect, it } from 'vitest';
import { applyMatte, hasTransparentPixels, parseHexColour } from './matte';

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

  it('changes nothing without a matte: the encoder thresholds alpha as it always did', () => {
    const rgba = pixels([200, 100, 0, 64], [1, 2, 3, 200]);
    applyMatte(rgba, { matte: null, alphaThreshold: 128 });
    expect(Array.from(rgba)).toEqual([200, 100, 0, 64, 1, 2, 3, 200]);
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
});
