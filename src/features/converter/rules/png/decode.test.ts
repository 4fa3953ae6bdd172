import { describe, expect, it } from 'vitest';
import { VALID_FIXTURES } from '../../../../../tests/fixtures/catalogue';
import { photoLike } from '../../../../../tests/fixtures/content';
import { decodePng, encodePng, makeRgba, testPattern } from '../../../../../tests/fixtures/pngs';
import { ADOBE_RGB, iccProfile, withIccProfile } from '../../../../../tests/fixtures/icc';
import { AreaScaler } from './area-scale';
import { crc32 } from './crc32';
import { parseApng } from './apng-parse';
import { decodePngFrame, ownDecodeRefusal, placePicture } from './decode';
import { decodePixels } from './pixels';
import { validatePng } from './validation';

/** The picture as the APNG path's decoder (pixels.ts) reads it: an independent route to the same pixels. */
function referencePixels(bytes: Uint8Array): Uint8Array {
  const header = validatePng(bytes, 'x.png');
  const info = parseApng(bytes, 'x.png');
  if (info) throw new Error('not a still PNG');
  const chunks: Record<string, Uint8Array[]> = {};
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    (chunks[type] ??= []).push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return decodePixels(chunks.IDAT!, header.width, header.height, {
    ...header,
    palette: chunks.PLTE?.[0] ?? null,
    transparency: chunks.tRNS?.[0] ?? null,
  });
}

const whole = (width: number, height: number) => ({
  size: { width, height },
  canvas: { width, height },
  at: { x: 0, y: 0 },
});

describe('the converter decodes a PNG itself', () => {
  for (const fixture of VALID_FIXTURES) {
    it(`${fixture.name}: the same pixels as the APNG path's decoder`, () => {
      const ours = decodePngFrame(fixture.bytes, fixture.name);
      expect(ours.length).toBe(fixture.width * fixture.height * 4);
      expect(Buffer.from(ours).equals(Buffer.from(referencePixels(fixture.bytes)))).toBe(true);
    });
  }

  it('streams a picture whose rows cross the inflate steps, with every row filter, as pngjs decodes it', () => {
    const image = photoLike(701, 333, 7);
    const png = encodePng(image, { colorType: 6 });
    const ours = decodePngFrame(png, 'photo.png', whole(701, 333));
    expect(Buffer.from(ours).equals(Buffer.from(decodePng(png).data))).toBe(true);
  });

  it('draws the picture at its place on a transparent canvas, cut at the canvas edges', () => {
    const png = encodePng(makeRgba(4, 3, (x, y) => [x * 60, y * 100, 7, 255]));
    const rgba = decodePngFrame(png, 'p.png', {
      size: { width: 4, height: 3 },
      canvas: { width: 6, height: 4 },
      at: { x: 3, y: 2 },
    });
    const pixel = (x: number, y: number) => [...rgba.subarray((y * 6 + x) * 4, (y * 6 + x) * 4 + 4)];
    expect(pixel(0, 0)).toEqual([0, 0, 0, 0]);
    expect(pixel(2, 3)).toEqual([0, 0, 0, 0]);
    expect(pixel(3, 2)).toEqual([0, 0, 7, 255]);
    expect(pixel(5, 3)).toEqual([120, 100, 7, 255]);
  });

  it('shrinks as the area scaler does, while the rows stream in', () => {
    const image = testPattern(300, 200);
    const png = encodePng(image);
    const size = { width: 97, height: 61 };
    const rgba = decodePngFrame(png, 'p.png', { size, canvas: size, at: { x: 0, y: 0 } });
    expect(
      Buffer.from(rgba).equals(
        Buffer.from(placePicture(image.data, { width: 300, height: 200 }, { size, canvas: size, at: { x: 0, y: 0 } })),
      ),
    ).toBe(true);
    const rows: Uint8Array[] = [];
    const scaler = new AreaScaler({ width: 300, height: 200 }, size, (_y, row) => rows.push(row.slice()));
    for (let y = 0; y < 200; y++) scaler.push(image.data.subarray(y * 1200, (y + 1) * 1200));
    expect(Buffer.from(rgba).equals(Buffer.concat(rows))).toBe(true);
  });

  it('converts a colour profile, and refuses one it cannot convert instead of guessing its colours', () => {
    const png = encodePng(testPattern(16, 16), { colorType: 2 });
    expect(ownDecodeRefusal(withIccProfile(png, iccProfile(ADOBE_RGB)), 'a.png')).toBeNull();
    const cmyk = iccProfile(ADOBE_RGB);
    cmyk.set([67, 77, 89, 75], 16);
    const tagged = withIccProfile(png, cmyk);
    expect(ownDecodeRefusal(tagged, 'c.png')).toMatch(/CMYK/);
    expect(() => decodePngFrame(tagged, 'c.png')).toThrow(
      /^Failed to load image: c\.png \(a colour profile for CMYK pictures\)$/,
    );
  });

  it('fails broken image data with the product’s message naming the file', () => {
    const png = encodePng(testPattern(40, 30));
    const idat = png.indexOf(0x49, 33); // the first IDAT's type
    const broken = png.slice();
    broken.fill(0x55, idat + 8, idat + 40);
    expect(() => decodePngFrame(broken, 'b.png')).toThrow(/^Failed to load image: b\.png \(/);
  });

  it('refuses image data that claims far more pixels than its bytes could hold, before allocating them', () => {
    // A 1x1 PNG whose header says 30000x30000 (CRC written again): 3.6 GB of pixels from a few bytes.
    const png = encodePng(makeRgba(1, 1, () => [0, 0, 0, 255])).slice();
    const view = new DataView(png.buffer, png.byteOffset);
    view.setUint32(16, 30000);
    view.setUint32(20, 30000);
    view.setUint32(29, crc32(png.subarray(12, 29)));
    expect(() => decodePngFrame(png, 'bomb.png')).toThrow(
      /^Failed to load image: bomb\.png \(the image data is shorter than the image\)$/,
    );
  });
});
