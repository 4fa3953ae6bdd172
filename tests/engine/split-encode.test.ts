import { beforeAll, describe, expect, it } from 'vitest';
import { SPLIT_MIN_TOTAL_PIXELS } from '@/features/converter/rules/segments';
import { photoLike } from '../fixtures/content';
import type { Rgba } from '../fixtures/pngs';
import { decodeGif, meanAbsoluteError } from '../support/gif';
import { loadNodeFFmpeg, type NodeFFmpeg } from '../support/node-ffmpeg';
import { convertImages } from '../support/node-engine';

let primary: NodeFFmpeg;
let helper: NodeFFmpeg;
beforeAll(async () => {
  [primary, helper] = await Promise.all([loadNodeFFmpeg(), loadNodeFFmpeg()]);
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
