import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { flatTiles } from '../fixtures/content';
import { encodePng, makeRgba, type Rgba } from '../fixtures/pngs';
import { decodeGif, isGif, type DecodedGif } from '../support/gif';
import { fileInput, type PagePng } from './home-support';
import { seriousViolations } from './support/axe';

// Real conversions, several per test, on a 2-core machine shared with other jobs.
test.setTimeout(180_000);

function png(name: string, image: Rgba): PagePng {
  return { name, mimeType: 'image/png', buffer: Buffer.from(encodePng(image)) };
}

// The expected pictures, written out plainly rather than with the app's own geometry.
function cropped(image: Rgba, x0: number, y0: number, width: number, height: number): Rgba {
  return makeRgba(width, height, (x, y) => pixel(image, x0 + x, y0 + y));
}

function turnedRight(image: Rgba): Rgba {
  // Clockwise: the new top row is the old left column, read bottom to top.
  return makeRgba(image.height, image.width, (x, y) => pixel(image, y, image.height - 1 - x));
}

function mirrored(image: Rgba): Rgba {
  return makeRgba(image.width, image.height, (x, y) => pixel(image, image.width - 1 - x, y));
}

function upsideDown(image: Rgba): Rgba {
  return makeRgba(image.width, image.height, (x, y) => pixel(image, x, image.height - 1 - y));
}

function pixel(image: Rgba, x: number, y: number): [number, number, number, number] {
  const i = (y * image.width + x) * 4;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, image.data[i + 3]!];
}

function expectPixels(actual: Rgba, expected: Rgba): void {
  expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
  expect(Buffer.from(actual.data).equals(Buffer.from(expected.data))).toBe(true);
}

async function gifOf(download: Download): Promise<DecodedGif> {
  const bytes = new Uint8Array(readFileSync(await download.path()));
  expect(isGif(bytes)).toBe(true);
  return decodeGif(bytes);
}

