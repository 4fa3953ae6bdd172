/**
 * The part of an ICC profile a PNG's colours need when the converter decodes a PNG itself: matrix/TRC
 * profiles (RGB: rXYZ, gXYZ, bXYZ and rTRC, gTRC, bTRC; grey: kTRC), whose colorants are the PCS's D50
 * values, with `curv` and `para` curves (ICC.1:2010 sections 9 and 10). That is how Adobe RGB, Display P3,
 * ProPhoto and camera-made display profiles are written. A profile made of lookup tables only (A2B0 with
 * no colorants, a Lab PCS, CMYK) is reported as unsupported: the caller must not guess its colours.
 */
export type Matrix3 = readonly [number, number, number, number, number, number, number, number, number];

/** A tone curve: encoded value (0–1) → linear light (0–1). */
export type ToneCurve =
  | { type: 'gamma'; gamma: number }
  /** ICC parametric curve, function types 0–4, every parameter filled in (g, a, b, c, d, e, f). */
  | { type: 'parametric'; g: number; a: number; b: number; c: number; d: number; e: number; f: number }
  /** Sampled curve: values (0–1) at evenly spaced inputs, linearly interpolated. */
  | { type: 'table'; values: Float64Array };

export type IccProfile =
  | { kind: 'rgb'; toXyzD50: Matrix3; curves: readonly [ToneCurve, ToneCurve, ToneCurve] }
  | { kind: 'grey'; curve: ToneCurve }
  | { kind: 'unsupported'; reason: string };

/** The PCS illuminant (ICC: D50 as s15Fixed16). */
export const D50 = [0.9642, 1, 0.8249] as const;

const IDENTITY: ToneCurve = { type: 'gamma', gamma: 1 };

class IccError extends Error {}

const tagName = (bytes: Uint8Array, at: number) =>
  String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);

/** Parses a profile; never throws (a malformed one is 'unsupported'). */
export function parseIccProfile(bytes: Uint8Array): IccProfile {
  try {
    return readProfile(bytes);
  } catch (error) {
    if (error instanceof IccError) return { kind: 'unsupported', reason: error.message };
    throw error;
  }
}

function readProfile(bytes: Uint8Array): IccProfile {
  if (bytes.length < 132) throw new IccError('the colour profile is too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (tagName(bytes, 36) !== 'acsp') throw new IccError('the colour profile is not an ICC profile');
  const space = tagName(bytes, 16);
  const pcs = tagName(bytes, 20);
  const count = view.getUint32(128);
  if (count > 1000 || 132 + count * 12 > bytes.length) throw new IccError('the colour profile has a broken tag table');
  const tags = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    const at = 132 + i * 12;
    const offset = view.getUint32(at + 4);
    const size = view.getUint32(at + 8);
    if (offset + size > bytes.length || size < 8) throw new IccError('a colour profile tag lies outside the profile');
    tags.set(tagName(bytes, at), bytes.subarray(offset, offset + size));
  }
  if (pcs !== 'XYZ ') throw new IccError('the colour profile is made of lookup tables (Lab PCS)');
  if (space === 'GRAY') {
    const k = tags.get('kTRC');
    if (!k) throw new IccError('the grey colour profile has no tone curve');
    return { kind: 'grey', curve: readCurve(k) };
  }
  if (space !== 'RGB ') throw new IccError(`a colour profile for ${space.trim()} pictures`);
  const colorants = ['rXYZ', 'gXYZ', 'bXYZ'].map((name) => tags.get(name));
  const curves = ['rTRC', 'gTRC', 'bTRC'].map((name) => tags.get(name));
  if (colorants.some((tag) => !tag) || curves.some((tag) => !tag))
    throw new IccError('the colour profile is made of lookup tables');
  const [r, g, b] = colorants.map((tag) => readXyz(tag!));
  return {
    kind: 'rgb',
    toXyzD50: [r![0], g![0], b![0], r![1], g![1], b![1], r![2], g![2], b![2]],
    curves: [readCurve(curves[0]!), readCurve(curves[1]!), readCurve(curves[2]!)],
  };
}

const s15Fixed16 = (view: DataView, at: number) => view.getInt32(at) / 65536;

function readXyz(tag: Uint8Array): [number, number, number] {
  if (tagName(tag, 0) !== 'XYZ ' || tag.length < 20) throw new IccError('a colorant is not an XYZ value');
  const view = new DataView(tag.buffer, tag.byteOffset, tag.byteLength);
  return [s15Fixed16(view, 8), s15Fixed16(view, 12), s15Fixed16(view, 16)];
}

/** Parameter counts of the `para` function types 0–4. */
const PARA_COUNTS = [1, 3, 4, 5, 7];

