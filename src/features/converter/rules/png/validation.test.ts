import { describe, expect, it } from 'vitest';
import { buildApng, solid } from '../../../../../tests/fixtures/apng';
import { encodePng, insertChunk, testPattern } from '../../../../../tests/fixtures/pngs';
import { stillPngHeader, validatePng } from './validation';

const png = encodePng(testPattern(40, 30));
const idatAt = (bytes: Uint8Array) => {
  for (let i = 8; i < bytes.length - 4; i++)
    if (String.fromCharCode(...bytes.subarray(i, i + 4)) === 'IDAT') return i - 4;
  throw new Error('no IDAT');
};

describe('stillPngHeader: a still PNG known from its first bytes', () => {
  it('reads the header from the chunks before the image data, the rest of the file unread', () => {
    const header = { width: 40, height: 30, bitDepth: 8, colorType: 6, interlaced: false };
    expect(stillPngHeader(png)).toEqual(header);
    // Up to the first IDAT's type is enough; the header is the one the whole file's check gives.
    expect(stillPngHeader(png.subarray(0, idatAt(png) + 8))).toEqual(validatePng(png, 'a.png'));
  });

  it('is null for a start that ends before the image data, an APNG, or a broken start', () => {
    expect(stillPngHeader(png.subarray(0, idatAt(png) - 1))).toBeNull();
    const animated = buildApng({ width: 8, height: 8, frames: [{ image: solid(8, 8, [255, 0, 0, 255]) }] });
    expect(stillPngHeader(animated)).toBeNull();
    const badHeaderCrc = png.slice();
    badHeaderCrc[29] = badHeaderCrc[29]! ^ 0xff; // IHDR's CRC
    expect(stillPngHeader(badHeaderCrc)).toBeNull();
    expect(stillPngHeader(png.subarray(1))).toBeNull();
  });

  it('passes a start whose image data is broken later: the whole file is still checked (validatePng)', () => {
    const broken = png.slice();
    broken[broken.length - 20] = broken[broken.length - 20]! ^ 0xff; // inside the last IDAT
    expect(stillPngHeader(broken)).not.toBeNull();
    expect(() => validatePng(broken, 'b.png')).toThrow('Failed to load image: b.png (bad CRC in IDAT chunk)');
  });

  it('reads past ancillary chunks before the image data', () => {
    const withText = insertChunk(png, 'tEXt', new TextEncoder().encode('Comment\0hello'));
    expect(stillPngHeader(withText)).toEqual(stillPngHeader(png));
  });
});
