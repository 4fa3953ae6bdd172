import { beforeAll, describe, expect, it } from 'vitest';
import { SPLIT_MIN_TOTAL_PIXELS } from '@/features/converter/rules/plan/segments';
import { BAND_SPLIT_MIN_PIXELS, bandSplitRow, inputFileName } from '@/features/converter/rules/plan/plan';
import { photoLike } from '../fixtures/content';
import type { Rgba } from '../fixtures/pngs';
import { decodeGif, meanAbsoluteError } from '../support/gif';
import { loadNodeCore, type NodeCore } from '../support/node-core';
import { convertImages } from '../support/node-engine';

let primary: NodeCore;
let helper: NodeCore;
beforeAll(async () => {
  [primary, helper] = await Promise.all([loadNodeCore(), loadNodeCore()]);
});

// Seven frames, large enough together to be split (4 on the primary core, 3 on the helper).
const [width, height, count] = [960, 600, 7];
const frames = Array.from({ length: count }, (_, i) => ({
  name: `f${i}.png`,
  image: photoLike(width, height, i + 1),
  delayMs: 100 + 10 * i,
}));

/** The picture with a fully transparent rectangle in its middle. */
function withHole(image: Rgba): Rgba {
  const data = image.data.slice();
  for (let y = height / 3; y < (2 * height) / 3; y++)
    for (let x = width / 3; x < (2 * width) / 3; x++) data[(y * width + x) * 4 + 3] = 0;
  return { ...image, data };
}

describe('an animation encoded on two cores', () => {
  it('is large enough to be split', () => {
    expect(count * width * height).toBeGreaterThanOrEqual(SPLIT_MIN_TOTAL_PIXELS);
  });

  it('gives the same frames, delays and loop as one core, and leaves both cores clean', async () => {
    const settings = { mode: 'animated' as const, loop: true };
    const split = decodeGif((await convertImages(primary, frames, settings, undefined, helper)).gif);
    const single = decodeGif((await convertImages(primary, frames, settings)).gif);

    expect(split.frames).toHaveLength(count);
    expect(split.frames.map((f) => f.delayCs)).toEqual([10, 11, 12, 13, 14, 15, 16]);
    expect(split.loopCount).toBe(0);
    split.frames.forEach((frame, i) => {
      // One palette for all frames: the split output shows exactly what the single-core output shows.
      expect(meanAbsoluteError(frame.image, single.frames[i]!.image)).toBe(0);
      expect(meanAbsoluteError(frame.image, frames[i]!.image)).toBeLessThan(8);
      expect(meanAbsoluteError(frame.image, frames[(i + 1) % count]!.image)).toBeGreaterThan(
        meanAbsoluteError(frame.image, frames[i]!.image),
      );
    });
    expect(primary.listFiles()).toEqual([]);
    expect(helper.listFiles()).toEqual([]);
  });

  it('hands each core only the frames it encodes', async () => {
    const written = { primary: [] as string[], helper: [] as string[] };
    const record = (core: NodeCore, into: string[]) => {
      const writeFile = core.writeFile.bind(core);
      core.writeFile = (path, data) => {
        if (path.endsWith('.rgba')) into.push(path);
        return writeFile(path, data);
      };
      return () => (core.writeFile = writeFile);
    };
    const restore = [record(primary, written.primary), record(helper, written.helper)];
    try {
      await convertImages(primary, frames, { mode: 'animated' }, undefined, helper);
    } finally {
      restore.forEach((undo) => undo());
    }
    expect(written.primary).toEqual([0, 1, 2, 3].map(inputFileName));
    expect(written.helper).toEqual([4, 5, 6].map(inputFileName));
  });

  it('keeps transparency on both halves', async () => {
    const holed = frames.map((frame) => ({ ...frame, image: withHole(frame.image) }));
    const { gif } = await convertImages(primary, holed, { mode: 'animated' }, undefined, helper);
    const decoded = decodeGif(gif);
    expect(decoded.frames).toHaveLength(count);
    for (const frame of decoded.frames) {
      expect(frame.image.data[((height >> 1) * width + (width >> 1)) * 4 + 3]).toBe(0);
      expect(frame.image.data[3]).toBe(255);
    }
  });
});

