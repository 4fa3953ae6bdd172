import { describe, expect, it } from 'vitest';
import { EXACT_COLOURS, fromOkLab, HistogramBuilder, okLab, refinePalette, refinePaletteFile } from './refine';

/** RGBA pixels: `count` of each colour. */
function pixels(colours: [number, number, number][], count: number): Uint8Array {
  const out = new Uint8Array(colours.length * count * 4);
  colours.forEach((c, i) => {
    for (let n = 0; n < count; n++) out.set([...c, 255], (i * count + n) * 4);
  });
  return out;
}

describe('OkLab', () => {
  it('round-trips sRGB bytes', () => {
    const lab = new Float32Array(3);
    const colours: [number, number, number][] = [
      [0, 0, 0],
      [255, 255, 255],
      [200, 30, 90],
      [12, 140, 250],
    ];
    for (const rgb of colours) {
      okLab(rgb[0], rgb[1], rgb[2], lab, 0);
      expect(fromOkLab(lab[0]!, lab[1]!, lab[2]!)).toEqual([...rgb]);
    }
  });
});

describe('palette refinement', () => {
  it('moves each colour to the mean of the pixels nearest to it', () => {
    // Two tight clusters of blues and reds; the palette starts off-centre on each.
    const builder = new HistogramBuilder();
    builder.add(
      pixels(
        [
          [20, 40, 200],
          [24, 44, 208],
          [200, 30, 30],
          [208, 34, 38],
        ],
        50,
      ),
    );
    const start = Uint8Array.of(0, 0, 150, 255, 80, 80);
    const refined = refinePalette(start, builder.build(), 3);
    const near = (at: number, rgb: number[]) =>
      rgb.forEach((v, c) => expect(Math.abs(refined[at * 3 + c]! - v)).toBeLessThanOrEqual(3));
    near(0, [22, 42, 204]);
    near(1, [204, 32, 34]);
  });

  it('leaves fixed entries and colours no pixel maps to where they are', () => {
    const builder = new HistogramBuilder();
    builder.add(pixels([[100, 100, 100]], 10));
    const start = Uint8Array.of(90, 90, 90, 0, 0, 0, 255, 255, 0);
    const refined = refinePalette(start, builder.build(), 2, (i) => i === 1);
    expect([...refined.subarray(0, 3)]).toEqual([100, 100, 100]);
    expect([...refined.subarray(3)]).toEqual([0, 0, 0, 255, 255, 0]);
  });

  it('ignores pixels under half opacity', () => {
    const builder = new HistogramBuilder();
    builder.add(Uint8Array.of(250, 0, 0, 10, 0, 250, 0, 255));
    expect(builder.build().size).toBe(1);
  });

  it("refines the core's palette file (B, G, R, A) and keeps its transparent entry", () => {
    const builder = new HistogramBuilder();
    builder.add(pixels([[30, 60, 90]], 20));
    const file = Uint8Array.of(80, 50, 20, 255, 0, 0, 0, 0);
    const refined = refinePaletteFile(file, builder.build(), 2);
    expect([...refined]).toEqual([90, 60, 30, 255, 0, 0, 0, 0]);
  });

  it('keeps the padding (repeats of a colour) on its colour: a palette of N colours stays N colours', () => {
    // Two groups of pixels and a palette of two colours padded to four entries with the last one: the
    // padding must not drift off on its own and become extra colours.
    const builder = new HistogramBuilder();
    builder.add(pixels([[10, 10, 10]], 40));
    builder.add(pixels([[200, 200, 200]], 20));
    builder.add(pixels([[240, 240, 240]], 20));
    const bgra = (c: number) => [c, c, c, 255];
    const file = Uint8Array.from([...bgra(30), ...bgra(180), ...bgra(180), ...bgra(180)]);
    const refined = refinePaletteFile(file, builder.build(), 3);
    const colours = new Set<string>();
    for (let i = 0; i < 4; i++) colours.add([...refined.subarray(i * 4, i * 4 + 3)].join());
    expect(colours.size).toBe(2);
    expect([...refined.subarray(0, 3)]).toEqual([10, 10, 10]);
    expect([...refined.subarray(12, 15)]).toEqual([...refined.subarray(4, 7)]);
  });
});

