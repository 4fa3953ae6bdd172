import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { decodeGif, isGif, type DecodedGif } from '../support/gif';
import { expectToast, fileInput, patternPng, watchForButton } from './home-support';

async function convertAndDownload(page: Page, expectedName: RegExp): Promise<{ gif: DecodedGif; size: number }> {
  const sawConverting = await watchForButton(page, 'Converting...');
  await page.getByRole('button', { name: /^Convert/ }).click();
  const download = page.getByRole('link', { name: 'Download' });
  await expect(download).toBeVisible({ timeout: 45_000 });
  expect(await sawConverting()).toBe(true);
  await expectToast(page, 'Conversion successful!');
  await expect(page.getByText('Your GIF is ready for download!')).toBeVisible();
  await expect(page.getByRole('group', { name: /^Comparison/ })).toBeVisible();

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  await expectToast(page, 'Download started');
  expect(file.suggestedFilename()).toMatch(expectedName);
  const bytes = new Uint8Array(readFileSync(await file.path()));
  expect(isGif(bytes)).toBe(true);
  return { gif: decodeGif(bytes), size: bytes.length };
}

function estimatedBytes(line: string): number {
  const [, value, unit] = /about ([\d.]+) (Bytes|KB)/.exec(line)!;
  return Number(value) * (unit === 'KB' ? 1024 : 1);
}

/**
 * The mean blue channel of the 8x8 corner outside the disc, where each test frame carries its own hue
 * (one pixel alone may be dithered or mapped a few dozen levels away: the OkLab palette weighs blue little).
 */
function cornerBlue(gif: DecodedGif, frame: number): number {
  const { image } = gif.frames[frame]!;
  let sum = 0;
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) sum += image.data[(y * image.width + x) * 4 + 2]!;
  return sum / 64;
}

test('a single PNG becomes a resized static GIF', async ({ page }) => {
  await page.goto('/');
  await fileInput(page).setInputFiles([patternPng('photo.png', 160, 120)]);
  await page.getByRole('switch', { name: /^Resize/ }).check({ force: true });
  await page.getByRole('textbox', { name: 'Width', exact: true }).fill('320');
  await expect(page.getByRole('textbox', { name: 'Height', exact: true })).toHaveValue('240 px');
  // The estimate line is there from the start (so the Convert button does not move when it fills in).
  const estimateLine = page.getByTestId('size-estimate');
  await expect(estimateLine).toHaveText(/about [\d.]+ (Bytes|KB)/);
  // An estimate made before Resize was on stays until the next one answers (seen on a loaded CI machine:
  // the 160x120 estimate, half the GIF's size): wait until the line holds still for an estimate's time.
  let last = '';
  await expect
    .poll(
      async () => {
        const text = await estimateLine.innerText();
        const settled = text === last;
        last = text;
        return settled;
      },
      { intervals: [1500], timeout: 20_000 },
    )
    .toBe(true);
  const estimate = estimatedBytes(last);

  const { gif, size } = await convertAndDownload(page, /^converted_\d+\.gif$/);
  expect(estimate / size).toBeGreaterThan(0.5);
  expect(estimate / size).toBeLessThan(2);
  expect(gif.frames).toHaveLength(1);
  expect([gif.width, gif.height]).toEqual([320, 240]);
  await expect(page.getByText('320 × 240', { exact: true })).toBeVisible();
  // The blue disc sits in the middle of the picture.
  const { image } = gif.frames[0]!;
  expect(image.data[(120 * image.width + 160) * 4 + 2]).toBeGreaterThan(180);
});

test('a large still is estimated from tiles of its decode, within 1.5× of the GIF it becomes', async ({ page }) => {
  await page.goto('/');
  // Decoded ahead at full size, then cut into the sample's 320x240 of tiles in the decode worker (rules/estimate/sample-pixels.ts).
  await fileInput(page).setInputFiles([patternPng('large.png', 1600, 1200)]);
  const estimateLine = page.getByTestId('size-estimate');
  await expect(estimateLine).toHaveText(/about [\d.]+ (Bytes|KB)/, { timeout: 20_000 });
  const estimate = estimatedBytes(await estimateLine.innerText());

  const { gif, size } = await convertAndDownload(page, /^converted_\d+\.gif$/);
  expect([gif.width, gif.height]).toEqual([1600, 1200]);
  // Within 1.5× either way (0.84 when written); the sample shrunk whole was off by up to 4.5× on real pictures.
  expect(estimate / size).toBeGreaterThan(1 / 1.5);
  expect(estimate / size).toBeLessThan(1.5);
});

test('three PNGs become a looping animation with the chosen delay, in the list order', async ({ page }) => {
  await page.goto('/');
  const hues = [0, 120, 240];
  await fileInput(page).setInputFiles(hues.map((hue) => patternPng(`frame-${hue}.png`, 96, 72, hue)));
  await expect(page.getByRole('radio', { name: 'Animated GIF' })).toBeChecked();

  // 500 ms by default; six steps of 50 ms down make 200 ms.
  const delay = page.getByRole('slider', { name: 'Frame delay' });
  await delay.focus();
  for (let i = 0; i < 6; i++) await delay.press('ArrowLeft');
  await expect(delay).toHaveAttribute('aria-valuenow', '200');

  const { gif } = await convertAndDownload(page, /^converted_animated_\d+\.gif$/);
  await expect(page.getByText('Frames', { exact: true })).toBeVisible();
  expect([gif.width, gif.height]).toEqual([96, 72]);
  expect(gif.frames).toHaveLength(3);
  expect(gif.frames.map((f) => f.delayCs)).toEqual([20, 20, 20]);
  expect(gif.loopCount).toBe(0);
  gif.frames.forEach((_, i) => expect(Math.abs(cornerBlue(gif, i) - hues[i]!)).toBeLessThan(24));
});

