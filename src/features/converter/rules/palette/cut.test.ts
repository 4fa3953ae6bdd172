import { describe, expect, it } from 'vitest';
import { paletteFileFromHistogram } from './cut';
import { HistogramBuilder, okLab, type ColourHistogram } from './refine';

type Rgb = [number, number, number];

/** The histogram of RGBA pixels: `weights[i]` pixels of `colours[i]`. */
function histogramOf(colours: readonly Rgb[], weights: readonly number[] = colours.map(() => 1)): ColourHistogram {
  const builder = new HistogramBuilder();
  colours.forEach((colour, i) => {
    const rgba = new Uint8Array(weights[i]! * 4);
    for (let n = 0; n < weights[i]!; n++) rgba.set([...colour, 255], n * 4);
    builder.add(rgba);
  });
  return builder.build();
}

/** The palette file's entries as [r, g, b, a]. */
const entries = (file: Uint8Array) =>
  Array.from({ length: file.length / 4 }, (_, i) => [
    file[i * 4 + 2]!,
    file[i * 4 + 1]!,
    file[i * 4]!,
    file[i * 4 + 3]!,
  ]);

/** Weighted squared OkLab error of every pixel of `colours` to its nearest palette colour. */
function paletteError(colours: readonly Rgb[], file: Uint8Array): number {
  const lab = new Float32Array(3);
  const palette = entries(file)
    .filter(([, , , a]) => a === 255)
    .map(([r, g, b]) => {
      const p = new Float32Array(3);
      okLab(r!, g!, b!, p, 0);
      return p;
    });
  let error = 0;
  for (const [r, g, b] of colours) {
    okLab(r, g, b, lab, 0);
    error += Math.min(...palette.map((p) => (p[0]! - lab[0]!) ** 2 + (p[1]! - lab[1]!) ** 2 + (p[2]! - lab[2]!) ** 2));
  }
  return error;
}

describe('the palette cut from the colour histogram', () => {
  it('gives each colour its own entry when they fit, sorted, padded with the last, the last entry transparent', () => {
    // Colours whose channels are multiples of 4: each is one histogram cell, at its exact colour.
    const colours: Rgb[] = [
      [200, 40, 40],
      [0, 0, 0],
      [40, 200, 120],
      [252, 252, 252],
    ];
    const file = paletteFileFromHistogram(histogramOf(colours, [5, 1, 300, 2]), 256);
    expect(file).toHaveLength(256 * 4);
    const got = entries(file);
    expect(got.slice(0, 4)).toEqual([
      [0, 0, 0, 255],
      [40, 200, 120, 255],
      [200, 40, 40, 255],
      [252, 252, 252, 255],
    ]);
    expect(got.slice(4, 255).every((e) => e.join() === '252,252,252,255')).toBe(true);
    expect(got[255]).toEqual([0, 255, 0, 0]);
  });

  it('puts one colour in each of two far-apart groups, near the group', () => {
    const reds: Rgb[] = [
      [200, 20, 20],
      [208, 24, 28],
      [216, 28, 20],
    ];
    const blues: Rgb[] = [
      [20, 40, 200],
      [24, 48, 208],
    ];
    const palette = entries(paletteFileFromHistogram(histogramOf([...reds, ...blues], [10, 10, 10, 10, 10]), 3));
    const [first, second] = palette;
    // Ascending 0xRRGGBB: the blue group's colour first.
    expect(first![2]).toBeGreaterThan(190);
    expect(first![0]).toBeLessThan(30);
    expect(second![0]).toBeGreaterThan(195);
    expect(second![2]).toBeLessThan(30);
    expect(palette.slice(2, 255).every((e) => e.join() === second!.join())).toBe(true);
  });

  it('spends its colours where the pixels are: a heavy group gets more of them than a light one', () => {
    const greys = Array.from({ length: 64 }, (_, i): Rgb => [i * 4, i * 4, i * 4]);
    const greens = Array.from({ length: 64 }, (_, i): Rgb => [0, i * 4, 0]);
    const palette = entries(
      paletteFileFromHistogram(
        histogramOf([...greys, ...greens], [...greys.map(() => 100), ...greens.map(() => 1)]),
        17,
      ),
    ).slice(0, 16);
    const grey = palette.filter(([r, g, b]) => Math.abs(r! - g!) < 8 && Math.abs(g! - b!) < 8).length;
    expect(grey).toBeGreaterThan(palette.length - grey);
  });

  it('lowers the error with every doubling of the palette on a ramp', () => {
    const ramp = Array.from({ length: 200 }, (_, i): Rgb => [i, Math.round(i / 2) + 40, 255 - i]);
    const histogram = histogramOf(ramp);
    const errors = [3, 5, 9, 17, 33].map((colours) => paletteError(ramp, paletteFileFromHistogram(histogram, colours)));
    for (let i = 1; i < errors.length; i++) expect(errors[i]).toBeLessThan(errors[i - 1]! * 0.6);
  });

  it('copes with nothing to cut: only the transparent entry is meaningful', () => {
    const file = paletteFileFromHistogram(histogramOf([]), 256);
    expect(entries(file)[255]).toEqual([0, 255, 0, 0]);
    expect(entries(file)[0]).toEqual([0, 0, 0, 255]);
  });
});
