import { GifReader } from 'omggif';
import { describe, expect, it } from 'vitest';
import { writeGif } from './file';
import { decodeLzw, encodeInBands, encodeLzw, joinBands, NOTHING, packColour, type LzwImage } from './lzw';
import { perceivedError } from './frame-diff';
import { lzw } from '../../../../../tests/support/node-lzw';

function random(seed: number) {
  return () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
}

/** A smooth ramp of 256 colours with noise: what a dithered photo's indices look like. */
function rampPalette(): Uint8Array {
  const palette = new Uint8Array(256 * 3);
  for (let i = 0; i < 256; i++) palette.set([i, (i * 3) >> 2, 255 - i], i * 3);
  return palette;
}

function noisyRamp(width: number, height: number, noise: number, seed = 1): Uint8Array {
  const next = random(seed);
  const indices = new Uint8Array(width * height);
  for (let p = 0; p < indices.length; p++) {
    const value = ((p % width) / width) * 230 + next() * noise;
    indices[p] = Math.min(255, Math.floor(value));
  }
  return indices;
}

const image = (indices: Uint8Array, width: number, extra: Partial<LzwImage> = {}): LzwImage => ({
  width,
  height: indices.length / width,
  indices,
  palette: rampPalette(),
  transparentIndex: null,
  under: null,
  minCodeSize: 8,
  ...extra,
});

/** Decodes with omggif, an independent decoder, through a one-frame GIF. */
function omggifIndices(data: Uint8Array, img: LzwImage): Uint8Array {
  const { width, height } = img;
  const gif = writeGif({
    width,
    height,
    globalPalette: img.palette,
    backgroundIndex: 0,
    loopCount: null,
    frames: [
      {
        left: 0,
        top: 0,
        width,
        height,
        localPalette: null,
        transparentIndex: null,
        disposal: 0,
        delayCs: 0,
        interlaced: false,
        minCodeSize: img.minCodeSize,
        data,
      },
    ],
  });
  const rgba = new Uint8Array(width * height * 4);
  new GifReader(gif).decodeAndBlitFrameRGBA(0, rgba);
  const byColour = new Map<number, number>();
  for (let i = img.palette.length / 3 - 1; i >= 0; i--) byColour.set(packColour(img.palette, i), i);
  return Uint8Array.from({ length: width * height }, (_, p) =>
    byColour.get((rgba[p * 4]! << 16) | (rgba[p * 4 + 1]! << 8) | rgba[p * 4 + 2]!)!,
  );
}

/** How far off index `a` looks for `b`, in levels: the root of the encoder's measure (perceivedError). */
const distance = (palette: Uint8Array, a: number, b: number) =>
  Math.sqrt(
    perceivedError(
      palette[a * 3]! - palette[b * 3]!,
      palette[a * 3 + 1]! - palette[b * 3 + 1]!,
      palette[a * 3 + 2]! - palette[b * 3 + 2]!,
    ),
  );

describe('LZW, lossless', () => {
  it.each([
    ['noise over every index (table clears)', 160, noisyRamp(160, 100, 40)],
    ['long flat runs', 97, new Uint8Array(97 * 61).map((_, p) => (p >> 9) & 3)],
    ['a single pixel', 1, Uint8Array.of(7)],
  ])('round-trips %s through our decoder and omggif', (_, width, indices) => {
    const img = image(indices, width);
    const { data, written } = encodeLzw(lzw, img, 0);
    expect(written).toEqual(indices);
    expect(decodeLzw(data, 8, indices.length)).toEqual(indices);
    expect(omggifIndices(data, img)).toEqual(indices);
  });

  it('uses the smallest code size the palette allows', () => {
    const indices = new Uint8Array(64 * 64).map((_, p) => (p * 7) % 4);
    const small = encodeLzw(lzw, image(indices, 64, { minCodeSize: 2 }), 0);
    const wide = encodeLzw(lzw, image(indices, 64), 0);
    expect(decodeLzw(small.data, 2, indices.length)).toEqual(indices);
    expect(
      omggifIndices(small.data, image(indices, 64, { minCodeSize: 2, palette: rampPalette().slice(0, 12) })),
    ).toEqual(indices);
    expect(small.data.length).toBeLessThan(wide.data.length);
  });

  it('writes the transparent index or the same colour where the canvas already shows it', () => {
    const width = 120;
    const indices = noisyRamp(width, 80, 30, 5).map((index) => Math.min(254, index));
    const t = 255;
    // The canvas already shows this picture on its left half: those pixels may be written either way.
    const colours = Int32Array.from({ length: 256 }, (_, i) => packColour(rampPalette(), i));
    const under = Uint16Array.from(indices, (index, p) => (p % width < 60 ? index : NOTHING));
    const cut = indices.map((index, p) => (p % width < 60 ? t : index));
    const img = image(cut, width, { transparentIndex: t, under });
    const { data, written } = encodeLzw(lzw, img, 0);
    expect(decodeLzw(data, 8, cut.length)).toEqual(written);
    written.forEach((index, p) => {
      const shown = index === t ? (under[p] === NOTHING ? 'clear' : colours[under[p]!]) : colours[index];
      expect(shown).toBe(colours[indices[p]!]);
    });
    expect(data.length).toBeLessThan(encodeLzw(lzw, image(indices, width), 0).data.length);
  });
});

