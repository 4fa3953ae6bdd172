import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CORPUS_DIR, FIXTURES, GENERATED_DIR } from '../fixtures/make-fixtures';
import { VALID_FIXTURES } from '../fixtures/catalogue';
import { numberedFrame } from '../fixtures/content';
import { decodePng, encodePng, makeRgba, type Rgba } from '../fixtures/pngs';
import { readFileSync, writeFileSync } from 'node:fs';
import { decodeGif, meanAbsoluteError } from '../support/gif';
import { startEngineHarness, type HarnessServer } from '../support/engine-harness';
import { workerNames } from './support/worker-names';
import type { Harness, HarnessResult } from './engine-harness/harness';
import type { ConversionSettings } from '@/features/converter/rules/settings';
import type { ConversionProgress } from '@/features/converter/rules/contracts';

/**
 * The real browser engine in Chromium, driven through a small harness page (see engine-harness/):
 * native PNG decoding in a worker, ffmpeg.wasm in its worker, GIFs decoded and checked here.
 */
let harness: HarnessServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  harness = await startEngineHarness();
});
test.afterAll(async () => {
  await harness?.stop();
});

const fixture = (name: string) => join(GENERATED_DIR, name);

async function convert(
  page: Page,
  files: string[],
  settings: Partial<ConversionSettings>,
  cancelAt?: ConversionProgress['stage'],
  frameDelays?: (number | null)[],
  abortGraceMs?: number,
): Promise<HarnessResult> {
  await page.locator('#files').setInputFiles(files);
  const args = [settings, cancelAt ?? null, frameDelays ?? null, abortGraceMs ?? null] as const;
  return page.evaluate(
    ([s, c, d, g]) =>
      (window as unknown as { harness: Harness }).harness.convert(s, c ?? undefined, d ?? undefined, g ?? undefined),
    args,
  );
}

/**
 * Counts the GIF optimiser workers the page starts from now on. An engine instance replaces them only when
 * it stops a job, and starts the new ones when a job needs them.
 */
function countOptimiserStarts(page: Page): () => Promise<number> {
  const names = workerNames(page);
  return async () => (await names()).filter((name) => name === 'gif-optimiser').length;
}

function gifOf(result: HarnessResult) {
  if (!result.ok) throw new Error(`conversion failed: ${result.message}`);
  return decodeGif(Uint8Array.from(result.gif));
}

test.beforeEach(async ({ page }) => {
  await page.goto(harness.url);
});

const frames = FIXTURES.frames.map((f) => fixture(f.name));

test('animated, 3 frames, 200 ms, loop on: every frame in order, 20 cs each, looping forever', async ({ page }) => {
  const result = await convert(page, frames, { mode: 'animated', frameDelay: 200, loop: true });
  expect(result).toMatchObject({ ok: true, type: 'image/gif', width: 96, height: 64, frameCount: 3 });
  if (result.ok) expect(result.fileName).toMatch(/^converted_animated_\d+\.gif$/);
  const gif = gifOf(result);
  expect(gif.loopCount).toBe(0);
  expect(gif.frames.map((f) => f.delayCs)).toEqual([20, 20, 20]);
  gif.frames.forEach((frame, i) => expect(meanAbsoluteError(frame.image, numberedFrame(96, 64, i))).toBeLessThan(2));
});

test('animated, 3 frames, 200 ms, loop off: plays once', async ({ page }) => {
  const gif = gifOf(await convert(page, frames, { mode: 'animated', frameDelay: 200, loop: false }));
  expect(gif.loopCount).toBeNull();
  expect(gif.frames.map((f) => f.delayCs)).toEqual([20, 20, 20]);
});

test('per-frame delays override the frame delay, in exact centiseconds', async ({ page }) => {
  const gif = gifOf(await convert(page, frames, { mode: 'animated', frameDelay: 500 }, undefined, [100, null, 1230]));
  expect(gif.frames.map((f) => f.delayCs)).toEqual([10, 50, 123]);
});

