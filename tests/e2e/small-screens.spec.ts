import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { holdEngineDownload } from './support/engine-download';
import { computedColour, contrast, intersects, toastBoxes } from './support/layout';
import { dropFiles, expectToast, fileInput, patternPng, toDropped } from './home-support';

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

async function headerBottom(page: Page): Promise<number> {
  const box = await page.locator('header').boundingBox();
  return box!.y + box!.height;
}

/**
 * A drop of a JPEG and a PNG: the refusal's toast and the upload's are both on screen at once, and the
 * notifier's own shortcut (Alt+T pauses every toast) holds them there however slow the machine.
 */
async function twoToasts(page: Page): Promise<void> {
  await page.goto('/');
  await dropFiles(page, [
    { name: 'photo.jpg', type: 'image/jpeg', base64: 'AA==' },
    toDropped(patternPng('a.png', 64, 48)),
  ]);
  await expectToast(page, 'Invalid file type');
  await expectToast(page, 'Files uploaded: 1 PNG file(s) ready for conversion.');
  await page.keyboard.press('Alt+KeyT');
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px, toasts never cover the header`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await twoToasts(page);
    const header = (await page.locator('header').boundingBox())!;
    const boxes = await toastBoxes(page);
    expect(boxes).toHaveLength(2);
    for (const box of boxes) expect(intersects(box, header), JSON.stringify({ box, header })).toBe(false);
    // Every control of the header can still be pressed where it is.
    for (const control of await page.locator('header').getByRole('button').all()) {
      const box = (await control.boundingBox())!;
      for (const toast of boxes) expect(intersects(box, toast)).toBe(false);
    }
  });
}

test('at 375 px, the GIF’s Download is on screen when it is ready, and its card has the focus', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await fileInput(page).setInputFiles([patternPng('a.png', 640, 480), patternPng('b.png', 640, 480, 120)]);
  await page.getByRole('button', { name: 'Convert to GIF' }).click();
  const download = page.getByRole('link', { name: 'Download' });
  const top = await headerBottom(page);
  // The card scrolls smoothly into place: where it comes to rest counts.
  await expect
    .poll(async () => {
      const box = await download.boundingBox();
      return box !== null && box.y >= top && box.y + box.height <= PHONE.height;
    })
    .toBe(true);
  await expect(page.getByRole('heading', { name: 'Your GIF is ready for download!' })).toBeFocused();
  for (const toast of await toastBoxes(page)) expect(intersects(toast, (await download.boundingBox())!)).toBe(false);
  // The next Tab reaches Download.
  await page.keyboard.press('Tab');
  await expect(download).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
});

test('at 375 px, the size estimate filling in moves nothing below it', async ({ page, context }) => {
  await page.setViewportSize(PHONE);
  // The engine's download is held, so the estimate stays pending until the positions are taken.
  const release = await holdEngineDownload(context);
  await page.goto('/');
  await fileInput(page).setInputFiles([patternPng('a.png', 640, 480)]);
  const estimate = page.getByTestId('size-estimate');
  await expect(estimate).toHaveText('Estimating the size at these settings…');
  const below = [page.getByRole('group', { name: 'Crop box' }), page.getByRole('button', { name: 'Convert to GIF' })];
  // Page coordinates: a shift above the viewport would also show as the page scrolling.
  const tops = () =>
    Promise.all(below.map((element) => element.evaluate((node) => node.getBoundingClientRect().top + window.scrollY)));
  const pending = { tops: await tops(), lines: (await estimate.boundingBox())!.height };
  release();
  await expect(estimate).toContainText('Estimated size at these settings: about', { timeout: 60_000 });
  // The estimate takes more lines than the pending text at this width, and still moves nothing.
  expect((await estimate.boundingBox())!.height).toBeGreaterThan(pending.lines);
  expect(await tops()).toEqual(pending.tops);
});

test.describe('in the dark scheme', () => {
  test.use({ colorScheme: 'dark' });

  test('a disabled switch keeps a visible track, so it still reads as a switch', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await fileInput(page).setInputFiles([patternPng('a.png', 64, 48)]);
    // One still: no loop to set, and no size to keep in proportion while Resize is off.
    for (const name of [/^Loop animation/, /^Maintain aspect ratio/]) {
      const input = page.getByRole('switch', { name });
      await expect(input).toBeDisabled();
      const track = page.locator('.mantine-Switch-root', { has: input }).locator('.mantine-Switch-track');
      const thumb = track.locator('.mantine-Switch-thumb');
      const card = page.locator('.mantine-Card-root', { has: input });
      const trackColour = await computedColour(track, 'background-color');
      expect(contrast(trackColour, await computedColour(card, 'background-color'))).toBeGreaterThanOrEqual(1.3);
      expect(contrast(await computedColour(thumb, 'background-color'), trackColour)).toBeGreaterThanOrEqual(1.5);
    }
  });

  test('the badge of the offline mode being prepared shows its spinner', async ({ page, context }) => {
    await page.setViewportSize(PHONE);
    // The engine's download is held, so the service worker's first installation stays under way.
    const release = await holdEngineDownload(context);
    await page.goto('/');
    const badge = page.locator('[data-offline-status="preparing"]');
    await expect(badge).toBeVisible();
    // Its words are for screen readers only at this width: the spinner is all a person sees.
    const spinner = badge.getByTestId('offline-spinner');
    await expect(spinner).toBeVisible();
    const stroke = await computedColour(spinner, 'border-top-color', '::after');
    expect(contrast(stroke, await computedColour(badge, 'background-color'))).toBeGreaterThanOrEqual(3);
    release();
  });
});
