import { appendFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startPreviewServer } from '../support/preview-server';

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));

test('a new deployment is offered with a reload, which brings the page under the new version', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  // A private copy of the build, so "deploying" a new service worker does not disturb other specs.
  const site = testInfo.outputPath('site');
  cpSync(DIST, site, { recursive: true });
  const server = await startPreviewServer({ outDir: site });
  const context = await browser.newContext({ baseURL: server.origin });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByText('Ready to work offline', { exact: true })).toBeVisible({ timeout: 120_000 });
    await expect(page.getByText('A new version is available', { exact: true })).toHaveCount(0);

    // A deployment changes the service worker's bytes; the next navigation finds it.
    appendFileSync(join(site, 'sw.js'), '\n// next deployment\n');
    await page.reload();
    const prompt = page.getByRole('alertdialog', { name: 'A new version is available' });
    await expect(prompt).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Ready to work offline', { exact: true })).toBeVisible();

    await page.evaluate(() => sessionStorage.setItem('before-update', String(performance.timeOrigin)));
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    const timeOriginBefore = await page.evaluate(() => sessionStorage.getItem('before-update'));
    expect(await page.evaluate(() => String(performance.timeOrigin))).not.toBe(timeOriginBefore);
    await expect(page.getByText('Ready to work offline', { exact: true })).toBeVisible();
    await expect(page.getByText('A new version is available', { exact: true })).toHaveCount(0);
    const registration = await page.evaluate(async () => {
      const current = await navigator.serviceWorker.getRegistration();
      return { waiting: current?.waiting !== null, controlled: navigator.serviceWorker.controller !== null };
    });
    expect(registration).toEqual({ waiting: false, controlled: true });
  } finally {
    await context.close();
    await server.stop();
  }
});