test('progress passes 5/30/80/100 in stage order, never backwards', async ({ page }) => {
  const result = await convert(page, frames, { mode: 'animated' });
  const percents = result.progress.map((p) => p.progress);
  expect(percents).toEqual(percents.toSorted((a, b) => a - b));
  const firstOf = (stage: ConversionProgress['stage']) => result.progress.find((p) => p.stage === stage)?.progress;
  expect([firstOf('preparing'), firstOf('processing'), firstOf('finalizing'), firstOf('complete')]).toEqual([
    5, 30, 80, 100,
  ]);
});

test('frames of other sizes are fitted and centred; a large PNG is capped at 1920', async ({ page }) => {
  const fitted = gifOf(
    await convert(page, [fixture(FIXTURES.wide.name), fixture(FIXTURES.square.name)], { mode: 'animated' }),
  );
  expect([fitted.width, fitted.height]).toEqual([200, 100]);
  const second = fitted.frames[1]!.image;
  const pixel = (x: number, y: number) => [...second.data.subarray((y * 200 + x) * 4, (y * 200 + x) * 4 + 4)];
  expect(pixel(10, 50)[3]).toBe(0);
  expect(pixel(190, 50)[3]).toBe(0);
  expect(pixel(100, 50)).toEqual([30, 200, 30, 255]);

  const capped = gifOf(await convert(page, [fixture(FIXTURES.large.name)], {}));
  expect([capped.width, capped.height]).toEqual([1920, 480]);
});

test('PNG transparency becomes GIF transparency', async ({ page }) => {
  const gif = gifOf(await convert(page, [fixture(FIXTURES.hole.name)], {}));
  const alpha = (x: number, y: number) => gif.frames[0]!.image.data[(y * 60 + x) * 4 + 3];
  expect(alpha(30, 22)).toBe(0);
  expect(alpha(2, 2)).toBe(255);
});

test('converted again at the same settings: the same GIF from the kept decode and its facts, the matte blended again', async ({
  page,
}) => {
  // A dark red disc whose edge fades out: alpha 146 at radius 19.
  const soft = makeRgba(80, 60, (x, y) => {
    const alpha = Math.max(0, Math.min(255, Math.round(255 * (1 - (Math.hypot(x - 40, y - 30) - 15) / 9.4))));
    return [120, 20, 20, alpha];
  });
  await page
    .locator('#files')
    .setInputFiles([{ name: 'soft.png', mimeType: 'image/png', buffer: Buffer.from(encodePng(soft)) }]);
  // The same File each time: the first conversion takes its decode, made ahead again for the second.
  const [first, again, unmatted] = await page.evaluate(async () => {
    const { harness: h } = window as unknown as { harness: Harness };
    return [
      await h.convert({ matte: '#ffffff' }),
      await h.convert({ matte: '#ffffff' }),
      await h.convert({ matte: null }),
    ];
  });
  expect(Uint8Array.from(again.ok ? again.gif : [])).toEqual(Uint8Array.from(first.ok ? first.gif : [0]));
  const edge = (result: HarnessResult) => {
    const image = gifOf(result).frames[0]!.image;
    const i = (30 * 80 + 40 + 19) * 4;
    return [...image.data.subarray(i, i + 4)];
  };
  // 57 % dark red over white, opaque; without a matte, the dark red itself.
  const [r, g, , a] = edge(again);
  expect([a, r! > 175, g! > 85]).toEqual([255, true, true]);
  const [r0, g0, , a0] = edge(unmatted);
  expect([a0, r0! < 140, g0! < 40]).toEqual([255, true, true]);
});

test('a broken PNG fails naming the file, and the next conversion works', async ({ page }) => {
  const broken = await convert(page, [join(GENERATED_DIR, 'corpus', 'x-broken-crc.png')], {});
  expect(broken).toMatchObject({
    ok: false,
    message: 'Failed to load image: x-broken-crc.png (bad CRC in IDAT chunk)',
  });
  expect(gifOf(await convert(page, [fixture(FIXTURES.pattern.name)], {})).width).toBe(160);
});

