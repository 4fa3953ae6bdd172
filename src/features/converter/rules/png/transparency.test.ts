import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32';
import { PNG_SIGNATURE } from './chunks';
import { pngMayHaveTransparency } from './transparency';

function chunk(type: string, data: number[]): number[] {
  const body = [...type].map((c) => c.charCodeAt(0)).concat(data);
  const crc = crc32(new Uint8Array(body));
  const u32 = (n: number) => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
  return [...u32(data.length), ...body, ...u32(crc)];
}

function png(colorType: number, extra: number[][] = []): Uint8Array {
  const header = [0, 0, 0, 4, 0, 0, 0, 4, 8, colorType, 0, 0, 0];
  return new Uint8Array([
    ...PNG_SIGNATURE,
    ...chunk('IHDR', header),
    ...extra.flat(),
    ...chunk('IDAT', [1, 2, 3]),
    ...chunk('IEND', []),
  ]);
}

describe('pngMayHaveTransparency', () => {
  it('says yes for an alpha channel (grey + alpha, RGBA)', () => {
    expect(pngMayHaveTransparency(png(6))).toBe(true);
    expect(pngMayHaveTransparency(png(4))).toBe(true);
  });

  it('says yes for a tRNS chunk before the image data, no without one', () => {
    expect(pngMayHaveTransparency(png(3, [chunk('PLTE', [0, 0, 0, 255, 255, 255]), chunk('tRNS', [0])]))).toBe(true);
    expect(pngMayHaveTransparency(png(2, [chunk('tRNS', [0, 0, 0, 0, 0, 0])]))).toBe(true);
    expect(pngMayHaveTransparency(png(3, [chunk('PLTE', [0, 0, 0, 255, 255, 255])]))).toBe(false);
    expect(pngMayHaveTransparency(png(2))).toBe(false);
  });

  it('says no for what is not a PNG', () => {
    expect(pngMayHaveTransparency(new Uint8Array(64))).toBe(false);
  });
});