function readCurve(tag: Uint8Array): ToneCurve {
  const view = new DataView(tag.buffer, tag.byteOffset, tag.byteLength);
  const type = tagName(tag, 0);
  if (type === 'curv') {
    if (tag.length < 12) throw new IccError('a tone curve is too short');
    const entries = view.getUint32(8);
    if (tag.length < 12 + entries * 2) throw new IccError('a tone curve is too short');
    if (entries === 0) return IDENTITY;
    if (entries === 1) return { type: 'gamma', gamma: view.getUint16(12) / 256 };
    const values = new Float64Array(entries);
    for (let i = 0; i < entries; i++) values[i] = view.getUint16(12 + i * 2) / 65535;
    return { type: 'table', values };
  }
  if (type === 'para') {
    const fn = view.getUint16(8);
    const n = PARA_COUNTS[fn];
    if (n === undefined || tag.length < 12 + n * 4) throw new IccError('a parametric tone curve of an unknown type');
    const p = Array.from({ length: n }, (_, i) => s15Fixed16(view, 12 + i * 4));
    const [g = 1, a = 1, b = 0, c = 0] = p;
    // Each type as type 4 (y = (ax+b)^g + e for x ≥ d, else cx + f), ICC.1:2010 table 68.
    if (fn === 0) return { type: 'parametric', g, a: 1, b: 0, c: 0, d: 0, e: 0, f: 0 };
    if (fn === 1) return { type: 'parametric', g, a, b, c: 0, d: -b / a, e: 0, f: 0 };
    if (fn === 2) return { type: 'parametric', g, a, b, c: 0, d: -b / a, e: c, f: c };
    if (fn === 3) return { type: 'parametric', g, a, b, c, d: p[4]!, e: 0, f: 0 };
    return { type: 'parametric', g, a, b, c, d: p[4]!, e: p[5]!, f: p[6]! };
  }
  throw new IccError(`a tone curve of type ${type.trim()}`);
}

/** A tone curve's value at `x` (0–1). */
export function evalCurve(curve: ToneCurve, x: number): number {
  switch (curve.type) {
    case 'gamma':
      return x <= 0 ? 0 : x ** curve.gamma;
    case 'parametric': {
      const { g, a, b, c, d, e, f } = curve;
      if (x >= d) {
        const base = a * x + b;
        return (base > 0 ? base ** g : 0) + e;
      }
      return c * x + f;
    }
    case 'table': {
      const { values } = curve;
      const at = Math.min(1, Math.max(0, x)) * (values.length - 1);
      const i = Math.min(values.length - 2, Math.floor(at));
      return values[i]! + (values[i + 1]! - values[i]!) * (at - i);
    }
  }
}

export function multiply(m: Matrix3, n: Matrix3): Matrix3 {
  const at = (r: number, c: number) => m[r * 3]! * n[c]! + m[r * 3 + 1]! * n[3 + c]! + m[r * 3 + 2]! * n[6 + c]!;
  return [at(0, 0), at(0, 1), at(0, 2), at(1, 0), at(1, 1), at(1, 2), at(2, 0), at(2, 1), at(2, 2)];
}

export function invert(m: Matrix3): Matrix3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  if (Math.abs(det) < 1e-12) throw new RangeError('singular matrix');
  return [
    (e * i - f * h) / det,
    (c * h - b * i) / det,
    (b * f - c * e) / det,
    (f * g - d * i) / det,
    (a * i - c * g) / det,
    (c * d - a * f) / det,
    (d * h - e * g) / det,
    (b * g - a * h) / det,
    (a * e - b * d) / det,
  ];
}

export const apply = (m: Matrix3, [x, y, z]: readonly [number, number, number]): [number, number, number] => [
  m[0] * x + m[1] * y + m[2] * z,
  m[3] * x + m[4] * y + m[5] * z,
  m[6] * x + m[7] * y + m[8] * z,
];

const BRADFORD: Matrix3 = [0.8951, 0.2664, -0.1614, -0.7502, 1.7135, 0.0367, 0.0389, -0.0685, 1.0296];

/** Bradford chromatic adaptation from a white (XYZ, Y = 1) to D50. */
export function adaptToD50(white: readonly [number, number, number]): Matrix3 {
  const [sr, sg, sb] = apply(BRADFORD, white);
  const [dr, dg, db] = apply(BRADFORD, D50);
  return multiply(invert(BRADFORD), multiply([dr / sr, 0, 0, 0, dg / sg, 0, 0, 0, db / sb], BRADFORD));
}

/**
 * RGB → XYZ (D50) of primaries and a white point given as xy chromaticities (a PNG's cHRM): the
 * primaries' matrix for that white, adapted to D50 with Bradford, as skcms and lcms make it.
 */
export function primariesToXyzD50([rx, ry, gx, gy, bx, by, wx, wy]: readonly [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
]): Matrix3 {
  const xyz = (x: number, y: number): [number, number, number] => [x / y, 1, (1 - x - y) / y];
  const [r, g, b] = [xyz(rx, ry), xyz(gx, gy), xyz(bx, by)];
  const primaries: Matrix3 = [r[0], g[0], b[0], r[1], g[1], b[1], r[2], g[2], b[2]];
  const white = xyz(wx, wy);
  const [sr, sg, sb] = apply(invert(primaries), white);
  const scaled: Matrix3 = [
    r[0] * sr, g[0] * sg, b[0] * sb,
    r[1] * sr, g[1] * sg, b[1] * sb,
    r[2] * sr, g[2] * sg, b[2] * sb,
  ]; // prettier-ignore
  return multiply(adaptToD50(white), scaled);
}
