import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FIXTURES, GENERATED_DIR } from '../fixtures/make-fixtures';
import { decodePng } from '../fixtures/pngs';
import { decodeGif, isGif, perceivedMeanAbsoluteError } from '../support/gif';

test('the home page renders its converter', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('PNG to GIF');
  await expect(page.locator('input[type="file"]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Convert/ })).toBeVisible();
});

test('one PNG becomes a downloadable static GIF that resembles it', async ({ page }) => {
  const fixture = FIXTURES.pattern;
  const path = join(GENERATED_DIR, fixture.name);
  await page.goto('/');
  await page.locator('input[type="file"]').setInputFiles(path);
  await page.getByRole('button', { name: /^Convert/ }).click();

  const downloadButton = page
    .getByRole('link', { name: 'Download' })
    .or(page.getByRole('button', { name: 'Download' }));
  await expect(downloadButton.first()).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.first().click()]);
  expect(download.suggestedFilename()).toMatch(/^converted_\d+\.gif$/);

  const bytes = new Uint8Array(readFileSync(await download.path()));
  expect(isGif(bytes)).toBe(true);
  const gif = decodeGif(bytes);
  expect(gif.frames).toHaveLength(1);
  expect([gif.width, gif.height]).toEqual([fixture.width, fixture.height]);
  const source = decodePng(readFileSync(path));
  expect(perceivedMeanAbsoluteError(gif.frames[0]!.image, source)).toBeLessThan(6);
});
