import { describe, expect, it } from 'vitest';
import { decodePng } from '../../../../../tests/fixtures/pngs';
import { CANARY_SIZE, canaryPixels, canaryPng, readBackIsTrue, type CanaryRead } from './pixel-trust';

const faithful: CanaryRead = () => Promise.resolve(canaryPixels());

/** Firefox's resistFingerprinting: the read-back is random data. */
const randomised: CanaryRead = () =>
  Promise.resolve(Uint8Array.from(canaryPixels(), () => Math.floor(Math.random() * 256)));

/** Noise as canvas randomisation adds it: the lowest bit of one channel of one random pixel flipped. */
const sparseNoise: CanaryRead = () => {
  const rgba = canaryPixels();
  const pixel = Math.floor(Math.random() * CANARY_SIZE.width * CANARY_SIZE.height);
  rgba[pixel * 4 + Math.floor(Math.random() * 3)]! ^= 1;
  return Promise.resolve(rgba);
};

describe('the read-back canary', () => {
  it('is a PNG of its pixels: opaque, every pixel its own colour, black and white among them', () => {
    const decoded = decodePng(canaryPng());
    expect(decoded.width).toBe(CANARY_SIZE.width);
    expect(decoded.height).toBe(CANARY_SIZE.height);
    expect(Buffer.from(decoded.data).equals(Buffer.from(canaryPixels()))).toBe(true);
    const pixels = canaryPixels();
    const colours = new Set<number>();
    for (let i = 0; i < pixels.length; i += 4) {
      expect(pixels[i + 3]).toBe(255);
      colours.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
    }
    expect(colours.size).toBe(CANARY_SIZE.width * CANARY_SIZE.height);
    expect(colours.has(0)).toBe(true);
    expect(colours.has(0xffffff)).toBe(true);
  });

  it('has a translucent twin: the same colours, every alpha from 0 to 255 once, as a PNG of its pixels', () => {
    const translucent = canaryPixels('translucent');
    const decoded = decodePng(canaryPng(translucent));
    expect(Buffer.from(decoded.data).equals(Buffer.from(translucent))).toBe(true);
    const alphas = new Set<number>();
    const opaque = canaryPixels();
    for (let i = 0; i < translucent.length; i += 4) {
      alphas.add(translucent[i + 3]!);
      expect([...translucent.subarray(i, i + 3)]).toEqual([...opaque.subarray(i, i + 3)]);
    }
    expect(alphas.size).toBe(256);
  });

  it('checks a read against the picture it is given', async () => {
    const translucent = canaryPixels('translucent');
    expect(await readBackIsTrue([() => Promise.resolve(canaryPixels('translucent'))], translucent)).toBe(true);
    expect(await readBackIsTrue([faithful], translucent)).toBe(false);
  });

  it('trusts a browser that gives every read back exactly', async () => {
    expect(await readBackIsTrue([faithful, faithful, faithful])).toBe(true);
  });

  it('does not trust randomised read-back, even when only one way of reading is randomised', async () => {
    expect(await readBackIsTrue([randomised])).toBe(false);
    expect(await readBackIsTrue([faithful, randomised, faithful])).toBe(false);
  });

  it('does not trust a single changed bit anywhere', async () => {
    for (let run = 0; run < 50; run++) expect(await readBackIsTrue([faithful, sparseNoise])).toBe(false);
  });

  it('does not trust blocked read-back (an error) or a picture of another size', async () => {
    expect(await readBackIsTrue([faithful, () => Promise.reject(new Error('SecurityError'))])).toBe(false);
    expect(await readBackIsTrue([() => Promise.resolve(canaryPixels().subarray(4))])).toBe(false);
    expect(await readBackIsTrue([() => Promise.resolve(new Uint8Array(canaryPixels().length))])).toBe(false);
  });
});
