import { expect, test, type Page } from '@playwright/test';
import { encodePng, makeRgba, type Rgba } from '../fixtures/pngs';
import { FLAT_COLOURS, photoLike } from '../fixtures/content';
import { decodeGif, meanAbsoluteError } from '../support/gif';
import { startEngineHarness, type HarnessServer } from '../support/engine-harness';
import type { Harness, HarnessBatchItem, HarnessResult } from './engine-harness/harness';
import type { ConversionSettings } from '@/features/converter/rules/settings';
import {
  flipHorizontal,
  flipVertical,
  orientedSize,
  orientPoint,
  rotateLeft,
  rotateRight,
  UPRIGHT,
  type CropRect,
  type Orientation,
} from '@/features/converter/rules/framing';

/**
 * Crop, rotation and flip in the real browser engine (the harness page around it): each GIF decoded and
 * compared with the source cropped and turned here, pixel by pixel.
 */
let harness: HarnessServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  harness = await startEngineHarness();
});
test.afterAll(async () => {
  await harness?.stop();
});
test.beforeEach(async ({ page }) => {
  await page.goto(harness.url);
});

const COLOURS: [number, number, number][] = [...FLAT_COLOURS, [20, 20, 20]];

/** Flat colours in uneven bands and cells, so every turn and mirror looks different; `shift` varies a frame. */
const flat = (width: number, height: number, shift = 0): Rgba =>
  makeRgba(width, height, (x, y) => [
    ...COLOURS[(Math.floor(x / 97) + 3 * Math.floor(y / 61) + (x > y ? 1 : 0) + shift) % COLOURS.length]!,
    255,
  ]);

/** The source cropped, then oriented, the way the framing's contract defines it (orientPoint). */
function framed(source: Rgba, crop: CropRect | null, o: Orientation): Rgba {
  const c = crop ?? { x: 0, y: 0, width: source.width, height: source.height };
  const size = orientedSize(c.width, c.height, o);
  const data = new Uint8Array(size.width * size.height * 4);
  for (let y = 0; y < c.height; y++)
    for (let x = 0; x < c.width; x++) {
      const p = orientPoint(x, y, c.width, c.height, o);
      const from = ((c.y + y) * source.width + c.x + x) * 4;
      data.set(source.data.subarray(from, from + 4), (p.y * size.width + p.x) * 4);
    }
  return { ...size, data };
}

const png = (name: string, image: Rgba) => ({ name, mimeType: 'image/png', buffer: Buffer.from(encodePng(image)) });

async function convert(page: Page, files: { name: string; image: Rgba }[], settings: Partial<ConversionSettings>) {
  await page.locator('#files').setInputFiles(files.map((f) => png(f.name, f.image)));
  const result: HarnessResult = await page.evaluate(
    (s) => (window as unknown as { harness: Harness }).harness.convert(s),
    settings,
  );
  if (!result.ok) throw new Error(`conversion failed: ${result.message}`);
  return decodeGif(Uint8Array.from(result.gif));
}

const same = (a: Rgba, b: Rgba) => {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  expect(Buffer.compare(Buffer.from(a.data), Buffer.from(b.data))).toBe(0);
};

test('a 1200x800 still turned a quarter gives an 800x1200 GIF of exactly the turned pixels', async ({ page }) => {
  const source = flat(1200, 800);
  const orientation = rotateRight(UPRIGHT);
  const gif = await convert(page, [{ name: 'wide.png', image: source }], { orientation });
  expect([gif.width, gif.height]).toEqual([800, 1200]);
  same(gif.frames[0]!.image, framed(source, null, orientation));
});

test('flips and a crop at odd places, turned and mirrored, keep exactly the source pixels', async ({ page }) => {
  const source = flat(641, 359);
  for (const orientation of [flipHorizontal(UPRIGHT), flipVertical(UPRIGHT)]) {
    const gif = await convert(page, [{ name: 'flip.png', image: source }], { orientation });
    same(gif.frames[0]!.image, framed(source, null, orientation));
  }
  // A crop running off the right and bottom edges is cut there.
  const crop = { x: 137, y: 61, width: 600, height: 333 };
  const orientation = flipHorizontal(rotateLeft(UPRIGHT));
  const gif = await convert(page, [{ name: 'crop.png', image: source }], { crop, orientation });
  expect([gif.width, gif.height]).toEqual([298, 504]);
  same(gif.frames[0]!.image, framed(source, { x: 137, y: 61, width: 504, height: 298 }, orientation));
});

test('a cropped, turned photo stays close to the source, at its framed size', async ({ page }) => {
  const source = photoLike(960, 640);
  const crop = { x: 200, y: 100, width: 500, height: 400 };
  const orientation = rotateRight(UPRIGHT);
  const gif = await convert(page, [{ name: 'photo.png', image: source }], { crop, orientation });
  expect([gif.width, gif.height]).toEqual([400, 500]);
  expect(meanAbsoluteError(gif.frames[0]!.image, framed(source, crop, orientation))).toBeLessThan(5);
  // Against the uncut photo turned, the same size but other pixels: the crop is really taken.
  const uncut = framed(source, { x: 0, y: 0, width: 500, height: 400 }, orientation);
  expect(meanAbsoluteError(gif.frames[0]!.image, uncut)).toBeGreaterThan(10);
});

test('a 5-frame animation cropped and turned: every frame exactly framed, in order, with its delay', async ({
  page,
}) => {
  const frames = Array.from({ length: 5 }, (_, i) => ({ name: `frame${i + 1}.png`, image: flat(480, 270, i) }));
  const crop = { x: 33, y: 17, width: 301, height: 199 };
  const orientation = rotateLeft(UPRIGHT);
  const gif = await convert(page, frames, { mode: 'animated', frameDelay: 300, crop, orientation });
  expect([gif.width, gif.height]).toEqual([199, 301]);
  expect(gif.frames.map((f) => f.delayCs)).toEqual([30, 30, 30, 30, 30]);
  gif.frames.forEach((frame, i) => same(frame.image, framed(frames[i]!.image, crop, orientation)));
});

test('a static batch of 3: one crop clamped to each file, and a file it misses is named while the others convert', async ({
  page,
}) => {
  const files = [
    { name: 'a-big.png', image: flat(800, 600) },
    { name: 'b-small.png', image: flat(300, 200, 2) },
    { name: 'c-tiny.png', image: flat(120, 90, 4) },
  ];
  await page.locator('#files').setInputFiles(files.map((f) => png(f.name, f.image)));
  const crop = { x: 150, y: 50, width: 400, height: 300 };
  const orientation = flipVertical(UPRIGHT);
  const items: HarnessBatchItem[] = await page.evaluate(
    (s) => (window as unknown as { harness: Harness }).harness.convertEach(s),
    { crop, orientation },
  );
  expect(items.map((item) => [item.name, item.ok])).toEqual([
    ['a-big.png', true],
    ['b-small.png', true],
    ['c-tiny.png', false],
  ]);
  const [big, small, tiny] = items;
  const image = (item: HarnessBatchItem | undefined) => {
    if (!item?.ok) throw new Error('not converted');
    return decodeGif(Uint8Array.from(item.gif)).frames[0]!.image;
  };
  same(image(big), framed(files[0]!.image, crop, orientation));
  same(image(small), framed(files[1]!.image, { x: 150, y: 50, width: 150, height: 150 }, orientation));
  expect(tiny).toEqual({
    ok: false,
    name: 'c-tiny.png',
    message: 'The crop is outside c-tiny.png (120x90 pixels): move the crop or reset it, then convert again.',
  });
});