test('an animation with a broken file among good ones fails naming it, checked while the others decode', async ({
  page,
}) => {
  const broken = join(GENERATED_DIR, 'corpus', 'x-broken-crc.png');
  // Its start is well-formed (the bad CRC is in its image data): the engine starts before its check ends.
  expect(await convert(page, [frames[0]!, frames[1]!, broken, frames[2]!], { mode: 'animated' })).toMatchObject({
    ok: false,
    message: 'Failed to load image: x-broken-crc.png (bad CRC in IDAT chunk)',
  });
  // The first broken file is the one named, whatever comes after it.
  expect(
    await convert(page, [broken, frames[0]!, join(GENERATED_DIR, 'corpus', 'ct2-8bit-33x17.png')], {
      mode: 'animated',
    }),
  ).toMatchObject({
    ok: false,
    message: 'Failed to load image: x-broken-crc.png (bad CRC in IDAT chunk)',
  });
  expect(gifOf(await convert(page, frames, { mode: 'animated' })).frames).toHaveLength(3);
});

test('an animated job with no files fails with "No files provided"', async ({ page }) => {
  expect(await convert(page, [], { mode: 'animated' })).toMatchObject({ ok: false, message: 'No files provided' });
});

test('cancel in the middle stops at once with an AbortError; then a conversion succeeds', async ({ page }) => {
  const heavy = FIXTURES.heavy.map((f) => fixture(f.name));
  for (const stage of ['preparing', 'processing'] as const) {
    const cancelled = await convert(page, heavy, { mode: 'animated' }, stage);
    expect(cancelled).toMatchObject({ ok: false, name: 'AbortError', progressAfterCancel: 0 });
    expect(cancelled.progress.at(-1)?.stage).toBe(stage);
    const gif = gifOf(await convert(page, frames, { mode: 'animated', frameDelay: 200 }));
    expect(gif.frames).toHaveLength(3);
  }
});

test('a cancel with a grace lets a short job finish on the warm engine: an AbortError, and no worker replaced', async ({
  page,
}) => {
  gifOf(await convert(page, frames, { mode: 'animated' }));
  const optimiserStarts = countOptimiserStarts(page);
  const cancelled = await convert(page, frames, { mode: 'animated' }, 'processing', undefined, 10_000);
  expect(cancelled).toMatchObject({ ok: false, name: 'AbortError', progressAfterCancel: 0 });
  const gif = gifOf(await convert(page, frames, { mode: 'animated', frameDelay: 200 }));
  expect(gif.frames).toHaveLength(3);
  expect(await optimiserStarts()).toBe(0);
});

test('a grace that runs out stops the job as a cancel does; then a conversion succeeds', async ({ page }) => {
  gifOf(await convert(page, frames, { mode: 'animated' }));
  const optimiserStarts = countOptimiserStarts(page);
  const heavy = FIXTURES.heavy.map((f) => fixture(f.name));
  const cancelled = await convert(page, heavy, { mode: 'animated' }, 'processing', undefined, 1);
  expect(cancelled).toMatchObject({ ok: false, name: 'AbortError', progressAfterCancel: 0 });
  const gif = gifOf(await convert(page, frames, { mode: 'animated', frameDelay: 200 }));
  expect(gif.frames).toHaveLength(3);
  expect(await optimiserStarts()).toBeGreaterThan(0);
});

test('big lossy frames: each lower band is encoded on the partner optimiser worker, and the GIF stays close to the PNGs', async ({
  page,
}) => {
  const workers = workerNames(page);
  const [first, second] = FIXTURES.heavy.map((f) => fixture(f.name));
  const png = decodePng(readFileSync(first!));
  const lossless = gifOf(await convert(page, [first!], { quality: 100 }));
  expect(meanAbsoluteError(lossless.frames[0]!.image, png)).toBeLessThan(4);
  // No pass: the core wrote this GIF. (The optimiser workers themselves may have warmed up meanwhile: they
  // do a second after the core is in when no job has started, which a slow machine's first job can miss.)
  expect(await lastStages(page)).toMatchObject({ optimise: 0 });

  const stillResult = await convert(page, [first!], { quality: 70 });
  const still = gifOf(stillResult);
  expect([still.width, still.height]).toEqual([1280, 720]);
  const error = meanAbsoluteError(still.frames[0]!.image, png);
  expect(error).toBeLessThan(6);
  // Both halves of the picture: the lower band, from the partner, is as close as the upper one.
  const half = (rgba: Rgba, lower: boolean) => ({
    width: rgba.width,
    height: 360,
    data: rgba.data.subarray(lower ? 360 * 1280 * 4 : 0, lower ? undefined : 360 * 1280 * 4),
  });
  const lowerError = meanAbsoluteError(half(still.frames[0]!.image, true), half(png, true));
  const upperError = meanAbsoluteError(half(still.frames[0]!.image, false), half(png, false));
  expect(Math.abs(lowerError - upperError)).toBeLessThan(1);
  expect((await lastStages(page)).optimise).toBeGreaterThan(0);
  expect((await workers()).filter((name) => name === 'gif-optimiser')).toHaveLength(2);

  const animation = gifOf(await convert(page, [first!, second!], { mode: 'animated', quality: 70 }));
  expect(animation.frames).toHaveLength(2);
  expect(meanAbsoluteError(animation.frames[1]!.image, decodePng(readFileSync(second!)))).toBeLessThan(6);
});

