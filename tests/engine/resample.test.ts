import { beforeAll, describe, expect, it } from 'vitest';
import { bandSourceFirstRow, frameArgument } from '@/features/converter/rules/plan/plan';
import { photoLike } from '../fixtures/content';
import { makeRgba, type Rgba } from '../fixtures/pngs';
import { lanczosScale } from '../support/lanczos';
import { loadNodeCore, type NodeCore } from '../support/node-core';

/**
 * The engine core's own Lanczos resampler (wasm-assets/core/driver/resample.c), read back as the graph
 * gets each frame (-keep-placed): held to a floating-point Lanczos-3, in bands and at odd sizes.
 */
let core: NodeCore;
beforeAll(async () => {
  core = await loadNodeCore();
});

/** The frame as the core places it on a canvas of `canvas`, scaled to `place`. */
async function placed(
  image: Rgba,
  place: { x: number; y: number; width: number; height: number },
  canvas: { width: number; height: number } = place,
  fromRow = 0,
) {
  const { code, log } = await runPlaced(image, place, canvas, fromRow);
  expect(code, log.join('\n')).toBe(0);
  const data = await core.readFile('r.rgba');
  await core.deleteFile('r.rgba');
  await core.deleteFile('r.pal');
  return { width: canvas.width, height: canvas.height, data };
}

/** The core's run on a file holding the picture's rows from `fromRow` on (-frame-rows): its code and log. */
async function runPlaced(
  image: Rgba,
  place: { x: number; y: number; width: number; height: number },
  canvas: { width: number; height: number },
  fromRow: number,
) {
  await core.writeFile('r.rgba', image.data.slice(fromRow * image.width * 4));
  const log: string[] = [];
  const unsubscribe = core.onLog((line) => log.push(line));
  const args = ['-canvas', `${canvas.width}x${canvas.height}`, '-frame', frameArgument('r.rgba', image, place, 10)];
  const rows = fromRow > 0 ? ['-frame-rows', String(fromRow)] : [];
  const code = await core.exec([
    ...args,
    ...rows,
    ...['-keep-placed', '1', '-filter', 'palettegen', '-palette-out', 'r.pal'],
  ]);
  unsubscribe();
  return { code, log };
}

const largestDifference = (a: Rgba, b: Rgba) =>
  a.data.reduce((max, v, i) => Math.max(max, Math.abs(v - b.data[i]!)), 0);

describe('engine core resampler', () => {
  it.each([
    ['shrinks', 403, 301, 190, 143],
    ['enlarges', 60, 45, 150, 111],
    ['shrinks a long strip', 1001, 4, 97, 1],
    ['shrinks tiny pictures', 5, 3, 2, 1],
    ['shrinks 2x2 to one pixel', 2, 2, 1, 1],
    ['shrinks odd sizes', 9, 7, 4, 3],
  ])('%s (%ix%i to %ix%i) within 2 of a floating-point Lanczos-3', async (_, w, h, pw, ph) => {
    const image = photoLike(w, h, 5);
    const scaled = await placed(image, { x: 0, y: 0, width: pw, height: ph });
    const reference = lanczosScale(image, pw, ph);
    expect(largestDifference(scaled, reference)).toBeLessThanOrEqual(2);
    // Not the source's own pixels picked: a nearest-neighbour scale of this grainy picture is far off.
    if (w > pw)
      expect(largestDifference(scaled, reference)).toBeLessThan(largestDifference(nearest(image, pw, ph), reference));
  });

  it('scales a band to the rows the whole scale gives', async () => {
    const image = photoLike(640, 480, 6);
    const whole = await placed(image, { x: 0, y: 0, width: 301, height: 226 });
    const top = await placed(image, { x: 0, y: 0, width: 301, height: 226 }, { width: 301, height: 113 });
    const bottom = await placed(image, { x: 0, y: -113, width: 301, height: 226 }, { width: 301, height: 113 });
    const half = 301 * 113 * 4;
    expect(top.data).toEqual(whole.data.subarray(0, half));
    expect(bottom.data).toEqual(whole.data.subarray(half));
  });

  it.each([
    ['scaled', 301, 226],
    ['placed as it is', 640, 480],
  ])(
    '%s, a bottom band reads only the rows from bandSourceFirstRow on, and fails without them',
    async (_, width, height) => {
      const image = photoLike(640, 480, 7);
      const canvas = { width, height: height / 2 };
      const place = { x: 0, y: -height / 2, width, height };
      const fromRow = bandSourceFirstRow(image, place, 0);
      expect(fromRow).toBeGreaterThan(0);
      const whole = await placed(image, place, canvas);
      expect(await placed(image, place, canvas, fromRow)).toEqual(whole);
      const late = await runPlaced(image, place, canvas, fromRow + 3);
      expect(late.code).not.toBe(0);
      expect(late.log.join('\n')).toMatch(/holds the rows from|rows missing/);
      await core.deleteFile('r.rgba');
    },
  );

  it('keeps a flat colour exact and lets no colour of fully transparent pixels in', async () => {
    // Opaque red beside transparent green: a straight-alpha filter would tint the red edge green, and a
    // scale through YUV (swscale's) gave 254 for the red.
    const image = makeRgba(200, 100, (x) => (x < 100 ? [255, 0, 0, 255] : [0, 255, 0, 0]));
    const scaled = await placed(image, { x: 0, y: 0, width: 60, height: 30 });
    for (let x = 0; x < 60; x++) {
      const i = (15 * 60 + x) * 4;
      if (scaled.data[i + 3]! >= 128) expect(scaled.data.subarray(i, i + 3)).toEqual(new Uint8Array([255, 0, 0]));
    }
  });
});

function nearest(image: Rgba, width: number, height: number): Rgba {
  return makeRgba(width, height, (x, y) => {
    const i =
      (Math.floor(((y + 0.5) * image.height) / height) * image.width + Math.floor(((x + 0.5) * image.width) / width)) *
      4;
    return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, image.data[i + 3]!];
  });
}
