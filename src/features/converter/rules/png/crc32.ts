/**
 * CRC-32 (ISO 3309, as PNG uses it), eight bytes a step with eight tables ("slicing-by-8"): every
 * chunk of a PNG is checked before it is decoded, and a byte at a time was slow on big photographs.
 */
const TABLES = (() => {
  const tables = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[n] = c;
  }
  // Table k: the CRC of a byte followed by k zero bytes.
  for (let n = 0; n < 256; n++) {
    for (let k = 1, c = tables[n]!; k < 8; k++) {
      c = tables[c & 0xff]! ^ (c >>> 8);
      tables[k * 256 + n] = c;
    }
  }
  return tables;
})();

export function crc32(bytes: Uint8Array, crc = 0): number {
  const t = TABLES;
  let c = ~crc;
  let i = 0;
  for (const end = bytes.length - (bytes.length % 8); i < end; i += 8) {
    const low = c ^ (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24));
    c =
      t[1792 + (low & 0xff)]! ^
      t[1536 + ((low >>> 8) & 0xff)]! ^
      t[1280 + ((low >>> 16) & 0xff)]! ^
      t[1024 + (low >>> 24)]! ^
      t[768 + bytes[i + 4]!]! ^
      t[512 + bytes[i + 5]!]! ^
      t[256 + bytes[i + 6]!]! ^
      t[bytes[i + 7]!]!;
  }
  for (; i < bytes.length; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
