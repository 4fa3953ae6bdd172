import { describe, expect, it } from 'vitest';
import { hasPngSignature, pngChunks, PNG_SIGNATURE } from './chunks';

/** A chunk as bytes, with a CRC of zeros: the walk does not read it. */
const chunk = (type: string, data: number[]) => [
  0,
  0,
  0,
  data.length,
  ...[...type].map((c) => c.charCodeAt(0)),
  ...data,
  0,
  0,
  0,
  0,
];
const file = (...chunks: number[][]) => new Uint8Array([...PNG_SIGNATURE, ...chunks.flat()]);
const walk = (bytes: Uint8Array) => [...pngChunks(bytes)];

describe('pngChunks', () => {
  it('yields each chunk in file order: where it starts, its type and where its data lies', () => {
    const bytes = file(chunk('IHDR', [1, 2, 3]), chunk('tEXt', []), chunk('IEND', []));
    expect(walk(bytes)).toEqual([
      { at: 8, length: 3, type: 'IHDR', dataAt: 16, dataEnd: 19 },
      { at: 23, length: 0, type: 'tEXt', dataAt: 31, dataEnd: 31 },
      { at: 35, length: 0, type: 'IEND', dataAt: 43, dataEnd: 43 },
    ]);
  });

  it('walks a start of a file as far as whole length and type fields go, a chunk cut short included', () => {
    const bytes = file(chunk('IHDR', [1, 2, 3]), chunk('IDAT', [9, 9, 9, 9]), chunk('IEND', []));
    const cut = bytes.subarray(0, 23 + 10);
    expect(walk(cut).map(({ type, dataEnd }) => [type, dataEnd])).toEqual([
      ['IHDR', 19],
      ['IDAT', 35],
    ]);
    expect(walk(bytes.subarray(0, 23 + 7)).map(({ type }) => type)).toEqual(['IHDR']);
  });

  it('takes a lying length as declared: the next chunk is looked for where it says', () => {
    const bytes = file(chunk('IHDR', [1, 2, 3]), chunk('IEND', []));
    new DataView(bytes.buffer).setUint32(8, 0xffffffff);
    expect(walk(bytes)).toEqual([{ at: 8, length: 0xffffffff, type: 'IHDR', dataAt: 16, dataEnd: 16 + 0xffffffff }]);
  });

  it('leaves the signature to the reader', () => {
    const bytes = file(chunk('IEND', []));
    expect(hasPngSignature(bytes)).toBe(true);
    expect(hasPngSignature(bytes.subarray(0, 7))).toBe(false);
    bytes[1] = 0;
    expect(hasPngSignature(bytes)).toBe(false);
    expect(walk(bytes).map(({ type }) => type)).toEqual(['IEND']);
  });
});
