import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Route } from '@playwright/test';
import { FAILURE_MESSAGES } from '@/features/converter/rules/errors';
import { flatColours } from '../fixtures/content';
import { encodePng } from '../fixtures/pngs';
import { decodeGif, isGif } from '../support/gif';
import { expectToast, fileInput, toast } from './home-support';
import { ENGINE_WASM } from './support/engine-download';

/** Fragments of the libraries' and browsers' own error texts: none may reach the page. */
const RAW_TEXT =
  /ffmpeg|load\(\)|RangeError|TypeError|CompileError|RuntimeError|DOMException|Uncaught|WebAssembly|magic word|Failed to fetch|dynamically imported|Aborted\(/i;

const CORE_WORKER = /\/assets\/ffmpeg-core\.worker-[\w-]+\.js$/;

/** Six flat colours in bands: a GIF of it keeps every pixel exactly (at most 256 colours). */
const PICTURE = flatColours(120, 90, 6, 1);
const PNG = { name: 'bands.png', mimeType: 'image/png', buffer: Buffer.from(encodePng(PICTURE)) };

// No service worker: its precache would serve the core without the routes below (and the core's worker
// reads the wasm from Cache Storage when it is there). A phone's width: the failure card starts below the fold.
test.use({ serviceWorkers: 'block', viewport: { width: 375, height: 740 } });

async function expectFailureShown(page: Page, message: string): Promise<void> {
  await expectToast(page, 'Conversion failed');
  await expect(toast(page, message)).toBeVisible();
  const card = page.getByTestId('conversion-failed');
  await expect(card).toContainText('Conversion Failed');
  await expect(card).toContainText(message);
  await expect(card).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Convert to GIF' })).toBeEnabled();
  // Where a failure is said (the footer names FFmpeg and WebAssembly on purpose).
  for (const said of [card, page.locator('.Toastify')]) expect(await said.innerText()).not.toMatch(RAW_TEXT);
}

async function expectExactGif(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Convert to GIF' }).click();
  const download = page.getByRole('link', { name: 'Download' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expectToast(page, 'Conversion successful!');
  await expect(page.getByTestId('conversion-failed')).toHaveCount(0);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const bytes = new Uint8Array(readFileSync(await file.path()));
  expect(isGif(bytes)).toBe(true);
  const gif = decodeGif(bytes);
  expect([gif.width, gif.height, gif.frames.length]).toEqual([120, 90, 1]);
  expect(Buffer.from(gif.frames[0]!.image.data).equals(Buffer.from(PICTURE.data))).toBe(true);
}

const BROKEN_CORES: { name: string; url: RegExp; answer: (route: Route) => Promise<void> }[] = [
  {
    name: 'its wasm is missing (404)',
    url: ENGINE_WASM,
    answer: (route) => route.fulfill({ status: 404, body: 'Not found' }),
  },
  {
    name: 'its wasm is not wasm',
    url: ENGINE_WASM,
    answer: (route) =>
      route.fulfill({ status: 200, contentType: 'application/wasm', body: Buffer.from('<!doctype html><p>gone</p>') }),
  },
  // A page left open across a deploy: its worker's hashed script is gone. The library never hears of it.
  { name: 'its worker script is missing', url: CORE_WORKER, answer: (route) => route.fulfill({ status: 404 }) },
];

for (const broken of BROKEN_CORES) {
  test(`an engine core that cannot load (${broken.name}) fails in the spec's words, and the next Convert loads a fresh one`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (broken.url.test(request.url())) requests.push(request.url());
    });
    await page.route(broken.url, broken.answer);
    await page.goto('/');
    await fileInput(page).setInputFiles([PNG]);
    await expectToast(page, 'Files uploaded: 1 PNG file(s) ready for conversion.');

    await page.getByRole('button', { name: 'Convert to GIF' }).click();
    await expectFailureShown(page, FAILURE_MESSAGES['engine-load']);
    const triedBeforeRetry = requests.length;
    expect(triedBeforeRetry).toBeGreaterThan(0);

    await page.unroute(broken.url);
    await expectExactGif(page);
    // The successful conversion fetched the core again rather than reusing a failed attempt.
    expect(requests.length).toBeGreaterThan(triedBeforeRetry);
  });
}
