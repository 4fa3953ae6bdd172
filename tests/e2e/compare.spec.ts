import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { gradient } from '../fixtures/content';
import { encodePng, makeRgba, type Rgba } from '../fixtures/pngs';
import { decodeGif, type DecodedGif } from '../support/gif';
import { expectToast, fileInput, type PagePng } from './home-support';
import { seriousViolations } from './support/axe';
import { workerNames } from './support/worker-names';

// Every test here converts, some twice: on a loaded machine that outlasts the default minute.
test.describe.configure({ timeout: 180_000 });

const png = (name: string, image: Rgba): PagePng => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(encodePng(image)),
});

/** A dark red disc whose edge fades from opaque (r ≤ 30) to transparent (r ≥ 50) on a transparent square. */
const LOGO_SIZE = 120;
function softLogo(): Rgba {
  const centre = LOGO_SIZE / 2;
  return makeRgba(LOGO_SIZE, LOGO_SIZE, (x, y) => {
    const r = Math.hypot(x + 0.5 - centre, y + 0.5 - centre);
    const alpha = Math.round(255 * Math.min(1, Math.max(0, (50 - r) / 20)));
    return [150, 0, 0, alpha];
  });
}

async function convert(page: Page) {
  await page.getByRole('button', { name: /^Convert/ }).click();
  await expect(page.getByRole('link', { name: 'Download' })).toBeVisible({ timeout: 45_000 });
  await expectToast(page, 'Conversion successful!');
}

async function download(page: Page): Promise<DecodedGif> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download' }).click(),
  ]);
  return decodeGif(new Uint8Array(readFileSync(await file.path())));
}

/** Mantine's segmented controls hide their radios: the visible label is what a person clicks. */
async function pick(radio: Locator) {
  const id = await radio.getAttribute('id');
  await radio.page().locator(`label[for="${id}"]`).click();
  await expect(radio).toBeChecked();
}

const viewport = (page: Page) => page.getByRole('group', { name: /^Comparison/ });
const splitSlider = (page: Page) => page.getByRole('slider', { name: /^Divider between the PNG and the GIF/ });

/** What the screen shows of the picture, pixel for pixel (the tests run at a device pixel ratio of 1). */
async function shownPicture(page: Page, canvas: Locator): Promise<Rgba> {
  const box = (await canvas.boundingBox())!;
  const shot = await page.screenshot({ clip: box, animations: 'disabled' });
  const decoded = PNG.sync.read(shot);
  return { width: decoded.width, height: decoded.height, data: new Uint8Array(decoded.data) };
}

function pixel(image: Rgba, x: number, y: number): number[] {
  const at = (y * image.width + x) * 4;
  return Array.from(image.data.subarray(at, at + 4));
}

/** Largest channel difference between two pictures over columns [from, to). */
function maxDifference(a: Rgba, b: Rgba, from: number, to: number): number {
  let worst = 0;
  for (let y = 0; y < a.height; y++)
    for (let x = from; x < to; x++)
      for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(pixel(a, x, y)[c]! - pixel(b, x, y)[c]!));
  return worst;
}