describe('a large still mapped in two bands on two cores', () => {
  // Scaled down to 1920x1440 by the core: each core scales and maps its own band's rows.
  const still = [{ name: 'big.png', image: photoLike(2400, 1800, 3) }];

  it('is large enough to be split, at a row on the ordered pattern', () => {
    expect(1920 * 1440).toBeGreaterThanOrEqual(BAND_SPLIT_MIN_PIXELS);
    expect(bandSplitRow(1440)).toBe(720);
    expect(bandSplitRow(1081) % 8).toBe(0);
  });

  it('without dithering, shows exactly what one core shows, and leaves both cores clean', async () => {
    const settings = { mode: 'static' as const, dither: 'none' as const, quality: 80 };
    const banded = await convertImages(primary, still, settings, undefined, helper);
    expect(banded.plan.split?.by).toBe('bands');
    const split = decodeGif(banded.gif);
    const single = decodeGif((await convertImages(primary, still, settings)).gif);
    expect(split.frames).toHaveLength(1);
    const frame = split.frames[0]!.image;
    expect([frame.width, frame.height]).toEqual([1920, 1440]);
    expect(meanAbsoluteError(frame, single.frames[0]!.image)).toBe(0);
    expect(primary.listFiles()).toEqual([]);
    expect(helper.listFiles()).toEqual([]);
  });

  it("gives the helper only the picture's rows its band reads", async () => {
    const settings = { mode: 'static' as const, dither: 'none' as const, quality: 80 };
    // Scaled: from a few rows above the seam's source row (the Lanczos window); as it is: from the seam.
    const scaled = (await convertImages(primary, still, settings, undefined, helper)).plan.split!;
    const scaledFrom = Number(scaled.runs[1].args[scaled.runs[1].args.indexOf('-frame-rows') + 1]);
    expect(scaledFrom).toBeGreaterThan(890);
    expect(scaledFrom).toBeLessThan(900); // row 720 of 1440 is source row 900 of 1800
    const flat = [{ name: 'flat.png', image: photoLike(1600, 1000, 4) }];
    const banded = await convertImages(primary, flat, settings, undefined, helper);
    const rows = banded.plan.split!.runs[1].args;
    expect(rows.slice(rows.indexOf('-frame-rows'), rows.indexOf('-frame-rows') + 2)).toEqual([
      '-frame-rows',
      String(bandSplitRow(1000)),
    ]);
    const single = decodeGif((await convertImages(primary, flat, settings)).gif).frames[0]!.image;
    expect(meanAbsoluteError(decodeGif(banded.gif).frames[0]!.image, single)).toBe(0);
    expect(helper.listFiles()).toEqual([]);
  });

  it('runs dithered soft edges on across the seam: the same pattern as one core', async () => {
    // A soft fade across the whole picture, scaled by the core (2400x1800 → 1920x1440) and dithered after.
    const image = photoLike(2400, 1800, 6);
    const data = image.data.slice();
    for (let y = 0; y < 1800; y++) for (let x = 0; x < 2400; x++) data[(y * 2400 + x) * 4 + 3] = Math.floor(x / 10);
    const faded = [{ name: 'faded.png', image: { ...image, data } }];
    const settings = { mode: 'static' as const, dither: 'none' as const, quality: 80, softEdges: 'dither' as const };
    const banded = await convertImages(primary, faded, settings, undefined, helper);
    expect(banded.plan.split?.by).toBe('bands');
    const split = decodeGif(banded.gif).frames[0]!.image;
    const single = decodeGif((await convertImages(primary, faded, settings)).gif).frames[0]!.image;
    expect(Buffer.from(split.data).equals(Buffer.from(single.data))).toBe(true);
    // Patterned, not cut: at a quarter opacity (source column 640 → GIF column 512) a quarter stays opaque.
    let opaque = 0;
    for (let y = 700; y < 740; y++)
      for (let x = 508; x < 516; x++) opaque += split.data[(y * 1920 + x) * 4 + 3] === 255 ? 1 : 0;
    expect(opaque / (40 * 8)).toBeCloseTo(0.25, 1);
  });

  it('keeps a transparent hole across the seam of the bands', async () => {
    // A transparent rectangle over the middle rows of the source: across the bands' seam once scaled.
    const image = photoLike(2400, 1800, 5);
    const data = image.data.slice();
    for (let y = 700; y < 1100; y++) for (let x = 800; x < 1600; x++) data[(y * 2400 + x) * 4 + 3] = 0;
    const holed = [{ name: 'holed.png', image: { ...image, data } }];
    const settings = { mode: 'static' as const, dither: 'none' as const, quality: 80 };
    const banded = await convertImages(primary, holed, settings, undefined, helper);
    expect(banded.plan.split?.by).toBe('bands');
    const split = decodeGif(banded.gif).frames[0]!.image;
    const single = decodeGif((await convertImages(primary, holed, settings)).gif).frames[0]!.image;
    expect(meanAbsoluteError(split, single)).toBe(0);
    const alphaAt = (x: number, y: number) => split.data[(y * 1920 + x) * 4 + 3];
    // Rows 716–719 and 720–723 of the 1440-row GIF sit on either side of the seam, inside the hole.
    expect([alphaAt(960, 716), alphaAt(960, 723), alphaAt(100, 720), alphaAt(960, 100)]).toEqual([0, 0, 255, 255]);
  });

  it('dithered, differs from one core only where the bottom band starts its diffusion afresh', async () => {
    const settings = { mode: 'static' as const, dither: 'diffusion' as const, quality: 100 };
    const split = decodeGif((await convertImages(primary, still, settings, undefined, helper)).gif).frames[0]!.image;
    const single = decodeGif((await convertImages(primary, still, settings)).gif).frames[0]!.image;
    const rows = (image: typeof split, from: number, to: number) => ({
      ...image,
      height: to - from,
      data: image.data.subarray(from * image.width * 4, to * image.width * 4),
    });
    // The top band is the same picture; the bottom one is as close to the source as one core's.
    expect(meanAbsoluteError(rows(split, 0, 720), rows(single, 0, 720))).toBe(0);
    const bottom = meanAbsoluteError(rows(split, 720, 1440), rows(single, 720, 1440));
    expect(bottom).toBeGreaterThan(0); // the helper mapped it
    expect(bottom).toBeLessThan(3);
  });
});
