import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { softGlowLogo } from '../fixtures/content';
import { encodePng } from '../fixtures/pngs';
import { decodeGif } from '../support/gif';
import { softEdgeShares } from '../support/soft-edges';
import { expectToast, fileInput } from './home-support';
import { seriousViolations } from './support/axe';

// Two conversions: on a loaded machine that outlasts the default minute.
test.describe.configure({ timeout: 180_000 });

const WHITE = [255, 255, 255] as const;

/** Mantine's segmented controls hide their radios: the visible label is what a person clicks. */
async function pick(radio: Locator) {
  const id = await radio.getAttribute('id');
  await radio.page().locator(`label[for="${id}"]`).click();
  await expect(radio).toBeChecked();
}

async function downloadImage(page: Page) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download' }).click(),
  ]);
  const gif = decodeGif(new Uint8Array(readFileSync(await file.path())));
  expect(gif.frames).toHaveLength(1);
  return gif.frames[0]!.image;
}

test('a white matte keeps a soft glow down to its faintest pixels, whitened, and the outside transparent', async ({
  page,
}) => {
  const logo = softGlowLogo(240, 160);
  await page.goto('/');
  await fileInput(page).setInputFiles([
    { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(encodePng(logo)) },
  ]);
  await expect(page.getByRole('heading', { name: 'Transparency' })).toBeVisible();
  const threshold = page.getByRole('slider', { name: 'Fully transparent below opacity' });
  await expect(threshold).toHaveAttribute('aria-valuenow', '128');

  await pick(page.getByRole('radiogroup', { name: 'Blend soft edges onto' }).getByRole('radio', { name: 'White' }));
  // The matte's default, shown: all but the faintest pixels stay.
  await expect(threshold).toHaveAttribute('aria-valuenow', '8');
  await expect(page.getByText(/default 8 with a matte\): now 8\.$/)).toBeVisible();
  await page.getByRole('button', { name: /^Convert/ }).click();
  await expect(page.getByRole('link', { name: 'Download' })).toBeVisible({ timeout: 45_000 });
  await expectToast(page, 'Conversion successful!');
  const gif = await downloadImage(page);
  expect([gif.width, gif.height]).toEqual([240, 160]);

  // The outer half of the glow (alpha 8–127): every pixel opaque, the glow's orange faded into white.
  const faint = softEdgeShares(logo, gif, [8, 127], WHITE);
  expect(faint.pixels).toBeGreaterThan(2000);
  expect(faint.opaque).toBe(1);
  expect(faint.meanError).toBeLessThan(4);
  expect(faint.maxError).toBeLessThan(24);
  // The inner half and the logo itself, just the same.
  const strong = softEdgeShares(logo, gif, [128, 255], WHITE);
  expect(strong.opaque).toBe(1);
  expect(strong.meanError).toBeLessThan(4);
  // Under the threshold (alpha 0–7): transparent, as is the outside.
  expect(softEdgeShares(logo, gif, [0, 7], WHITE).opaque).toBe(0);
  expect(gif.data[3]).toBe(0);

  // A harder cut is still there: at 255 only the opaque logo stays, and the converter converts again by itself.
  const preview = page.getByRole('img', { name: 'The converted GIF on the preview background' });
  const previous = await preview.getAttribute('src');
  await threshold.focus();
  await page.keyboard.press('End');
  await expect(threshold).toHaveAttribute('aria-valuenow', '255');
  await expect(page.getByRole('button', { name: 'Use the default (8)' })).toBeVisible();
  expect(await seriousViolations(page, { include: 'section[aria-labelledby="transparency-title"]' })).toEqual([]);
  await expect(preview).not.toHaveAttribute('src', previous!, { timeout: 45_000 });
  await expect(page.getByRole('link', { name: 'Download' })).toBeVisible({ timeout: 45_000 });
  const harder = await downloadImage(page);
  expect(softEdgeShares(logo, harder, [1, 254], WHITE).opaque).toBe(0);
  const kept = softEdgeShares(logo, harder, [255, 255], WHITE);
  expect(kept.opaque).toBe(1);
  expect(kept.meanError).toBeLessThan(4);
});