test.describe('compare view', () => {
  test('the split slider moves by keyboard and by dragging and shows the PNG left and the GIF right; 1:1 shows the source pixels', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    // A smooth gradient at the lowest quality: the GIF's bands make the two sides tell apart.
    const source = gradient(200, 120);
    await fileInput(page).setInputFiles([png('sky.png', source)]);
    const quality = page.getByRole('slider', { name: 'Quality' });
    await quality.focus();
    await quality.press('Home');
    await convert(page);
    const gif = await download(page);
    const gifImage = gif.frames[0]!.image;

    await pick(page.getByRole('radio', { name: '1:1' }));
    const canvas = viewport(page).locator('canvas').first();
    await expect(canvas).toHaveCSS('width', '200px');
    await expect(canvas).toHaveCSS('image-rendering', 'auto');

    // All PNG: the screen shows the source pixels.
    await splitSlider(page).focus();
    await splitSlider(page).press('End');
    await expect(splitSlider(page)).toHaveAttribute('aria-valuenow', '100');
    // The slider's value changes before the next paint: wait for the screen, as a person would.
    await expect
      .poll(async () => maxDifference(await shownPicture(page, canvas), source, 0, 200))
      .toBeLessThanOrEqual(2);
    const allPng = await shownPicture(page, canvas);
    expect([allPng.width, allPng.height]).toEqual([200, 120]);
    // The GIF really differs from its source here, or this test could not tell the sides apart.
    expect(maxDifference(gifImage, source, 0, 200)).toBeGreaterThan(6);

    // All GIF.
    await splitSlider(page).press('Home');
    await expect(viewport(page).getByTestId('compare-gif-layer')).toHaveCSS('clip-path', 'inset(0px 0px 0px 0%)');
    await expect
      .poll(async () => maxDifference(await shownPicture(page, canvas), gifImage, 0, 200))
      .toBeLessThanOrEqual(2);

    // Dragging the divider: it follows the pointer; the PNG shows left of it, the GIF right of it.
    const view = (await viewport(page).boundingBox())!;
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(view.x + 1, view.y + view.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 80, view.y + view.height / 2, { steps: 5 });
    await page.mouse.up();
    const split = Number(await splitSlider(page).getAttribute('aria-valuenow'));
    expect(split).toBeGreaterThan(0);
    const divider = Math.round((split / 100) * view.width + view.x - box.x);
    expect(divider).toBeGreaterThan(60);
    expect(divider).toBeLessThan(100);
    const both = await shownPicture(page, canvas);
    expect(maxDifference(both, source, 0, divider - 3)).toBeLessThanOrEqual(2);
    expect(maxDifference(both, gifImage, divider + 3, 200)).toBeLessThanOrEqual(2);

    // Above 1:1 the pixels are drawn as squares.
    await pick(page.getByRole('radio', { name: '4×' }));
    await expect(canvas).toHaveCSS('width', '800px');
    await expect(canvas).toHaveCSS('image-rendering', 'pixelated');
  });

  for (const [kind, picture] of [
    ['an opaque picture', () => png('sky.png', gradient(400, 300))],
    ['a transparent one (its preview comes too)', () => png('logo.png', softLogo())],
  ] as const) {
    test(`Download stays where it first showed when the comparison arrives: ${kind}`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      // Where the Download link sits on the page in the very frame it first shows, before anything mounts later.
      await page.addInitScript(() => {
        const seen = new MutationObserver(() => {
          const link = [...document.querySelectorAll('a')].find((a) => a.textContent?.trim() === 'Download');
          if (!link) return;
          (window as unknown as { firstDownloadTop: number }).firstDownloadTop =
            link.getBoundingClientRect().top + window.scrollY;
          seen.disconnect();
        });
        seen.observe(document, { childList: true, subtree: true });
      });
      await page.goto('/');
      await fileInput(page).setInputFiles([picture()]);
      await convert(page);
      await expect(viewport(page)).toBeVisible();
      // Every picture on the page loaded (the transparency card's preview of the GIF among them).
      await expect.poll(() => page.evaluate(() => [...document.images].every((image) => image.complete))).toBe(true);
      const first = await page.evaluate(() => (window as unknown as { firstDownloadTop: number }).firstDownloadTop);
      const now = await page
        .getByRole('link', { name: 'Download' })
        .evaluate((link) => link.getBoundingClientRect().top + window.scrollY);
      expect(now).toBe(first);
    });
  }

  test('an animation gets a frame scrubber: each GIF frame beside its own PNG', async ({ page }) => {
    // The frames are decoded in a worker of their own: a long 1080p GIF takes seconds to compose.
    const workers = workerNames(page);
    await page.goto('/');
    const colours: [number, number, number][] = [
      [220, 40, 40],
      [40, 200, 60],
      [40, 60, 220],
    ];
    await fileInput(page).setInputFiles(
      colours.map((rgb, index) =>
        png(
          `f${index + 1}.png`,
          makeRgba(64, 48, () => [...rgb, 255]),
        ),
      ),
    );
    await convert(page);
    const frame = page.getByRole('slider', { name: 'Frame', exact: true });
    await expect(frame).toHaveAttribute('aria-valuetext', 'Frame 1 of 3');
    expect(await workers()).toContain('gif-decoder');
    await pick(page.getByRole('radio', { name: '1:1' }));
    const canvas = viewport(page).locator('canvas').first();
    await splitSlider(page).focus();
    await splitSlider(page).press('End');
    await frame.focus();
    await frame.press('ArrowRight');
    await expect(frame).toHaveAttribute('aria-valuetext', 'Frame 2 of 3');
    expect(pixel(await shownPicture(page, canvas), 32, 24).slice(0, 3)).toEqual(colours[1]);
    await splitSlider(page).press('Home');
    await expect(async () => {
      const [r, g, b] = pixel(await shownPicture(page, canvas), 32, 24);
      expect(Math.abs(r! - 40) + Math.abs(g! - 200) + Math.abs(b! - 60)).toBeLessThan(20);
    }).toPass();

    await page.getByRole('button', { name: 'Play the animation' }).click();
    await expect(frame).toHaveAttribute('aria-valuetext', 'Frame 3 of 3');
    await page.getByRole('button', { name: 'Pause the animation' }).click();
    await expect(page.getByRole('button', { name: 'Play the animation' })).toBeVisible();
  });
});

