import { Unzlib } from 'fflate';
import {
  apply,
  evalCurve,
  invert,
  multiply,
  parseIccProfile,
  primariesToXyzD50,
  D50,
  type Matrix3,
  type ToneCurve,
} from './icc-profile';

/**
 * A PNG's colours as the browser shows them, for the converter's own decoder: the samples converted to
 * sRGB the way Chromium's decoder does it (checked against its pixels: colour.test.ts), so that a PNG
 * the converter decodes itself gives the GIF the browser's decode would have given.
 *
 * Which chunk counts, in Chromium's order: cICP, then an iCCP profile (even next to an sRGB chunk), then
 * sRGB (its samples as they are), then gAMA with cHRM (both needed: cHRM alone is ignored), then gAMA
 * alone with sRGB's primaries, where a gAMA within 5 % of 1/2.2 is taken for sRGB. Nothing: sRGB.
 * The conversion is relative colorimetric through the D50 PCS, into sRGB's D50-adapted primaries.
 */
export type PngColour =
  | { kind: 'srgb' }
  | { kind: 'rgb'; toXyzD50: Matrix3; curves: readonly [ToneCurve, ToneCurve, ToneCurve] }
  | { kind: 'grey'; curve: ToneCurve }
  | { kind: 'unsupported'; reason: string };

/** The colour chunks before a PNG's image data, as found. */
export interface ColourChunks {
  /** The iCCP chunk's payload: name, 0, method, compressed profile. */
  iccp: Uint8Array | null;
  srgb: boolean;
  /** gAMA × 100000. */
  gama: number | null;
  /** cHRM × 100000: white x, y, red x, y, green x, y, blue x, y. */
  chrm: readonly number[] | null;
  /** cICP: colour primaries, transfer function, matrix, full range. */
  cicp: Uint8Array | null;
}

export const NO_COLOUR_CHUNKS: ColourChunks = { iccp: null, srgb: false, gama: null, chrm: null, cicp: null };

/** sRGB's colorants in the D50 PCS, as the ICC's sRGB profile (and skcms) store them. */
export const SRGB_TO_XYZ_D50: Matrix3 = [
  0.436065674, 0.385147095, 0.143066406,
  0.222488403, 0.716873169, 0.06060791,
  0.013916016, 0.097076416, 0.714096069,
]; // prettier-ignore

const SRGB_CURVE: ToneCurve = {
  type: 'parametric',
  g: 2.4,
  a: 1 / 1.055,
  b: 0.055 / 1.055,
  c: 1 / 12.92,
  d: 0.04045,
  e: 0,
  f: 0,
};

/** A profile bigger than this is not a colour profile a PNG carries (the largest real ones are ~1 MB). */
const MAX_PROFILE_BYTES = 4 * 1024 * 1024;

/** How a PNG's colour chunks say its samples are to be shown. `grey`: the PNG is greyscale (colour types 0, 4). */
export function pngColour(chunks: ColourChunks, grey: boolean): PngColour {
  if (chunks.cicp) return cicpColour(chunks.cicp);
  if (chunks.iccp) {
    const bytes = inflateProfile(chunks.iccp);
    if (!bytes) return { kind: 'unsupported', reason: 'its colour profile cannot be read' };
    const profile = parseIccProfile(bytes);
    if (profile.kind === 'unsupported') return profile;
    // A profile for the other kind of picture is ignored, as browsers do.
    if (profile.kind === 'grey' && grey) return profile;
    if (profile.kind === 'rgb' && !grey) return profile;
    return { kind: 'srgb' };
  }
  if (chunks.srgb || chunks.gama === null || chunks.gama <= 0) return { kind: 'srgb' };
  const curve: ToneCurve = { type: 'gamma', gamma: 100000 / chunks.gama };
  const chrm = chunks.chrm && chrmMatrix(chunks.chrm);
  if (chrm) return grey ? { kind: 'grey', curve } : { kind: 'rgb', toXyzD50: chrm, curves: [curve, curve, curve] };
  const nearSrgb = Math.abs((chunks.gama * 2.2) / 100000 - 1) <= 0.05;
  if (nearSrgb) return { kind: 'srgb' };
  return grey ? { kind: 'grey', curve } : { kind: 'rgb', toXyzD50: SRGB_TO_XYZ_D50, curves: [curve, curve, curve] };
}

function chrmMatrix(chrm: readonly number[]): Matrix3 | null {
  const [wx, wy, rx, ry, gx, gy, bx, by] = chrm.map((v) => v / 100000) as [
    number, number, number, number, number, number, number, number,
  ]; // prettier-ignore
  if ([wy, ry, gy, by].some((y) => y <= 0)) return null;
  try {
    return primariesToXyzD50([rx, ry, gx, gy, bx, by, wx, wy]);
  } catch {
    return null; // primaries on one line
  }
}