describe('histogram samples (one per frame, from the decode workers)', () => {
  /** Deterministic noisy RGBA, some pixels transparent. */
  function noise(length: number, seed: number): Uint8Array {
    const out = new Uint8Array(length * 4);
    let state = seed;
    for (let i = 0; i < out.length; i++) {
      state = (state * 1103515245 + 12345) >>> 0;
      out[i] = state >>> 24;
    }
    return out;
  }

  it('merged frame by frame, give the histogram of adding every frame to one builder', () => {
    const frames = [noise(5000, 1), noise(3000, 2), noise(4000, 3)];
    const whole = new HistogramBuilder();
    for (const frame of frames) whole.add(frame, 3);

    const worker = new HistogramBuilder();
    const merged = new HistogramBuilder();
    for (const frame of frames) {
      worker.clear();
      worker.add(frame, 3);
      merged.merge(worker.sample());
    }
    expect(merged.build()).toEqual(whole.build());
  });

  it('clear() forgets the previous frame, and a sample lists only the cells hit', () => {
    const builder = new HistogramBuilder();
    builder.add(pixels([[255, 0, 0]], 4));
    builder.clear();
    builder.add(pixels([[0, 0, 255]], 2));
    const sample = builder.sample();
    expect([...sample.cells]).toEqual([63]);
    expect([...sample.counts]).toEqual([2]);
    expect([...sample.sums]).toEqual([0, 0, 510]);
    expect(builder.build().size).toBe(1);
  });
});

describe('the colour histogram', () => {
  const greys = (values: number[]) => Uint8Array.from(values.flatMap((v) => [v, v, v, 255]));

  it('keeps few colours exactly, many as 6-bit cells', () => {
    const few = new HistogramBuilder();
    few.add(greys(Array.from({ length: 256 }, (_, v) => v)));
    // 256 greys fall in 64 cells, but each keeps its own entry.
    expect(few.build().size).toBe(256);
    const many = new HistogramBuilder();
    // EXACT_COLOURS + 1 distinct colours, one pixel each.
    many.add(Uint8Array.from(Array.from({ length: EXACT_COLOURS + 1 }, (_, n) => [n & 0xff, n >> 8, 7, 255]).flat()));
    expect(many.sample().exact).toBeNull();
    expect(many.build().size).toBeLessThanOrEqual(1 << 18);
  });

  it('merges exact colours across frames as one histogram would count them', () => {
    const a = new HistogramBuilder();
    a.add(greys([10, 10, 20]));
    const b = new HistogramBuilder();
    b.add(greys([20, 30]));
    const merged = new HistogramBuilder();
    merged.merge(a.sample());
    merged.merge(b.sample());
    const one = new HistogramBuilder();
    one.add(greys([10, 10, 20, 20, 30]));
    expect(merged.build()).toEqual(one.build());
  });

  it('samples a frame shown smaller as the blends the scaled picture shows', () => {
    // 8x8, black left half, white right half, shown as 4x4: samples across the edge are grey.
    const rgba = Uint8Array.from({ length: 64 }, (_, i) => (i % 8 < 4 ? 0 : 255)).reduce<number[]>(
      (out, v) => [...out, v, v, v, 255],
      [],
    );
    const shrunk = new HistogramBuilder();
    shrunk.addShown(Uint8Array.from(rgba), { width: 8, height: 8 }, { step: 1, shown: { width: 4, height: 4 } });
    const sample = shrunk.sample();
    expect(sample.exact!.colours.length).toBeGreaterThan(2);
    expect([...sample.exact!.counts].reduce((sum, n) => sum + n, 0)).toBe(16);
    // Shown at its own size: its own two colours, every pixel.
    const same = new HistogramBuilder();
    same.addShown(Uint8Array.from(rgba), { width: 8, height: 8 }, { step: 1, shown: { width: 8, height: 8 } });
    expect([...same.sample().exact!.colours].sort((p, q) => p - q)).toEqual([0, 0xffffff]);
  });
});
