import { hasPngSignature, pngChunks } from './chunks';
import { crc32 } from './crc32';
import { failedToLoadImage } from '../errors';

/**
 * Structural PNG check before any decoder sees the file: browsers decode some broken files anyway
 * (they skip CRCs), and ffmpeg would fail with an opaque message. A PNG that passes here is well-formed
 * at the chunk level; the pixel data itself is checked by the decoder.
 */
export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
}

/** Legal bit depths for each colour type (PNG spec, table 11.1). */
const BIT_DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

/** The PNG limit on width and height: 2^31 - 1. */
const MAX_DIMENSION = 0x7fffffff;

class PngError extends Error {}

/** Reads the header after checking the whole chunk structure; throws 'Failed to load image: <name> (<why>)'. */
export function validatePng(bytes: Uint8Array, fileName: string): PngHeader {
  try {
    return readPng(bytes);
  } catch (error) {
    if (error instanceof PngError) throw failedToLoadImage(fileName, error.message);
    throw error;
  }
}

/**
 * The header of a still PNG from its first bytes alone, when they show a well-formed start: every chunk
 * up to the first IDAT checks as validatePng checks it, and none is an acTL (an animated PNG). Null for
 * anything else (a broken or animated start, or bytes that end before the image data): then the whole
 * file must be checked (validatePng) before anything relies on it. The rest of a file whose start passes
 * can still fail validatePng, which the caller runs too.
 */
export function stillPngHeader(start: Uint8Array): PngHeader | null {
  try {
    return readPng(start, 'start');
  } catch (error) {
    if (error instanceof PngError) return null;
    throw error;
  }
}

/** `whole`: every chunk up to IEND; `start`: up to the first IDAT, refusing an APNG. */
function readPng(bytes: Uint8Array, extent: 'whole' | 'start' = 'whole'): PngHeader {
  if (!hasPngSignature(bytes)) throw new PngError('not a PNG signature');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: PngHeader | null = null;
  let hasPalette = false;
  let hasImageData = false;
  let ended = false;

  for (const { at, length, type, dataAt, dataEnd } of pngChunks(bytes)) {
    if (extent === 'start' && type === 'IDAT' && header !== null) {
      hasImageData = true; // its data is for the whole file's check
      ended = true;
      break;
    }
    if (at + 12 > bytes.length) throw new PngError('truncated file, no IEND chunk');
    if (!/^[A-Za-z]{4}$/.test(type)) throw new PngError('corrupt chunk type');
    if (length > 0x7fffffff || dataEnd + 4 > bytes.length) throw new PngError(`truncated ${type} chunk`);
    const expected = view.getUint32(dataEnd);
    if (crc32(bytes.subarray(at + 4, dataEnd)) !== expected) throw new PngError(`bad CRC in ${type} chunk`);
    const data = bytes.subarray(dataAt, dataEnd);

    if (header === null && type !== 'IHDR') throw new PngError('IHDR is not the first chunk');
    if (type === 'IHDR') {
      if (header !== null) throw new PngError('more than one IHDR chunk');
      header = readHeader(data);
    } else if (type === 'PLTE') {
      hasPalette = true;
    } else if (type === 'acTL' && extent === 'start') {
      throw new PngError('an animated PNG');
    } else if (type === 'IDAT') {
      hasImageData = true;
    } else if (type === 'IEND') {
      ended = true;
      break;
    }
  }

  if (!ended) throw new PngError('truncated file, no IEND chunk');
  if (!header) throw new PngError('no IHDR chunk');
  if (!hasImageData) throw new PngError('no IDAT chunk');
  if (header.colorType === 3 && !hasPalette) throw new PngError('palette image without a PLTE chunk');
  return header;
}

function readHeader(data: Uint8Array): PngHeader {
  if (data.length !== 13) throw new PngError('IHDR has the wrong length');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const width = view.getUint32(0);
  const height = view.getUint32(4);
  const [bitDepth = 0, colorType = 0, compression, filter, interlace] = data.subarray(8);
  if (width === 0 || height === 0 || width > MAX_DIMENSION || height > MAX_DIMENSION)
    throw new PngError(`invalid size ${width}x${height}`);
  const depths = BIT_DEPTHS[colorType];
  if (!depths) throw new PngError(`invalid colour type ${colorType}`);
  if (!depths.includes(bitDepth)) throw new PngError(`invalid bit depth ${bitDepth} for colour type ${colorType}`);
  if (compression !== 0 || filter !== 0) throw new PngError('unknown compression or filter method');
  if (interlace !== 0 && interlace !== 1) throw new PngError(`unknown interlace method ${interlace}`);
  return { width, height, bitDepth, colorType, interlaced: interlace === 1 };
}
