import { zlibSync } from 'fflate';
import { concatBytes } from '../concat-bytes';
import { PNG_SIGNATURE, pngChunk } from './chunks';

/**
 * Whether the browser hands back a picture's true pixels. Privacy protections change canvas read-back on
 * purpose: Firefox's resistFingerprinting (Tor, Mullvad and LibreWolf Browser) and its fingerprinting
 * protection's +AllTargets return random pixels, Safari's Advanced Fingerprinting Protection adds noise,
 * and some settings block read-back altogether. The decode worker reads a small known picture back through
 * each way it reads real ones, once; anything but the exact pixels (an error included) means the browser's
 * decode is not used, and the converter decodes the PNGs itself (decode.ts).
 *
 * The canary is opaque (a canvas keeps translucent colours premultiplied, not exactly) and every pixel has
 * its own colour, the extremes included, so noise on any pixel or channel shows.
 */
export const CANARY_SIZE = { width: 32, height: 8 } as const;

/**
 * The canary's RGBA pixels; `translucent`: each pixel with an alpha of its own, 0 and 255 among them, for a
 * way of reading that must hand back straight (not premultiplied) colours, those under transparency included.
 */
export function canaryPixels(alpha: 'opaque' | 'translucent' = 'opaque'): Uint8Array {
  const { width, height } = CANARY_SIZE;
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = (i * 73 + 41) & 255;
    rgba[i * 4 + 1] = (i * 151 + 7) & 255;
    rgba[i * 4 + 2] = (i * 199 + 113) & 255;
    rgba[i * 4 + 3] = alpha === 'opaque' ? 255 : (i * 97 + 5) & 255;
  }
  rgba.set(
    [0, 0, 0, 255, 255, 255, 255, 255].map((value, i) => (i % 4 === 3 ? rgba[i]! : value)),
    0,
  );
  return rgba;
}

/** The canary (`pixels`, by default the opaque one) as an untagged 8-bit RGBA PNG, decoded as a chosen file is. */
export function canaryPng(pixels = canaryPixels()): Uint8Array {
  const { width, height } = CANARY_SIZE;
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = new Uint8Array(height * (1 + width * 4));
  for (let y = 0; y < height; y++)
    rows.set(pixels.subarray(y * width * 4, (y + 1) * width * 4), y * (1 + width * 4) + 1);
  return concatBytes([
    Uint8Array.from(PNG_SIGNATURE),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlibSync(rows)),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

/** One way the browser's pixels are read, given the canary: the canary's RGBA as it came back. */
export type CanaryRead = () => Promise<Uint8Array>;

/** True only when every read gives the canary (`expected`, by default the opaque one) back exactly. */
export async function readBackIsTrue(reads: readonly CanaryRead[], expected = canaryPixels()): Promise<boolean> {
  const results = await Promise.all(reads.map((read) => read().catch(() => null)));
  return results.every(
    (rgba) => rgba !== null && rgba.length === expected.length && rgba.every((value, i) => value === expected[i]),
  );
}