async function convertOne(page: Page): Promise<DecodedGif> {
  await page.getByRole('button', { name: 'Convert to GIF' }).click();
  const link = page.getByRole('link', { name: 'Download', exact: true });
  await expect(link).toBeVisible({ timeout: 150_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return gifOf(file);
}

const cropBox = (page: Page) => page.getByRole('group', { name: 'Crop box' });
const field = (page: Page, name: string) => page.getByRole('textbox', { name });
const outputLine = (page: Page) => page.getByTestId('crop-output-size');

async function press(page: Page, key: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/** Types exact crop values into the fields (width and height first, so the position has room). */
async function cropByFields(page: Page, crop: { x: number; y: number; width: number; height: number }) {
  for (const [name, value] of [
    ['Crop width', crop.width],
    ['Crop height', crop.height],
    ['Crop X', crop.x],
    ['Crop Y', crop.y],
  ] as const) {
    await field(page, name).fill(String(value));
    await field(page, name).blur();
    await expect(field(page, name)).toHaveValue(`${value} px`);
  }
}

async function expectCropFields(page: Page, crop: { x: number; y: number; width: number; height: number }) {
  await expect(field(page, 'Crop X')).toHaveValue(`${crop.x} px`);
  await expect(field(page, 'Crop Y')).toHaveValue(`${crop.y} px`);
  await expect(field(page, 'Crop width')).toHaveValue(`${crop.width} px`);
  await expect(field(page, 'Crop height')).toHaveValue(`${crop.height} px`);
}

test('a still cropped with the keys, then with the fields: each GIF is exactly that part', async ({ page }) => {
  const picture = flatTiles(120, 80);
  await page.goto('/');
  await fileInput(page).setInputFiles([png('tiles.png', picture)]);
  await expect(outputLine(page)).toHaveText('Output size: 120 × 80 px');

  await cropBox(page).focus();
  // Shift+arrows resize (10 px with Ctrl), arrows move (1 px, or 10 with Ctrl or Alt).
  await press(page, 'Shift+Control+ArrowLeft', 5);
  await press(page, 'Shift+Control+ArrowUp', 4);
  await press(page, 'Shift+ArrowLeft', 3);
  await press(page, 'Control+ArrowRight', 2);
  // Alt+Left is also the browser's Back: the box takes it, and the page stays.
  await press(page, 'Alt+ArrowLeft', 1);
  await press(page, 'Alt+ArrowRight', 1);
  await press(page, 'ArrowRight', 3);
  await press(page, 'Alt+ArrowDown', 1);
  await press(page, 'ArrowDown', 2);
  await expectCropFields(page, { x: 23, y: 12, width: 67, height: 40 });
  await expect(outputLine(page)).toHaveText('Output size: 67 × 40 px');
  const byKeys = await convertOne(page);
  expect(byKeys.frames).toHaveLength(1);
  expectPixels(byKeys.frames[0]!.image, cropped(picture, 23, 12, 67, 40));

  await page.getByRole('button', { name: 'Reset crop' }).click();
  await expectCropFields(page, { x: 0, y: 0, width: 120, height: 80 });
  await cropByFields(page, { x: 5, y: 33, width: 101, height: 47 });
  await expect(outputLine(page)).toHaveText('Output size: 101 × 47 px');
  const byFields = await convertOne(page);
  expectPixels(byFields.frames[0]!.image, cropped(picture, 5, 33, 101, 47));
});

test('a still cropped by dragging a corner handle and then the box', async ({ page }) => {
  const picture = flatTiles(120, 80);
  await page.goto('/');
  await fileInput(page).setInputFiles([png('tiles.png', picture)]);
  const box = cropBox(page);
  await expect(outputLine(page)).toHaveText('Output size: 120 × 80 px');
  // The mouse works in the window: the picture must be on screen (and stay put: the page is taller).
  await page.setViewportSize({ width: 1280, height: 1400 });
  await box.scrollIntoViewIfNeeded();
  const frame = (await box.locator('..').boundingBox())!;
  // Screen pixels per picture pixel, as the picture is shown.
  const scale = frame.width / 120;
  const corner = (await box.locator('[data-handle="se"]').boundingBox())!;
  const start = { x: corner.x + corner.width / 2, y: corner.y + corner.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x - 30 * scale, start.y - 20 * scale, { steps: 5 });
  await page.mouse.up();
  await expectCropFields(page, { x: 0, y: 0, width: 90, height: 60 });
  const inside = (await box.boundingBox())!;
  const grab = { x: inside.x + inside.width / 2, y: inside.y + inside.height / 2 };
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x + 12 * scale, grab.y + 9 * scale, { steps: 5 });
  await page.mouse.up();
  await expectCropFields(page, { x: 12, y: 9, width: 90, height: 60 });
  const gif = await convertOne(page);
  expectPixels(gif.frames[0]!.image, cropped(picture, 12, 9, 90, 60));
});

test.describe('with the crop editor arriving late', () => {
  // No service worker, so the route below sees the chunk's request.
  test.use({ serviceWorkers: 'block' });

  test('the settings show with it, so nothing moves under the pointer when it comes', async ({ page, context }) => {
    await context.route(/\/assets\/CropEditor-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue().catch(() => {});
    });
    await page.goto('/');
    await fileInput(page).setInputFiles([png('tiles.png', flatTiles(120, 80))]);
    const resize = page.getByRole('switch', { name: /^Resize/ });
    await expect(resize).toBeVisible();
    const top = () => resize.evaluate((node) => node.getBoundingClientRect().top + window.scrollY);
    const shown = await top();
    await expect(cropBox(page)).toBeVisible();
    expect(await top()).toBe(shown);
  });
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 740 } });

  test('a finger drags a handle, and the page does not scroll instead', async ({ page }) => {
    await page.goto('/');
    await fileInput(page).setInputFiles([png('tiles.png', flatTiles(120, 80))]);
    const box = cropBox(page);
    await box.scrollIntoViewIfNeeded();
    const frame = (await box.locator('..').boundingBox())!;
    const scale = frame.width / 120;
    const corner = (await box.locator('[data-handle="nw"]').boundingBox())!;
    const start = { x: corner.x + corner.width / 2, y: corner.y + corner.height / 2 };
    const scrolled = await page.evaluate(() => window.scrollY);
    // Chromium turns touch input into pointer events, as a phone does.
    const touch = await page.context().newCDPSession(page);
    const finger = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      touch.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await finger('touchStart', start.x, start.y);
    for (let step = 1; step <= 5; step++)
      await finger('touchMove', start.x + 4 * step * scale, start.y + 2 * step * scale);
    await finger('touchEnd', 0, 0);
    await expectCropFields(page, { x: 20, y: 10, width: 100, height: 70 });
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });
});

test('a 5-frame animation cropped with the fields and turned a quarter right keeps every frame and delay', async ({
  page,
}) => {
  const frames = [0, 1, 2, 3, 4].map((i) => flatTiles(90, 60, i));
  await page.goto('/');
  await fileInput(page).setInputFiles(frames.map((frame, i) => png(`frame-${i + 1}.png`, frame)));
  await expect(page.getByRole('radio', { name: 'Animated GIF' })).toBeChecked();
  await cropByFields(page, { x: 15, y: 10, width: 50, height: 40 });
  await page.getByRole('button', { name: 'Rotate right' }).click();
  // Turned, the 50×40 crop is 40 wide and 50 tall.
  await expect(outputLine(page)).toHaveText('Output size: 40 × 50 px');
  // The box moved right on screen is the crop moved up in the picture.
  await cropBox(page).focus();
  await press(page, 'ArrowRight', 4);
  await expectCropFields(page, { x: 15, y: 6, width: 50, height: 40 });

  const gif = await convertOne(page);
  expect([gif.width, gif.height]).toEqual([40, 50]);
  expect(gif.frames).toHaveLength(5);
  expect(gif.frames.map((f) => f.delayCs)).toEqual([50, 50, 50, 50, 50]);
  gif.frames.forEach((frame, i) => expectPixels(frame.image, turnedRight(cropped(frames[i]!, 15, 6, 50, 40))));
});