describe('LZW, lossy', () => {
  const width = 256;
  const indices = noisyRamp(width, 128, 24, 9);
  const palette = rampPalette();

  it.each([100, 200, 800])(
    'at budget %i decodes (omggif) to what it wrote, every pixel within the budget',
    (budget) => {
      const img = image(indices, width);
      const { data, written } = encodeLzw(lzw, img, budget);
      expect(omggifIndices(data, img)).toEqual(written);
      // The carried error is at most ¾ of the budget's root, so no pixel is off by more than 1¾ of it.
      let total = 0;
      written.forEach((index, p) => {
        const off = distance(palette, index, indices[p]!);
        expect(off).toBeLessThanOrEqual(1.75 * Math.sqrt(budget) + 1);
        total += off;
      });
      expect(total / written.length).toBeLessThan(Math.sqrt(budget));
    },
  );

  it('shrinks as the budget grows, and budget 0 is exact', () => {
    const sizes = [0, 50, 200, 800].map((budget) => encodeLzw(lzw, image(indices, width), budget).data.length);
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThan(sizes[i - 1]!);
    expect(encodeLzw(lzw, image(indices, width), 0).written).toEqual(indices);
  });

  it('never shows a colour where the picture is transparent, nor the reverse', () => {
    const t = 0;
    const holes = indices.map((index, p) => (p % 17 < 5 ? t : Math.max(1, index)));
    const { written } = encodeLzw(lzw, image(holes, width, { transparentIndex: t }), 5000);
    written.forEach((index, p) => expect(index === t).toBe(holes[p] === t));
  });

  it('keeps no drift along a row: a gradient stays as bright on average', () => {
    const { written } = encodeLzw(lzw, image(indices, width), 400);
    for (let y = 0; y < 128; y += 16) {
      let before = 0;
      let after = 0;
      for (let x = 0; x < width; x++) {
        before += palette[indices[y * width + x]! * 3]!;
        after += palette[written[y * width + x]! * 3]!;
      }
      expect(Math.abs(after - before) / width).toBeLessThan(4);
    }
  });
});

describe('LZW in two bands of rows (two threads)', () => {
  const width = 160;
  // In this thread, as another worker would: its own copies of the band's arrays.
  const elsewhere = ({ image: band, errorBudget, band: place }: Parameters<Parameters<typeof encodeInBands>[3]>[0]) =>
    Promise.resolve(
      encodeLzw(
        lzw,
        { ...band, indices: band.indices.slice(), under: band.under?.slice() ?? null, budgets: band.budgets?.slice() },
        errorBudget,
        place,
      ),
    );

  it.each([
    ['an even number of rows, table clears in each band', noisyRamp(width, 100, 40)],
    ['an odd number of rows', noisyRamp(width, 37, 10, 3)],
    ['two rows', noisyRamp(width, 2, 10, 4)],
  ])('lossless, %s: one stream that decodes (ours and omggif) to the picture', async (_, indices) => {
    const img = image(indices, width);
    const { data, bits, written } = await encodeInBands(lzw, img, 0, elsewhere);
    expect(written).toEqual(indices);
    expect(Math.ceil(bits / 8)).toBe(data.length);
    expect(decodeLzw(data, 8, indices.length)).toEqual(indices);
    expect(omggifIndices(data, img)).toEqual(indices);
    // One fresh dictionary more than a single encode: a little larger, never much.
    const single = encodeLzw(lzw, img, 0).data.length;
    expect(data.length).toBeGreaterThanOrEqual(single * 0.98);
    expect(data.length).toBeLessThan(single * 1.1 + 64);
  });

  it('lossy: decodes (omggif) to what it wrote, each pixel within the budget, the lower band too', async () => {
    const indices = noisyRamp(256, 128, 24, 9);
    const img = image(indices, 256);
    const budget = 400;
    const { data, written } = await encodeInBands(lzw, img, budget, elsewhere);
    expect(omggifIndices(data, img)).toEqual(written);
    written.forEach((index, p) =>
      expect(distance(rampPalette(), index, indices[p]!)).toBeLessThanOrEqual(1.75 * Math.sqrt(budget) + 1),
    );
    expect(written).not.toEqual(indices);
    expect(written.subarray(64 * 256)).not.toEqual(indices.subarray(64 * 256));
    expect(data.length).toBeLessThan(encodeLzw(lzw, img, 0).data.length);
  });

  it('joins streams at every bit offset', () => {
    for (const shift of [0, 1, 5, 7]) {
      const upper = {
        data: Uint8Array.of(0b1010_1010, shift ? 0b0101_0101 >> (8 - shift) : 0).subarray(0, shift ? 2 : 1),
        bits: 8 + shift,
        written: Uint8Array.of(1),
      };
      const lower = { data: Uint8Array.of(0xff, 0x81), bits: 16, written: Uint8Array.of(2, 3) };
      const joined = joinBands(upper, lower);
      expect(joined.bits).toBe(24 + shift);
      expect(joined.data.length).toBe(Math.ceil((24 + shift) / 8));
      const bitAt = (bytes: Uint8Array, i: number) => (bytes[i >> 3]! >> (i & 7)) & 1;
      for (let i = 0; i < upper.bits; i++) expect(bitAt(joined.data, i)).toBe(bitAt(upper.data, i));
      for (let i = 0; i < lower.bits; i++) expect(bitAt(joined.data, upper.bits + i)).toBe(bitAt(lower.data, i));
      expect(joined.written).toEqual(Uint8Array.of(1, 2, 3));
    }
  });
});

