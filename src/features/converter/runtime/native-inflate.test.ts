import { describe, expect, it } from 'vitest';
import { zlibSync } from 'fflate';
import { photoLike } from '../../../../tests/fixtures/content';
import { encodePng } from '../../../../tests/fixtures/pngs';
import { crc32 } from '../rules/png/crc32';
import { decodePngFrame, decodePngFrameWith } from '../rules/png/decode';
import { nativeInflate } from './native-inflate';

const inflate = nativeInflate!;

/** An 8-bit RGB PNG of raw rows (filter 0) written around a given zlib stream. */
function pngAround(width: number, height: number, zlib: Uint8Array): Uint8Array {
  const png = encodePng(photoLike(width, height), { colorType: 2 });
  const view = new DataView(png.buffer, png.byteOffset);
  const idat = png.findIndex((_, i) => String.fromCharCode(...png.subarray(i, i + 4)) === 'IDAT') - 4;
  const length = view.getUint32(idat);
  const chunk = new Uint8Array(12 + zlib.length);
  const chunkView = new DataView(chunk.buffer);
  chunkView.setUint32(0, zlib.length);
  chunk.set(png.subarray(idat + 4, idat + 8), 4);
  chunk.set(zlib, 8);
  chunkView.setUint32(8 + zlib.length, crc32(chunk.subarray(4, 8 + zlib.length)));
  return Uint8Array.from([...png.subarray(0, idat), ...chunk, ...png.subarray(idat + 12 + length)]);
}

describe("the browser's inflate for the converter's decoder", () => {
  it('gives the same pixels as fflate, across many stream reads', async () => {
    const png = encodePng(photoLike(640, 480, 3), { colorType: 6 });
    const ours = await decodePngFrameWith(inflate, png, 'p.png');
    expect(Buffer.from(ours).equals(Buffer.from(decodePngFrame(png, 'p.png')))).toBe(true);
  });

  it('takes a picture whose stream goes wrong only after its last row (bytes after its end), as browsers do', async () => {
    const rows = new Uint8Array(8 * (1 + 8 * 3)).fill(0x40);
    for (let y = 0; y < 8; y++) rows[y * 25] = 0;
    const png = pngAround(8, 8, Uint8Array.from([...zlibSync(rows), 1, 2, 3, 4]));
    const pixels = await decodePngFrameWith(inflate, png, 'junk.png');
    expect([...pixels.subarray(0, 4)]).toEqual([0x40, 0x40, 0x40, 255]);
  });

  it('fails a stream that breaks before the last row with the product’s message', async () => {
    const rows = new Uint8Array(8 * (1 + 8 * 3));
    const zlib = zlibSync(rows);
    const png = pngAround(8, 8, zlib.subarray(0, zlib.length - 8));
    await expect(decodePngFrameWith(inflate, png, 'cut.png')).rejects.toThrow(/^Failed to load image: cut\.png \(/);
  });
});