test('an animation without loop plays once', async ({ page }) => {
  await page.goto('/');
  await fileInput(page).setInputFiles([patternPng('a.png', 64, 48, 0), patternPng('b.png', 64, 48, 200)]);
  await page.getByRole('switch', { name: /^Loop animation/ }).uncheck({ force: true });

  const { gif } = await convertAndDownload(page, /^converted_animated_\d+\.gif$/);
  expect(gif.frames).toHaveLength(2);
  expect(gif.frames.map((f) => f.delayCs)).toEqual([50, 50]);
  // No NETSCAPE loop extension: the GIF plays once.
  expect(gif.loopCount).toBeNull();
});

/** The stage times the last conversion left (runtime/browser-runtime.ts STAGES_MARK). */
const lastStages = (page: Page) =>
  page.evaluate(() => (performance.getEntriesByName('png2gif:stages').at(-1) as PerformanceMark).detail) as Promise<
    Record<string, number>
  >;

test('Convert takes over the conversion made while the files were looked at, and one a change made anew', async ({
  page,
}) => {
  await page.goto('/');
  const hues = [0, 200];
  await fileInput(page).setInputFiles(hues.map((hue) => patternPng(`look-${hue}.png`, 96, 72, hue)));
  await expect(page.getByRole('radio', { name: 'Animated GIF' })).toBeChecked();
  await page.waitForTimeout(1500); // a person looks at the list and the settings
  const first = await convertAndDownload(page, /^converted_animated_\d+\.gif$/);
  expect(first.gif.frames.map((f) => f.delayCs)).toEqual([50, 50]);
  // It had run before the click.
  expect((await lastStages(page)).ahead).toBeGreaterThan(0);

  // A delay changed after a look: the GIF has it, not the one made ahead at the old delay.
  await fileInput(page).setInputFiles(hues.map((hue) => patternPng(`again-${hue}.png`, 96, 72, hue)));
  await page.waitForTimeout(1500);
  const delay = page.getByRole('slider', { name: 'Frame delay' });
  await delay.focus();
  for (let i = 0; i < 6; i++) await delay.press('ArrowLeft');
  await expect(delay).toHaveAttribute('aria-valuenow', '200');
  const second = await convertAndDownload(page, /^converted_animated_\d+\.gif$/);
  expect(second.gif.frames.map((f) => f.delayCs)).toEqual([20, 20]);
  second.gif.frames.forEach((_, i) =>
    expect(Math.abs(cornerBlue(second.gif, i) - cornerBlue(first.gif, i))).toBeLessThan(8),
  );
});

test('cancel returns to idle, keeping files and settings, and the next conversion works', async ({ page }) => {
  await page.goto('/');
  // Big enough frames that the job is still running when Cancel is pressed, and a size to fit under: a
  // conversion to fit is never made ahead, so Convert starts it rather than taking over a finished one.
  const frames = [0, 60, 120, 180, 240].map((hue) => patternPng(`big-${hue}.png`, 1280, 960, hue));
  await fileInput(page).setInputFiles(frames);
  await page.getByRole('combobox', { name: 'Fit under' }).click();
  await page.getByRole('option', { name: /^Custom size/ }).click();
  await page.getByRole('textbox', { name: 'Custom size' }).fill('30');
  await page.getByRole('button', { name: /^Convert/ }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: /^Convert/ })).toHaveText('Convert to GIF');
  await expect(page.getByRole('button', { name: /^Convert/ })).toBeEnabled();
  await expect(page.getByText('Conversion Failed', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download' })).toHaveCount(0);
  await expect(page.getByTestId('file-row')).toHaveCount(5);
  await expect(page.getByRole('radio', { name: 'Animated GIF' })).toBeChecked();

  await fileInput(page).setInputFiles([patternPng('after-cancel.png', 64, 48)]);
  const { gif } = await convertAndDownload(page, /^converted_\d+\.gif$/);
  expect([gif.width, gif.height]).toEqual([64, 48]);
});

test.describe('files still on their way', () => {
  // Routing sees the page's own requests only when no service worker answers them.
  test.use({ serviceWorkers: 'block' });

  test('Convert clicked before the chosen files are listed converts them, not "No files selected"', async ({
    page,
  }) => {
    // The cards a choice reveals are awaited before the files join the list: held back, they keep the
    // files on their way for two seconds, as on a slow first visit.
    await page.route(/\/assets\/(FileList|SettingsCard|TransparencyCard)-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.goto('/');
    await fileInput(page).setInputFiles([patternPng('a.png', 64, 48, 0), patternPng('b.png', 64, 48, 200)]);
    await page.getByRole('button', { name: /^Convert/ }).click();
    await expect(page.getByTestId('file-row')).toHaveCount(0); // still on their way when Convert was clicked

    await expect(page.getByRole('link', { name: 'Download' })).toBeVisible({ timeout: 45_000 });
    await expectToast(page, 'Conversion successful!');
    await expect(page.getByText('No files selected')).toHaveCount(0);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download' }).click(),
    ]);
    const gif = decodeGif(new Uint8Array(readFileSync(await file.path())));
    expect(gif.frames).toHaveLength(2);
    expect([gif.width, gif.height]).toEqual([64, 48]);
  });
});