describe("the encoder's wasm instance", () => {
  const width = 200;
  const indices = noisyRamp(width, 90, 30, 11);
  const t = 255;
  const under = Uint16Array.from(indices, (index, p) => (p % 3 === 0 ? index : NOTHING));
  const differenced = image(
    indices.map((index, p) => (p % 3 === 0 ? t : Math.min(254, index))),
    width,
    { transparentIndex: t, under },
  );

  it('writes the same bytes for the same frame whatever it encoded before (no state left between encodes)', () => {
    const first = [encodeLzw(lzw, differenced, 0), encodeLzw(lzw, image(indices, width), 300)];
    // Lossy with per-pixel budgets, a clear canvas, another code size: then the same two again.
    const budgets = new Uint16Array(indices.length).map((_, p) => (p % 7) * 100);
    encodeLzw(lzw, image(indices, width, { budgets }), 500);
    encodeLzw(
      lzw,
      image(
        indices.map((index) => index & 3),
        width,
        { minCodeSize: 2 },
      ),
      0,
    );
    const again = [encodeLzw(lzw, differenced, 0), encodeLzw(lzw, image(indices, width), 300)];
    expect(again).toEqual(first);
  });

  it("takes each pixel's own budget in place of the frame's", () => {
    // No error allowed on the left half, a large one on the right.
    const budgets = new Uint16Array(indices.length).map((_, p) => (p % width < width / 2 ? 0 : 2000));
    const img = image(indices, width, { budgets });
    const { data, written } = encodeLzw(lzw, img, 400);
    expect(omggifIndices(data, img)).toEqual(written);
    // Exact where the budget is 0: a row starts there, and a new row carries no error from the last one.
    const left = (bytes: Uint8Array) => bytes.filter((_, p) => p % width < width / 2);
    expect(left(written)).toEqual(left(indices));
    expect(written).not.toEqual(indices);
  });

  it('encodes a frame far bigger than the last, then a small one again (its memory grows, then is let go)', () => {
    // 7 Mpixels: 84 MB of the instance's memory, more than it keeps (runtime/lzw-encoder.ts).
    const big = noisyRamp(2800, 2500, 20, 2);
    const { data, written } = encodeLzw(lzw, image(big, 2800), 0);
    // Buffers compare in milliseconds where toEqual walks 7 million elements.
    expect(Buffer.from(written).equals(big)).toBe(true);
    expect(Buffer.from(decodeLzw(data, 8, big.length)).equals(big)).toBe(true);
    const small = encodeLzw(lzw, differenced, 0);
    expect(decodeLzw(small.data, 8, indices.length)).toEqual(small.written);
  });
});

describe('decodeLzw', () => {
  it('stops at the end code and leaves missing pixels at index 0', () => {
    // Code size 3 for min size 2: clear (4), 1, 2, end (5) → pixels 1, 2 then zeros.
    const codes = [4, 1, 2, 5];
    let bits = 0;
    codes.forEach((code, i) => (bits |= code << (i * 3)));
    const data = new Uint8Array([bits & 0xff, (bits >> 8) & 0xff]);
    expect(Array.from(decodeLzw(data, 2, 4))).toEqual([1, 2, 0, 0]);
  });
});