/** Where the page's last conversion spent its time: the User Timing mark browser-runtime.ts leaves (STAGES_MARK). */
function lastStages(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () => (performance.getEntriesByName('png2gif:stages').at(-1) as PerformanceMark).detail as Record<string, number>,
  );
}

/** The first chosen file as the page shows it in an <img>, colour-managed to the canvas's sRGB. */
async function shownInImg(page: Page): Promise<Rgba> {
  const shown = await page.evaluate(async () => {
    const file = document.querySelector<HTMLInputElement>('#files')!.files![0]!;
    const url = URL.createObjectURL(file);
    try {
      const img = new Image();
      img.src = url;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      return {
        width: canvas.width,
        height: canvas.height,
        data: [...context.getImageData(0, 0, canvas.width, canvas.height).data],
      };
    } finally {
      URL.revokeObjectURL(url);
    }
  });
  return { ...shown, data: Uint8Array.from(shown.data) };
}

test('the decode worker reads pixels back exactly as a canvas does: soft alpha, colour tags, every PNG type', async ({
  page,
}, testInfo) => {
  // Straight alpha from 0 to 255 over noise: any premultiplication or rounding on the way shows here.
  const soft = testInfo.outputPath('soft-alpha-256x64.png');
  writeFileSync(
    soft,
    encodePng(makeRgba(256, 64, (x, y) => [(x * 7 + y * 13) & 255, (x * 3 + y * 29) & 255, (x * 11) & 255, x])),
  );
  const files = [
    soft,
    fixture(FIXTURES.gammaChrm.name),
    fixture(FIXTURES.srgb.name),
    ...VALID_FIXTURES.map((f) => join(CORPUS_DIR, f.name)),
  ];
  await page.locator('#files').setInputFiles(files);
  const comparisons = await page.evaluate(() =>
    (window as unknown as { harness: Harness }).harness.decodeAgainstCanvas(),
  );
  expect(comparisons).toHaveLength(files.length);
  for (const { name, bytes, differ } of comparisons) {
    expect(bytes, name).toBeGreaterThan(0);
    expect(differ, name).toBe(0);
  }
});

test('colour-tagged PNGs become GIFs that look like the PNG in an <img> (gAMA/cHRM converted, sRGB as is)', async ({
  page,
}) => {
  const tagged = fixture(FIXTURES.gammaChrm.name);
  const gif = gifOf(await convert(page, [tagged], {}));
  const shown = await shownInImg(page);
  const raw = decodePng(new Uint8Array(readFileSync(tagged)));
  // The fixture really is shown unlike its samples, so this test can tell the two decodings apart.
  expect(meanAbsoluteError(shown, raw)).toBeGreaterThan(20);
  expect(meanAbsoluteError(gif.frames[0]!.image, shown)).toBeLessThan(1.5);

  const srgb = fixture(FIXTURES.srgb.name);
  const srgbGif = gifOf(await convert(page, [srgb], {}));
  const srgbShown = await shownInImg(page);
  expect(meanAbsoluteError(srgbGif.frames[0]!.image, srgbShown)).toBeLessThan(1.5);
  expect(meanAbsoluteError(srgbGif.frames[0]!.image, decodePng(new Uint8Array(readFileSync(srgb))))).toBeLessThan(1.5);
});
