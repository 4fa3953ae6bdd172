import { describe, expect, it } from 'vitest';
import { PNG_HEADER_BYTES, pngSize } from './size';

function header(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(PNG_HEADER_BYTES);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

describe('pngSize', () => {
  it('reads width and height from the IHDR chunk', () => {
    expect(pngSize(header(1920, 1080))).toEqual({ width: 1920, height: 1080 });
    expect(pngSize(header(70000, 3))).toEqual({ width: 70000, height: 3 });
  });
  it('refuses what is not a PNG header', () => {
    expect(pngSize(new Uint8Array(10))).toBeNull();
    const notPng = header(10, 10);
    notPng[1] = 0;
    expect(pngSize(notPng)).toBeNull();
    expect(pngSize(header(0, 10))).toBeNull();
  });
});