/** cICP (ITU-T H.273) with the sRGB transfer: BT.709 primaries are sRGB, 12 is Display P3; anything else is refused. */
function cicpColour(cicp: Uint8Array): PngColour {
  const [primaries, transfer, matrix, fullRange] = cicp;
  if (matrix !== 0 || fullRange !== 1 || (transfer !== 13 && transfer !== 1))
    return { kind: 'unsupported', reason: 'its colour signalling (cICP) is one the converter cannot convert' };
  if (primaries === 1 && transfer === 13) return { kind: 'srgb' };
  if (primaries === 12 && transfer === 13)
    return {
      kind: 'rgb',
      toXyzD50: primariesToXyzD50([0.68, 0.32, 0.265, 0.69, 0.15, 0.06, 0.3127, 0.329]),
      curves: [SRGB_CURVE, SRGB_CURVE, SRGB_CURVE],
    };
  return { kind: 'unsupported', reason: 'its colour signalling (cICP) is one the converter cannot convert' };
}

function inflateProfile(payload: Uint8Array): Uint8Array | null {
  const nameEnd = payload.indexOf(0);
  if (nameEnd < 1 || nameEnd > 79 || payload[nameEnd + 1] !== 0) return null;
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    const stream = new Unzlib((chunk) => {
      total += chunk.length;
      if (total > MAX_PROFILE_BYTES) throw new RangeError('profile too large');
      parts.push(chunk);
    });
    stream.push(payload.subarray(nameEnd + 2), true);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/**
 * Samples → sRGB bytes for one PNG: per-channel lookup tables from sample value to linear light, a
 * matrix into sRGB's linear light, and a table back to 8 bits (fine enough to round as a float would).
 */
export interface ColourConverter {
  /** True: the samples are sRGB already, scaled to 8 bits as they are. */
  readonly identity: boolean;
  /** Converts one pixel's samples (at the PNG's bit depth) into `out` at `at` (RGB; alpha is not touched). */
  rgb(r: number, g: number, b: number, out: Uint8Array, at: number): void;
}

const ENCODE_STEPS = 65535;
let encodeTable: Uint8Array | null = null;

/** Linear light (0–1, in 1/65535 steps) → sRGB byte, rounded. */
function srgbEncodeTable(): Uint8Array {
  if (encodeTable) return encodeTable;
  encodeTable = new Uint8Array(ENCODE_STEPS + 1);
  for (let i = 0; i <= ENCODE_STEPS; i++) {
    const l = i / ENCODE_STEPS;
    const v = l <= 0.0031308 ? 12.92 * l : 1.055 * l ** (1 / 2.4) - 0.055;
    encodeTable[i] = Math.round(v * 255);
  }
  return encodeTable;
}

/** A sample of 1–8 bits → 8 bits. */
const scaleSample = (value: number, depth: number) =>
  depth === 8 ? value : Math.round((value * 255) / ((1 << depth) - 1));

/** The converter for a PNG's colour at its sample bit depth, 1–8 (palette images: 8, the palette's entries). */
export function colourConverter(colour: PngColour, depth: number): ColourConverter {
  if (colour.kind === 'unsupported') throw new RangeError(colour.reason);
  if (colour.kind === 'srgb') {
    const table = Uint8Array.from({ length: 1 << depth }, (_, v) => scaleSample(v, depth));
    return {
      identity: true,
      rgb(r, g, b, out, at) {
        out[at] = table[r]!;
        out[at + 1] = table[g]!;
        out[at + 2] = table[b]!;
      },
    };
  }
  const max = (1 << depth) - 1;
  const linear = (curve: ToneCurve) => Float64Array.from({ length: max + 1 }, (_, v) => evalCurve(curve, v / max));
  const fromXyz = invert(SRGB_TO_XYZ_D50);
  const encode = srgbEncodeTable();
  const toByte = (l: number) => encode[Math.round((l <= 0 ? 0 : l >= 1 ? 1 : l) * ENCODE_STEPS)]!;
  if (colour.kind === 'grey') {
    // Grey is the PCS white times the curve's value, in sRGB's primaries.
    const [wr, wg, wb] = apply(fromXyz, D50);
    const table = linear(colour.curve);
    return {
      identity: false,
      rgb(v, _g, _b, out, at) {
        const l = table[v]!;
        out[at] = toByte(wr * l);
        out[at + 1] = toByte(wg * l);
        out[at + 2] = toByte(wb * l);
      },
    };
  }
  const m = multiply(fromXyz, colour.toXyzD50);
  const [tr, tg, tb] = colour.curves.map(linear) as [Float64Array, Float64Array, Float64Array];
  return {
    identity: false,
    rgb(r, g, b, out, at) {
      const lr = tr[r]!;
      const lg = tg[g]!;
      const lb = tb[b]!;
      out[at] = toByte(m[0] * lr + m[1] * lg + m[2] * lb);
      out[at + 1] = toByte(m[3] * lr + m[4] * lg + m[5] * lb);
      out[at + 2] = toByte(m[6] * lr + m[7] * lg + m[8] * lb);
    },
  };
}
