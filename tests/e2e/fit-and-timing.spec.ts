import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { cameraPan, photoLike } from '../fixtures/content';
import { encodePng, type Rgba } from '../fixtures/pngs';
import { decodeGif, isGif, type DecodedGif } from '../support/gif';
import { expectToast, fileInput, patternPng, type PagePng } from './home-support';

const KB = 1024;

function png(name: string, image: Rgba): PagePng {
  return { name, mimeType: 'image/png', buffer: Buffer.from(encodePng(image)) };
}

/** A camera pan over one photo-like scene: consecutive 800x600 crops, 24 px apart. */
function panFrames(count: number): PagePng[] {
  return cameraPan(count).map((image, i) => png(`pan-${String(i + 1).padStart(2, '0')}.png`, image));
}

/**
 * Converts and downloads the GIF. A toast closes itself after 5 s, so one that should come with the result
 * is looked for as soon as the result is there, before the download and its decoding (a second or two on a
 * loaded machine for a large GIF).
 */
async function convert(page: Page, resultToast?: string): Promise<{ gif: DecodedGif; bytes: number }> {
  await page.getByRole('button', { name: /^Convert/ }).click();
  const download = page.getByRole('link', { name: 'Download' });
  await expect(download).toBeVisible({ timeout: 150_000 });
  if (resultToast) await expectToast(page, resultToast);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const bytes = new Uint8Array(readFileSync(await file.path()));
  expect(isGif(bytes)).toBe(true);
  return { gif: decodeGif(bytes), bytes: bytes.length };
}

