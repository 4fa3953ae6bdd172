import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type Worker } from '@playwright/test';
import { GENERATED_DIR } from '../fixtures/make-fixtures';
import { smoothPhoto, smoothPhotoAt, writeBigPng } from '../fixtures/big-png';
import { decodeGif, meanAbsoluteError } from '../support/gif';
import { startEngineHarness, type HarnessServer } from '../support/engine-harness';
import { CANVAS_MAX_PIXELS } from '@/features/converter/rules/plan/decode-route';
import { CANARY_SIZE } from '@/features/converter/rules/png/pixel-trust';
import type { Harness, HarnessResult } from './engine-harness/harness';
import type { ConversionSettings } from '@/features/converter/rules/settings';

/**
 * Phone-sized limits, proved in Chromium: a 24 MP and a 48 MP PNG convert with no canvas or bitmap over
 * 16,777,216 pixels in the decode worker (iOS refuses bigger ones). Every OffscreenCanvas and ImageBitmap
 * the worker makes is recorded, and the GIF is compared with the picture made at the GIF's size.
 */
const PHOTOS = {
  '24mp': { width: 5712, height: 4284 },
  '48mp': { width: 8000, height: 6000 },
} as const;
const photoFile = (name: keyof typeof PHOTOS) => join(GENERATED_DIR, `big-photo-${name}.png`);

let harness: HarnessServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  // Made once and kept with the other generated fixtures (about 20 s for both).
  for (const [name, { width, height }] of Object.entries(PHOTOS)) {
    const file = photoFile(name as keyof typeof PHOTOS);
    if (!existsSync(file)) writeBigPng(file, width, height, smoothPhoto(width, height));
  }
  harness = await startEngineHarness();
});
test.afterAll(async () => {
  await harness?.stop();
});

/**
 * The worker's pixel-trust canary (a PNG drawn one pixel in, rules/png/pixel-trust.ts) may still be decoding when
 * the recording starts: anything that small is the canary, not the picture.
 */
const CANARY_MAX_PIXELS = (CANARY_SIZE.width + 1) * CANARY_SIZE.height;

/** The page with one decode worker, every canvas and bitmap it makes from now on recorded (their pixels). */
async function instrumentedPage(page: Page): Promise<Worker> {
  const started = page.waitForEvent('worker', {
    predicate: async (worker) =>
      (await worker.evaluate(() => (self as unknown as { name: string }).name)) === 'png-decoder',
  });
  await page.goto(`${harness.url}?decoders=1`);
  const worker = await started;
  await worker.evaluate(`(() => {
    const made = (self.madePixels = []);
    const record = (kind, pixels) => { if (pixels > ${CANARY_MAX_PIXELS}) made.push([kind, pixels]); };
    const Canvas = self.OffscreenCanvas;
    self.OffscreenCanvas = class extends Canvas {
      constructor(width, height) { super(width, height); record('canvas', width * height); }
    };
    const create = self.createImageBitmap;
    self.createImageBitmap = async (...args) => {
      const bitmap = await create(...args);
      record('bitmap', bitmap.width * bitmap.height);
      return bitmap;
    };
  })()`);
  return worker;
}

const made = (worker: Worker) =>
  worker.evaluate(() => (self as unknown as { madePixels: [string, number][] }).madePixels);

async function convert(page: Page, file: string, settings: Partial<ConversionSettings>): Promise<HarnessResult> {
  await page.locator('#files').setInputFiles(file);
  return page.evaluate((s) => (window as unknown as { harness: Harness }).harness.convert(s), settings);
}

/**
 * The GIF against the picture made at its size: the palette's dither alone leaves a few levels (about 4
 * here); a wrong or missing band, a shift or noise gives tens.
 */
function expectPicture(gif: ReturnType<typeof decodeGif>, rows?: [number, number]) {
  const { width, height } = gif;
  const expected = { width, height, data: smoothPhotoAt(width, height) };
  expect(meanAbsoluteError(gif.frames[0]!.image, expected)).toBeLessThan(6);
  if (!rows) return;
  const band = (image: { data: Uint8Array }) => ({
    width,
    height: rows[1] - rows[0],
    data: image.data.subarray(rows[0] * width * 4, rows[1] * width * 4),
  });
  expect(meanAbsoluteError(band(gif.frames[0]!.image), band(expected))).toBeLessThan(6);
}

function gifOf(result: HarnessResult) {
  if (!result.ok) throw new Error(`conversion failed: ${result.message}`);
  return decodeGif(Uint8Array.from(result.gif));
}

test('a 24 MP PNG is decoded by the browser in two bands under the cap, and the core scales it whole', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const worker = await instrumentedPage(page);
  const result = await convert(page, photoFile('24mp'), {});
  // Chromium's read-back is the truth: its decode is used.
  expect(result).toMatchObject({ ok: true, readBackHidden: false });
  const gif = gifOf(result);
  expect([gif.width, gif.height]).toEqual([1920, 1440]);
  // Where the two bands meet (source row 2142, GIF row 720) the picture goes on as anywhere else.
  expectPicture(gif, [712, 728]);
  const sizes = await made(worker);
  expect(sizes.filter(([kind, pixels]) => kind === 'bitmap' && pixels === 5712 * 2142)).toHaveLength(2);
  expect(Math.max(...sizes.map(([, pixels]) => pixels))).toBeLessThanOrEqual(CANVAS_MAX_PIXELS);
});

test('a 48 MP PNG is shrunk by the browser into one bitmap under the cap', async ({ page }) => {
  test.setTimeout(120_000);
  const worker = await instrumentedPage(page);
  const gif = gifOf(await convert(page, photoFile('48mp'), {}));
  expect([gif.width, gif.height]).toEqual([1920, 1440]);
  expectPicture(gif);
  const sizes = await made(worker);
  expect(sizes).toContainEqual(['bitmap', 3840 * 2880]);
  expect(Math.max(...sizes.map(([, pixels]) => pixels))).toBeLessThanOrEqual(CANVAS_MAX_PIXELS);
});

test('a 48 MP PNG at 3840x2160, whose pre-shrunk frame is over the cap, is decoded by the converter, no canvas at all', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const worker = await instrumentedPage(page);
  const gif = gifOf(await convert(page, photoFile('48mp'), { resize: true, width: 3840, height: 2160 }));
  expect([gif.width, gif.height]).toEqual([2880, 2160]);
  expectPicture(gif);
  expect(await made(worker)).toEqual([]);
});
