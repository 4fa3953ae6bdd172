import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32';

/** The definition, a bit at a time: what the table-driven version must agree with. */
function crc32Bitwise(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return ~c >>> 0;
}

describe('crc32', () => {
  it('gives the standard check value and an IEND chunk’s CRC', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new TextEncoder().encode('IEND'))).toBe(0xae426082);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it('agrees with the bitwise definition at every length and offset, and when continued', () => {
    const bytes = new Uint8Array(1000);
    let seed = 12345;
    for (let i = 0; i < bytes.length; i++) bytes[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    for (let length = 0; length <= 40; length++) {
      for (let offset = 0; offset < 9; offset++) {
        const part = bytes.subarray(offset, offset + length);
        expect(crc32(part)).toBe(crc32Bitwise(part));
      }
    }
    expect(crc32(bytes)).toBe(crc32Bitwise(bytes));
    expect(crc32(bytes.subarray(333), crc32(bytes.subarray(0, 333)))).toBe(crc32(bytes));
  });
});