async function fitUnder(page: Page, option: RegExp) {
  await page.getByRole('combobox', { name: 'Fit under' }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('Fit under', () => {
  test.describe.configure({ timeout: 240_000 });

  for (const [budget, option] of [
    [256 * KB, /^256 KB/],
    [1024 * KB, /^1 MB/],
  ] as const) {
    test(`a 10-frame 800x600 photo sequence fits under ${budget / KB} KB`, async ({ page }) => {
      await page.goto('/');
      await fileInput(page).setInputFiles(panFrames(10));
      await expect(page.getByRole('radio', { name: 'Animated GIF' })).toBeChecked();
      await fitUnder(page, option);
      const { gif, bytes } = await convert(page);
      expect(bytes).toBeLessThanOrEqual(budget);
      // Frames may be dropped, never the duration: 10 × 500 ms.
      expect(gif.frames.reduce((sum, f) => sum + f.delayCs, 0)).toBe(500);
      expect(gif.width / gif.height).toBeCloseTo(800 / 600, 1);
      await expect(page.getByTestId('fit-summary')).toContainText(
        `Fits under ${budget === 1024 * KB ? '1 MB' : '256 KB'}`,
      );
    });

    test(`a 1920x1280 photo fits under ${budget / KB} KB`, async ({ page }) => {
      await page.goto('/');
      await fileInput(page).setInputFiles([png('photo.png', photoLike(1920, 1280, 3))]);
      await fitUnder(page, option);
      const { gif, bytes } = await convert(page, 'Conversion successful!');
      expect(bytes).toBeLessThanOrEqual(budget);
      expect(gif.frames).toHaveLength(1);
      expect(gif.width / gif.height).toBeCloseTo(1.5, 1);
      // The chosen settings can be taken over and tweaked.
      const summary = page.getByTestId('fit-summary');
      await expect(summary).toContainText('Chosen in');
      const useThem = summary.getByRole('button', { name: 'Use these settings' });
      if (await useThem.isVisible()) {
        await useThem.click();
        await expect(page.getByRole('combobox', { name: 'Fit under' })).toHaveValue(/^No limit/);
      }
    });
  }

  test('an impossible budget says so and offers the closest GIF', async ({ page }) => {
    await page.goto('/');
    await fileInput(page).setInputFiles(panFrames(10));
    await fitUnder(page, /^Custom size/);
    const custom = page.getByRole('textbox', { name: 'Custom size' });
    await custom.fill('4');
    await custom.blur();
    const { gif, bytes } = await convert(page, 'Could not fit under 4 KB');
    expect(bytes).toBeGreaterThan(4 * KB);
    await expect(page.getByTestId('fit-summary')).toContainText('Could not fit under 4 KB');
    await expect(page.getByTestId('fit-summary')).toContainText('closest result');
    // The closest result is the minimum: the longer side at 128 px, every 4th frame (and the last), same duration.
    expect([gif.width, gif.height]).toEqual([128, 96]);
    expect(gif.frames).toHaveLength(4);
    expect(gif.frames.reduce((sum, f) => sum + f.delayCs, 0)).toBe(500);
  });
});

test.describe('timing extras', () => {
  const hues = [0, 80, 160, 240];
  const frames = () => hues.map((hue) => patternPng(`f${hue}.png`, 64, 48, hue));
  /** The blue channel outside the disc, which carries each file's hue. */
  const hueOf = (gif: DecodedGif, frame: number) => gif.frames[frame]!.image.data[(2 * 64 + 2) * 4 + 2]!;
  const nearestFile = (blue: number) =>
    hues.reduce((best, hue, i) => (Math.abs(hue - blue) < Math.abs(hues[best]! - blue) ? i : best), 0);

  test('hold last frame gives the last frame its own delay', async ({ page }) => {
    await page.goto('/');
    await fileInput(page).setInputFiles(frames());
    await page.getByRole('switch', { name: /^Hold last frame/ }).press('Space');
    await expect(page.getByRole('switch', { name: /^Hold last frame/ })).toBeChecked();
    const hold = page.getByRole('textbox', { name: 'Hold for' });
    await hold.fill('1500');
    await hold.blur();
    await expect(page.getByTestId('play-length')).toHaveText('4 frames · 3 s per play · 1.3 fps');
    const { gif } = await convert(page);
    expect(gif.frames.map((f) => f.delayCs)).toEqual([50, 50, 50, 150]);
  });

  test('boomerang plays frames 1..N..2 with their delays', async ({ page }) => {
    await page.goto('/');
    await fileInput(page).setInputFiles(frames());
    await page.getByRole('textbox', { name: 'Delay of frame 2 in milliseconds' }).fill('200');
    await page.getByRole('switch', { name: /^Boomerang/ }).press('Space');
    await expect(page.getByRole('switch', { name: /^Boomerang/ })).toBeChecked();
    await expect(page.getByTestId('play-length')).toHaveText('6 frames · 2.4 s per play · 2.5 fps');
    const { gif } = await convert(page);
    expect(gif.frames.map((_, i) => nearestFile(hueOf(gif, i)))).toEqual([0, 1, 2, 3, 2, 1]);
    expect(gif.frames.map((f) => f.delayCs)).toEqual([50, 20, 50, 50, 50, 20]);
  });

  test('a loop count of N plays is written as NETSCAPE2.0 count N − 1, as the UI says', async ({ page }) => {
    await page.goto('/');
    await fileInput(page).setInputFiles(frames().slice(0, 2));
    await page.getByText('Number of plays', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Number of plays' })).toBeChecked();
    const plays = page.getByRole('textbox', { name: 'Total plays' });
    await plays.fill('4');
    await plays.blur();
    await expect(page.getByText('Plays 4 times in total, then stops on the last frame')).toBeVisible();
    const { gif } = await convert(page);
    expect(gif.loopCount).toBe(3);

    // The loop switch stays the on/off: off plays once, with no loop extension.
    await page.getByRole('switch', { name: /^Loop animation/ }).uncheck({ force: true });
    await expect(page.getByRole('radio', { name: 'Number of plays' })).toBeDisabled();
    const once = await convert(page);
    expect(once.gif.loopCount).toBeNull();
  });
});