test('each GIF of a batch opens the compare view with its own PNG', async ({ page }) => {
  await page.goto('/');
  await fileInput(page).setInputFiles([
    png(
      'red.png',
      makeRgba(40, 30, () => [220, 30, 30, 255]),
    ),
    png(
      'blue.png',
      makeRgba(40, 30, () => [30, 30, 220, 255]),
    ),
  ]);
  await pick(page.getByRole('radio', { name: /^Static/ }));
  await page.getByRole('button', { name: /^Convert/ }).click();
  await page.getByRole('button', { name: 'Compare red.gif with its PNG' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare red.gif' });
  await expect(dialog.getByRole('group', { name: /^Comparison of red\.gif/ })).toBeVisible();
  const slider = dialog.getByRole('slider', { name: /^Divider/ });
  await slider.focus();
  await slider.press('End');
  await pick(dialog.getByRole('radio', { name: '1:1' }));
  const shown = await shownPicture(page, dialog.locator('canvas').first());
  expect(pixel(shown, 20, 15).slice(0, 3)).toEqual([220, 30, 30]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test.describe('transparency assistant', () => {
  test('is not shown for an opaque PNG', async ({ page }) => {
    await page.goto('/');
    await fileInput(page).setInputFiles([png('opaque.png', gradient(64, 64))]);
    await expect(page.getByRole('heading', { name: 'Conversion settings' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Transparency' })).toHaveCount(0);
  });

  test('matte white blends the soft edge towards white and keeps the outside transparent', async ({ page }) => {
    await page.goto('/');
    const logo = softLogo();
    await fileInput(page).setInputFiles([png('logo.png', logo)]);
    await expect(page.getByRole('heading', { name: 'Transparency' })).toBeVisible();

    // Today's behaviour first: the edge keeps its own dark red wherever it is opaque enough.
    await convert(page);
    const before = (await download(page)).frames[0]!.image;
    const edge = { x: 60 + 38, y: 60 }; // r ≈ 38.5: alpha ≈ 146
    expect(pixel(before, edge.x, edge.y)[3]).toBe(255);
    expect(pixel(before, edge.x, edge.y)[1]).toBeLessThan(30);

    // Matte white: the result converts again by itself, and the preview shows the new GIF.
    const previous = await page
      .getByRole('img', { name: 'The converted GIF on the preview background' })
      .getAttribute('src');
    await pick(page.getByRole('radio', { name: 'White' }).first());
    await expect(page.getByRole('img', { name: 'The converted GIF on the preview background' })).not.toHaveAttribute(
      'src',
      previous!,
      { timeout: 45_000 },
    );
    await expect(page.getByRole('link', { name: 'Download' })).toBeVisible({ timeout: 45_000 });
    const after = (await download(page)).frames[0]!.image;

    const [r, g, b, a] = pixel(after, edge.x, edge.y);
    // 57 % dark red over white: about (199, 109, 109).
    expect(a).toBe(255);
    expect(r).toBeGreaterThan(175);
    expect(g).toBeGreaterThan(85);
    expect(b).toBeGreaterThan(85);
    const centre = pixel(after, 60, 60);
    expect(Math.abs(centre[0]! - 150) + centre[1]! + centre[2]!).toBeLessThan(20);
    // The outer fade stays too, nearly white (r ≈ 45: alpha ≈ 64); only the faintest pixels and the outside go.
    const outer = pixel(after, 60 + 45, 60);
    expect(outer[3]).toBe(255);
    expect(Math.min(outer[1]!, outer[2]!)).toBeGreaterThan(170);
    expect(pixel(after, 60 + 49, 60)[3]).toBe(0); // r ≈ 49.5: alpha ≈ 6
    expect(pixel(after, 2, 2)[3]).toBe(0);
  });
});

test.describe('soft edges', () => {
  test('Dither draws the soft edge as a pattern in its own colour, and a matte takes its place', async ({ page }) => {
    await page.goto('/');
    await fileInput(page).setInputFiles([png('logo.png', softLogo())]);
    await expect(page.getByRole('heading', { name: 'Transparency' })).toBeVisible();
    const threshold = page.getByRole('slider', { name: 'Fully transparent below opacity' });
    await expect(threshold).toBeVisible();
    await pick(page.getByRole('radio', { name: 'Dither', exact: true }));
    await expect(threshold).toHaveCount(0); // a pattern has no threshold

    await convert(page);
    const gif = (await download(page)).frames[0]!.image;
    // The outer ring (r 40–46, alpha 51–127) is all transparent when cut at 128; dithered, part of it shows.
    let opaque = 0;
    let ring = 0;
    for (let y = 0; y < LOGO_SIZE; y++)
      for (let x = 0; x < LOGO_SIZE; x++) {
        const r = Math.hypot(x + 0.5 - LOGO_SIZE / 2, y + 0.5 - LOGO_SIZE / 2);
        if (r <= 40 || r >= 46) continue;
        ring++;
        const [red, green, blue, alpha] = pixel(gif, x, y);
        if (alpha !== 255) continue;
        opaque++;
        expect(red).toBeGreaterThan(120);
        expect(green! + blue!).toBeLessThan(40);
      }
    expect(opaque / ring).toBeGreaterThan(0.15);
    expect(opaque / ring).toBeLessThan(0.6);

    await pick(page.getByRole('radio', { name: 'White' }).first());
    await expect(page.getByRole('radio', { name: 'Dither', exact: true })).toHaveCount(0);
    await expect(threshold).toBeVisible();
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} scheme`, () => {
    test.use({ colorScheme });
    test('the compare view and the transparency card have no serious or critical axe violation', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
      await fileInput(page).setInputFiles([png('logo.png', softLogo())]);
      await expect(page.getByRole('heading', { name: 'Transparency' })).toBeVisible();
      await convert(page);
      await pick(page.getByRole('radio', { name: '2×' }));
      await pick(page.getByRole('radio', { name: 'Colour' }).last());
      expect(await seriousViolations(page, { include: 'main' })).toEqual([]);
    });
  });
}
