import { expect, test, type Page } from '@playwright/test';
import { FAILURE_MESSAGES } from '@/features/converter/rules/errors';
import { expectToast, fileInput, patternPng, toast } from './home-support';

/**
 * What an engine without Chromium's extras looks like, made in Chromium by removing them before the app
 * runs: no launch queue or share target (Firefox, Safari), no service worker (Firefox's private windows),
 * no folder choice in the file dialog (phones' browsers before 2025), no file sharing (Firefox's desktop).
 */
const WITHOUT_EXTRAS = () => {
  delete (window as { launchQueue?: unknown }).launchQueue;
  delete (Window.prototype as { launchQueue?: unknown }).launchQueue;
  delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
  delete (Navigator.prototype as { share?: unknown }).share;
  delete (Navigator.prototype as { canShare?: unknown }).canShare;
  delete (HTMLInputElement.prototype as { webkitdirectory?: unknown }).webkitdirectory;
};

/** Errors the page throws or logs: an API the code leans on without checking shows up here. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

async function convertOne(page: Page): Promise<void> {
  await fileInput(page).setInputFiles([patternPng('a.png', 64, 48)]);
  await page.getByRole('button', { name: 'Convert to GIF' }).click();
  await expect(page.getByRole('link', { name: 'Download' })).toBeVisible({ timeout: 60_000 });
}

test('without launch queue, share target, service worker, folder choice or file sharing, the converter offers the rest', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await page.addInitScript(WITHOUT_EXTRAS);
  // Where the share target's redirect would land; without a service worker no files ever come.
  await page.goto('/?share-target');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('group', { name: /^Upload PNG files/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose a folder' })).toHaveCount(0);
  await convertOne(page);
  await expectToast(page, 'Conversion successful!');
  await expect(page.getByRole('button', { name: 'Share GIF' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('with every extra, Chromium offers folder choice', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Choose a folder' })).toBeVisible();
});

test('file sharing is offered only where the browser says it can share the GIF', async ({ page }) => {
  test.setTimeout(90_000);
  // Chromium on Linux has no share sheet: a stand-in that answers as a phone's browser does, and records.
  await page.addInitScript(() => {
    const record = window as unknown as { shared: { name: string; type: string; size: number }[]; refuse: string };
    record.shared = [];
    record.refuse = '';
    Object.defineProperty(Navigator.prototype, 'canShare', {
      configurable: true,
      value: (data: { files?: File[] }) => (data.files ?? []).every((file) => file.type === 'image/gif'),
    });
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: (data: { files: File[] }) => {
        if (record.refuse) return Promise.reject(new DOMException('Refused by the user agent', record.refuse));
        record.shared.push(...data.files.map(({ name, type, size }) => ({ name, type, size })));
        return Promise.resolve();
      },
    });
  });
  await page.goto('/');
  await convertOne(page);
  const share = page.getByRole('button', { name: 'Share GIF' });
  await share.click();
  const shared = await page.evaluate(() => (window as unknown as { shared: { name: string; type: string }[] }).shared);
  expect(shared).toEqual([
    { name: expect.stringMatching(/^converted_\d+\.gif$/), type: 'image/gif', size: expect.any(Number) },
  ]);

  // Closing the share sheet is not a failure.
  await page.evaluate(() => ((window as unknown as { refuse: string }).refuse = 'AbortError'));
  await share.click();
  await expect(toast(page, 'Could not share the GIF')).toHaveCount(0);

  await page.evaluate(() => ((window as unknown as { refuse: string }).refuse = 'NotAllowedError'));
  await share.click();
  await expectToast(page, 'Could not share the GIF');
  await expect(toast(page, /did not allow sharing just now/)).toBeVisible();
  await expect(toast(page, /user agent/)).toHaveCount(0);
});

test('Firefox on the desktop: canShare says no to files, and no Share button is offered', async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'canShare', { configurable: true, value: () => false });
    Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: () => Promise.resolve() });
  });
  await page.goto('/');
  await convertOne(page);
  await expect(page.getByRole('button', { name: 'Share GIF' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Download' })).toBeVisible();
});

test('files the installed app is opened with join the selection; one that cannot be read says so', async ({ page }) => {
  test.setTimeout(60_000);
  // The File Handling API's queue, as Chromium gives it to an installed app, fed by the test.
  await page.addInitScript(() => {
    const launch = window as unknown as { launch?: (params: unknown) => void };
    // Chromium's own queue is a read-only property: it is replaced, not assigned.
    Object.defineProperty(window, 'launchQueue', {
      configurable: true,
      value: { setConsumer: (consumer: (params: unknown) => void) => (launch.launch = consumer) },
    });
  });
  await page.goto('/');
  await page.waitForFunction(() => typeof (window as unknown as { launch?: unknown }).launch === 'function');
  const png = patternPng('opened.png', 40, 30);
  await page.evaluate((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const handle = { getFile: () => Promise.resolve(new File([bytes], 'opened.png', { type: 'image/png' })) };
    (window as unknown as { launch: (params: unknown) => void }).launch({ files: [handle] });
  }, png.buffer.toString('base64'));
  await expectToast(page, 'Files uploaded: 1 PNG file(s) ready for conversion.');

  await page.evaluate(() => {
    const gone = new DOMException('A requested file or directory could not be found.', 'NotFoundError');
    const handle = { getFile: () => Promise.reject(gone) };
    (window as unknown as { launch: (params: unknown) => void }).launch({ files: [handle] });
  });
  await expectToast(page, 'Failed to load image');
  await expect(toast(page, FAILURE_MESSAGES['file-unreadable'])).toBeVisible();
  await expect(toast(page, /could not be found/)).toHaveCount(0);
});
