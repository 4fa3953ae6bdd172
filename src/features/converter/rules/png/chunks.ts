/**
 * The one walk over a PNG's chunks (PNG spec: length, type, data, CRC after the signature), shared by
 * everything that reads PNGs: the validation (validation.ts), the APNG parser (apng-parse.ts) and the
 * looks at a file's start (transparency.ts, apng-parse.ts animationInStart). It reads, it does not judge:
 * the signature, the CRCs and a chunk whose data runs past the bytes are each reader's to check. Beside it,
 * the one chunk writer, for the PNGs made here (the read-back canary) and by the tests.
 */

import { crc32 } from './crc32';

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Whether `bytes` start with the PNG signature (bytes shorter than it do not). */
export function hasPngSignature(bytes: Uint8Array): boolean {
  return bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte);
}

export interface PngChunk {
  /** Where the chunk starts: its length field. */
  at: number;
  /** The data length the chunk declares, which a broken file may not hold. */
  length: number;
  type: string;
  /** The chunk's data is [dataAt, dataEnd); its CRC follows, then the next chunk. */
  dataAt: number;
  dataEnd: number;
}

/**
 * Every chunk after the signature (not checked) whose length and type are within `bytes`, in file order:
 * the walk ends where fewer than their 8 bytes are left, so a start of a file is walked as far as it goes.
 */
export function* pngChunks(bytes: Uint8Array): Generator<PngChunk> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = PNG_SIGNATURE.length; at + 8 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    const dataEnd = at + 8 + length;
    yield { at, length, type, dataAt: at + 8, dataEnd };
    at = dataEnd + 4;
  }
}

/** One chunk as a PNG holds it: the data's length, the type, the data, the CRC of type and data. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}