test('a static batch of 3: one crop by keys and a flip for every file, each GIF exactly its part', async ({ page }) => {
  const pictures = [flatTiles(100, 70, 0), flatTiles(100, 70, 2), flatTiles(100, 70, 4)];
  await page.goto('/');
  await fileInput(page).setInputFiles(pictures.map((picture, i) => png(`still-${i + 1}.png`, picture)));
  await page.locator('label', { hasText: 'Static (one GIF per file)' }).click();
  await expect(page.getByRole('radio', { name: 'Static (one GIF per file)' })).toBeChecked();

  await cropBox(page).focus();
  await press(page, 'Shift+Control+ArrowLeft', 4);
  await press(page, 'Shift+Control+ArrowUp', 3);
  await press(page, 'Control+ArrowRight', 3);
  await press(page, 'ArrowDown', 7);
  await expectCropFields(page, { x: 30, y: 7, width: 60, height: 40 });
  await page.getByRole('button', { name: 'Flip horizontally' }).click();
  await expect(outputLine(page)).toHaveText('Output size: 60 × 40 px');

  await page.getByRole('button', { name: /^Convert/ }).click();
  await expect(page.getByText('3 of 3 files converted')).toBeVisible({ timeout: 150_000 });
  for (const [i, picture] of pictures.entries()) {
    const link = page.getByRole('link', { name: `Download still-${i + 1}.gif`, exact: true });
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const gif = await gifOf(file);
    expect(gif.frames).toHaveLength(1);
    expectPixels(gif.frames[0]!.image, mirrored(cropped(picture, 30, 7, 60, 40)));
  }
});

test('rotated a quarter and flipped upside down, the 120x80 picture becomes an 80x120 GIF of those pixels', async ({
  page,
}) => {
  const picture = flatTiles(120, 80);
  await page.goto('/');
  await fileInput(page).setInputFiles([png('tiles.png', picture)]);
  await page.getByRole('button', { name: 'Rotate right' }).click();
  await expect(outputLine(page)).toHaveText('Output size: 80 × 120 px');
  await page.getByRole('button', { name: 'Flip vertically' }).click();
  await expect(outputLine(page)).toHaveText('Output size: 80 × 120 px');
  const gif = await convertOne(page);
  expect(gif.frames).toHaveLength(1);
  expectPixels(gif.frames[0]!.image, upsideDown(turnedRight(picture)));
});

/** The bytes the size estimate line states ('about 1.5 KB'), as the page rounds them. */
function estimatedBytes(text: string): number {
  const match = /about ([\d.]+) (Bytes|KB|MB)/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]) * 1024 ** ['Bytes', 'KB', 'MB'].indexOf(match![2]!);
}

test('the size estimate follows a crop and a turn before Convert, and the GIF is that part', async ({ page }) => {
  const picture = flatTiles(400, 300);
  await page.goto('/');
  await fileInput(page).setInputFiles([png('tiles.png', picture)]);
  const estimate = page.getByTestId('size-estimate');
  await expect(estimate).toContainText('Estimated size at these settings', { timeout: 60_000 });
  const whole = estimatedBytes(await estimate.innerText());
  await cropByFields(page, { x: 7, y: 5, width: 100, height: 60 });
  await page.getByRole('button', { name: 'Rotate right' }).click();
  await expect(outputLine(page)).toHaveText('Output size: 60 × 100 px');
  // The estimate of the cut picture, shown before Convert is clicked: a twentieth of the pixels.
  await expect
    .poll(async () => estimatedBytes(await estimate.innerText()), { timeout: 60_000 })
    .toBeLessThan(whole / 4);
  const framed = estimatedBytes(await estimate.innerText());
  await page.getByRole('button', { name: 'Convert to GIF' }).click();
  const link = page.getByRole('link', { name: 'Download', exact: true });
  await expect(link).toBeVisible({ timeout: 150_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const bytes = readFileSync(await file.path());
  const gif = decodeGif(new Uint8Array(bytes));
  expect(gif.frames).toHaveLength(1);
  expectPixels(gif.frames[0]!.image, turnedRight(cropped(picture, 7, 5, 100, 60)));
  // The estimate was of this GIF: within a factor of two of its bytes, where the uncut picture's was not.
  expect(framed / bytes.length).toBeGreaterThan(0.5);
  expect(framed / bytes.length).toBeLessThan(2);
  expect(whole / bytes.length).toBeGreaterThan(2);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the crop controls at 375 px in the ${colorScheme} scheme: no serious axe violation, nothing wider than the screen`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    await fileInput(page).setInputFiles([png('tall.png', flatTiles(60, 200))]);
    await page.getByRole('button', { name: 'Rotate left' }).click();
    await page.getByRole('combobox', { name: 'Aspect ratio' }).click();
    await page.getByRole('option', { name: '16:9' }).click();
    await expect(page.getByRole('button', { name: 'Reset crop' })).toBeEnabled();
    await cropBox(page).focus();
    expect(await seriousViolations(page, { include: 'section[aria-labelledby="settings-title"]' })).toEqual([]);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    const box = (await cropBox(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  });
}
