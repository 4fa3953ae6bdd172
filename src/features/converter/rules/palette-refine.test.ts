import { describe, expect, it } from 'vitest';
import { fromOkLab, HistogramBuilder, okLab, refinePalette, refinePaletteFile } from './palette-refine';

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
