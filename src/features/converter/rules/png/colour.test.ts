import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COLOUR_REFERENCE, COLOUR_SIZE, colourCases } from '../../../../../tests/fixtures/colour-cases';
import { ADOBE_RGB, DISPLAY_P3, iccProfile } from '../../../../../tests/fixtures/icc';
import { decode as decodeFastPng } from 'fast-png';
import { evalCurve, parseIccProfile } from './icc-profile';
import { decodePngFrame } from './decode';
import { NO_COLOUR_CHUNKS, pngColour } from './colour';

/** Chromium's decode of each case (tests/fixtures/make-colour-reference.ts). */
const reference = JSON.parse(readFileSync(COLOUR_REFERENCE, 'utf8')) as {
  browser: string;
  cases: Record<string, string>;
};
const cases = colourCases();
const size = { width: COLOUR_SIZE, height: COLOUR_SIZE };
const ours = (png: Uint8Array) => decodePngFrame(png, 'case.png', { size, canvas: size, at: { x: 0, y: 0 } });

/**
 * The largest difference of any channel, of opaque pixels (and of every alpha) or of translucent pixels'
 * colours weighted by their alpha, as they show. Chromium premultiplies a colour-converted or 16-bit
 * picture in 8 bits before it converts the colours, so a translucent pixel comes back coarse from it (at
 * alpha 3 only a few colours exist), most in dark colours whose conversion is steep; the converter keeps
 * them exact, so those differ by up to 3 levels once weighted.
 */
function maxDifference(a: Uint8Array, b: Uint8Array): { opaque: number; translucent: number } {
  expect(a.length).toBe(b.length);
  const max = { opaque: 0, translucent: 0 };
  for (let i = 0; i < a.length; i++) {
    const alpha = i - (i % 4) + 3;
    if (i === alpha || (a[alpha] === 255 && b[alpha] === 255))
      max.opaque = Math.max(max.opaque, Math.abs(a[i]! - b[i]!));
    else max.translucent = Math.max(max.translucent, Math.abs(a[i]! * a[alpha]! - b[i]! * b[alpha]!) / 255);
  }
  return max;
}

/** The samples as they are in the file, scaled to 8 bits, as RGBA. */
function rawSamples(png: Uint8Array): Uint8Array {
  const decoded = decodeFastPng(png);
  const channels = decoded.channels;
  const out = new Uint8Array(size.width * size.height * 4);
  const scale = decoded.depth === 16 ? (v: number) => v >> 8 : (v: number) => v;
  if (decoded.palette) {
    for (let i = 0; i < out.length / 4; i++) {
      const entry = decoded.palette[decoded.data[i]!]!;
      out.set([entry[0]!, entry[1]!, entry[2]!, entry[3] ?? 255], i * 4);
    }
    return out;
  }
  for (let i = 0; i < out.length / 4; i++) {
    const s = (k: number) => scale(decoded.data[i * channels + k]!);
    const grey = channels < 3;
    out.set([s(0), grey ? s(0) : s(1), grey ? s(0) : s(2), channels % 2 === 0 ? s(channels - 1) : 255], i * 4);
  }
  return out;
}

describe('the converter decodes colour-tagged PNGs as Chromium does (its pixels in colour-reference.json)', () => {
  it('has a reference for every case', () => {
    expect(Object.keys(reference.cases).sort()).toEqual(Object.keys(cases).sort());
  });

  for (const [name, png] of Object.entries(cases)) {
    it(`${name}: within one level of Chromium's decode`, () => {
      const chromium = Uint8Array.from(Buffer.from(reference.cases[name]!, 'base64'));
      const { opaque, translucent } = maxDifference(ours(png), chromium);
      expect(opaque).toBeLessThanOrEqual(1);
      expect(translucent).toBeLessThanOrEqual(3);
    });
  }

  it('the tagged cases really are shown unlike their samples, so the comparison can tell the decodings apart', () => {
    const shownAsSamples = [
      ...['untagged', 'srgb', 'srgb-with-gama-1', 'gama-near-srgb', 'chrm-alone', 'srgb-table'],
      ...['untagged-16', 'untagged-16-alpha'],
    ];
    for (const [name, png] of Object.entries(cases)) {
      const chromium = Uint8Array.from(Buffer.from(reference.cases[name]!, 'base64'));
      const { opaque, translucent } = maxDifference(chromium, rawSamples(png));
      const difference = Math.max(opaque, translucent);
      if (shownAsSamples.includes(name)) expect(difference, name).toBeLessThanOrEqual(1);
      else expect(difference, name).toBeGreaterThan(10);
    }
  });
});

describe('colour chunks', () => {
  it('an iCCP profile wins over sRGB, sRGB over gAMA, and cHRM counts only with gAMA', () => {
    const adobe = Uint8Array.from([105, 99, 99, 0, 0]); // a name and method, no profile: unreadable
    expect(pngColour({ ...NO_COLOUR_CHUNKS, iccp: adobe, srgb: true }, false).kind).toBe('unsupported');
    expect(pngColour({ ...NO_COLOUR_CHUNKS, srgb: true, gama: 100000 }, false).kind).toBe('srgb');
    expect(
      pngColour({ ...NO_COLOUR_CHUNKS, chrm: [31270, 32900, 64000, 33000, 21000, 71000, 15000, 6000] }, false).kind,
    ).toBe('srgb');
    expect(pngColour({ ...NO_COLOUR_CHUNKS, gama: 45455 }, false).kind).toBe('srgb');
    expect(pngColour({ ...NO_COLOUR_CHUNKS, gama: 43000 }, false).kind).toBe('rgb');
    expect(pngColour({ ...NO_COLOUR_CHUNKS, gama: 100000 }, true).kind).toBe('grey');
  });

  it('a profile of lookup tables or for CMYK is refused, never guessed', () => {
    const profile = iccProfile(ADOBE_RGB);
    const cmyk = profile.slice();
    cmyk.set([67, 77, 89, 75], 16);
    expect(parseIccProfile(cmyk)).toMatchObject({ kind: 'unsupported' });
    const lab = profile.slice();
    lab.set([76, 97, 98, 32], 20);
    expect(parseIccProfile(lab)).toMatchObject({ kind: 'unsupported' });
    expect(parseIccProfile(profile.subarray(0, 100))).toMatchObject({ kind: 'unsupported' });
  });

  it('reads curv gammas and para curves as the ICC spec defines them', () => {
    const adobe = parseIccProfile(iccProfile(ADOBE_RGB));
    const p3 = parseIccProfile(iccProfile(DISPLAY_P3));
    if (adobe.kind !== 'rgb' || p3.kind !== 'rgb') throw new Error('not parsed');
    expect(evalCurve(adobe.curves[0], 0.5)).toBeCloseTo(0.5 ** (563 / 256), 4);
    const srgb = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    for (const v of [0, 0.02, 0.04045, 0.3, 0.7, 1]) expect(evalCurve(p3.curves[1], v)).toBeCloseTo(srgb(v), 4);
  });
});
