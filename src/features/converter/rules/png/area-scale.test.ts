import { describe, expect, it } from 'vitest';
import { makeRgba, testPattern, type Rgba } from '../../../../../tests/fixtures/pngs';
import { AreaScaler } from './area-scale';

function scale(image: Rgba, width: number, height: number): { rgba: Uint8Array; rows: number[] } {
  const rows: number[] = [];
  const out: number[] = [];
  const scaler = new AreaScaler(image, { width, height }, (y, row) => {
    rows.push(y);
    out.push(...row);
  });
  for (let y = 0; y < image.height; y++)
    scaler.push(image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4));
  return { rgba: Uint8Array.from(out), rows };
}

describe('AreaScaler', () => {
  it('at a whole factor, each output pixel is the mean of its block (alpha-weighted colours)', () => {
    const image = testPattern(64, 48);
    const { rgba, rows } = scale(image, 16, 12);
    expect(rows).toEqual(Array.from({ length: 12 }, (_, y) => y));
    for (let y = 0; y < 12; y++)
      for (let x = 0; x < 16; x++)
        for (let c = 0; c < 4; c++) {
          let sum = 0;
          for (let dy = 0; dy < 4; dy++)
            for (let dx = 0; dx < 4; dx++) sum += image.data[((y * 4 + dy) * 64 + x * 4 + dx) * 4 + c]!;
          expect(rgba[(y * 16 + x) * 4 + c]).toBe(Math.round(sum / 16));
        }
  });

  it('keeps a flat picture flat and the mean of a picture, at a fractional ratio', () => {
    const flat = makeRgba(301, 199, () => [12, 200, 77, 255]);
    const { rgba } = scale(flat, 97, 64);
    for (let i = 0; i < rgba.length; i += 4) expect([...rgba.subarray(i, i + 4)]).toEqual([12, 200, 77, 255]);
    const image = testPattern(301, 199);
    const scaled = scale(image, 97, 64).rgba;
    const mean = (data: Uint8Array, c: number) => {
      let sum = 0;
      for (let i = c; i < data.length; i += 4) sum += data[i]!;
      return sum / (data.length / 4);
    };
    for (const c of [0, 1, 2]) expect(Math.abs(mean(scaled, c) - mean(image.data, c))).toBeLessThan(0.6);
  });

  it('does not bleed the colour of transparent pixels into their neighbours', () => {
    const image = makeRgba(2, 1, (x) => (x === 0 ? [255, 0, 0, 255] : [0, 255, 0, 0]));
    expect([...scale(image, 1, 1).rgba]).toEqual([255, 0, 0, 128]);
    const clear = makeRgba(2, 2, () => [9, 9, 9, 0]);
    expect([...scale(clear, 1, 1).rgba]).toEqual([0, 0, 0, 0]);
  });

  it('copies an axis that is not smaller, and never enlarges', () => {
    const image = testPattern(40, 30);
    expect(Buffer.from(scale(image, 40, 30).rgba).equals(Buffer.from(image.data))).toBe(true);
    const scaler = new AreaScaler(image, { width: 80, height: 15 }, () => {});
    expect(scaler.size).toEqual({ width: 40, height: 15 });
  });

  it('refuses more rows than the source has', () => {
    const scaler = new AreaScaler({ width: 2, height: 1 }, { width: 1, height: 1 }, () => {});
    scaler.push(new Uint8Array(8));
    expect(() => scaler.push(new Uint8Array(8))).toThrow(RangeError);
  });
});
