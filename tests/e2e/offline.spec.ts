import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { FIXTURES, GENERATED_DIR } from '../fixtures/make-fixtures';
import { decodePng, encodePng, testPattern } from '../fixtures/pngs';
import { decodeGif, isGif, perceivedMeanAbsoluteError } from '../support/gif';
import { startPreviewServer, type PreviewServer } from '../support/preview-server';
import { holdEngineDownload } from './support/engine-download';

/** Three frames that differ enough (blue channel) for each decoded frame to be matched to its source. */
const FRAMES = [0, 120, 240].map((hue, index) => ({
  name: `offline-frame-${index + 1}.png`,
  image: testPattern(120, 90, hue),
}));
const FRAMES_DIR = join(GENERATED_DIR, 'offline');

function writeFrames(): string[] {
  mkdirSync(FRAMES_DIR, { recursive: true });
  return FRAMES.map(({ name, image }) => {
    const path = join(FRAMES_DIR, name);
    writeFileSync(path, encodePng(image));
    return path;
  });
}

/** Everything the tab sends, and every sign of a Content-Security-Policy violation, for the final assertions. */
function watchContext(context: BrowserContext) {
  const requests: string[] = [];
  const cspReports: string[] = [];
  /** Responses received once the network is gone, and whether the service worker gave them (not the HTTP cache). */
  const withoutNetwork = { active: false, responses: [] as { url: string; fromServiceWorker: boolean }[] };
  context.on('request', (request) => requests.push(request.url()));
  context.on('response', (response) => {
    if (withoutNetwork.active && /^https?:/.test(response.url()))
      withoutNetwork.responses.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() });
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspReports.push(message.text());
  });
  context.on('page', (page) =>
    page.on('worker', (worker) =>
      worker.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) cspReports.push(message.text());
      }),
    ),
  );
  return { requests, cspReports, withoutNetwork };
}

async function listenForCspViolations(context: BrowserContext, cspReports: string[]): Promise<void> {
  await context.exposeBinding('reportCspViolation', (_source, report: string) => cspReports.push(report));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = `${event.violatedDirective} blocked ${event.blockedURI}`;
      (window as unknown as { reportCspViolation(report: string): void }).reportCspViolation(report);
    });
  });
}

async function convertAndDownload(page: Page, files: string[]): Promise<Uint8Array> {
  await page.locator('input[type="file"]').setInputFiles(files);
  if (files.length > 1) {
    // The mode control belongs to the settings card; the animated assertions below fail if it is missing.
    const animatedMode = page.getByText('Animated GIF', { exact: true });
    if ((await animatedMode.count()) > 0) await animatedMode.click();
  }
  await page.getByRole('button', { name: /^Convert/ }).click();
  const download = page.getByRole('link', { name: 'Download' }).or(page.getByRole('button', { name: 'Download' }));
  await expect(download.first()).toBeVisible({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.first().click()]);
  return new Uint8Array(readFileSync(await file.path()));
}

async function expectStaticGifOf(bytes: Uint8Array, pngPath: string): Promise<void> {
  expect(isGif(bytes)).toBe(true);
  const gif = decodeGif(bytes);
  const source = decodePng(readFileSync(pngPath));
  expect(gif.frames).toHaveLength(1);
  expect([gif.width, gif.height]).toEqual([source.width, source.height]);
  expect(perceivedMeanAbsoluteError(gif.frames[0]!.image, source)).toBeLessThan(6);
}

/** Every frame present, in order, each resembling its own PNG more than any other. */
function expectAnimatedGifOfFrames(bytes: Uint8Array): void {
  expect(isGif(bytes)).toBe(true);
  const gif = decodeGif(bytes);
  expect([gif.width, gif.height]).toEqual([FRAMES[0]!.image.width, FRAMES[0]!.image.height]);
  // Soft: the rest of the offline journey still runs and reports when only the frame count is wrong.
  expect.soft(gif.frames, 'one GIF frame per PNG').toHaveLength(FRAMES.length);
  // The default settings: 500 ms per frame, looping forever.
  expect.soft(gif.frames.map((frame) => frame.delayCs)).toEqual(FRAMES.map(() => 50));
  expect.soft(gif.loopCount, 'loops forever').toBe(0);
  gif.frames.slice(0, FRAMES.length).forEach((frame, index) => {
    expect.soft(perceivedMeanAbsoluteError(frame.image, FRAMES[index]!.image), `frame ${index + 1}`).toBeLessThan(8);
  });
}

async function expectRouteFromCache(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.fromServiceWorker(), `${path} served by the service worker`).toBe(true);
  await expect(page).toHaveTitle(/PNG to GIF Converter/);
  // React rendered a heading: the app's scripts and styles came from the cache too.
  await expect(page.getByRole('heading').first()).toBeVisible();
}

async function expectOfflineJourney(page: Page, frames: string[]): Promise<void> {
  await expectRouteFromCache(page, '/feedback');
  // Each page's own prerendered HTML, and the not-found page for any other path.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We Value Your Feedback');
  await expectRouteFromCache(page, '/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expectRouteFromCache(page, '/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expectRouteFromCache(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('PNG to GIF');
  expectAnimatedGifOfFrames(await convertAndDownload(page, frames));
}

test('after one visit, every route and a conversion work without network, then without the server', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const frames = writeFrames();
  const staticPng = join(GENERATED_DIR, FIXTURES.pattern.name);
  let server: PreviewServer | null = await startPreviewServer();
  const origin = server.origin;
  const context = await browser.newContext({ baseURL: origin, acceptDownloads: true });
  const { requests, cspReports, withoutNetwork } = watchContext(context);
  let precachedWasm: string[] = [];
  await listenForCspViolations(context, cspReports);

  try {
    const page = await context.newPage();

    await test.step('first visit: the app caches itself, then converts online', async () => {
      // The engine download is held until the quiet indicator has been seen, so it cannot flash by unnoticed.
      const releaseEngine = await holdEngineDownload(context);
      await page.goto('/');
      await expect(page.getByText('Preparing offline mode…', { exact: true })).toBeVisible();
      await expect(page.getByText('Ready to work offline', { exact: true })).toHaveCount(0);
      releaseEngine();
      await expect(page.getByText('Ready to work offline', { exact: true })).toBeVisible({ timeout: 120_000 });
      await context.unrouteAll();
      await expectStaticGifOf(await convertAndDownload(page, [staticPng]), staticPng);
    });

    await test.step('offline: reload, a deep route, an animated conversion', async () => {
      await context.setOffline(true);
      withoutNetwork.active = true;
      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await expect(page.getByText('Offline', { exact: true })).toBeVisible();
      await expectOfflineJourney(page, frames);
    });

    await test.step('server stopped: a new page does it all again', async () => {
      await server!.stop();
      server = null;
      await context.setOffline(false);
      const fresh = await context.newPage();
      await expectOfflineJourney(fresh, frames);
      await expect(fresh.getByText('Ready to work offline', { exact: true })).toBeVisible();
      precachedWasm = await fresh.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        }
        return urls.filter((url) => url.endsWith('.wasm'));
      });
    });

    const foreign = requests.filter((url) => /^https?:/.test(url) && !url.startsWith(`${origin}/`));
    expect(foreign, 'requests that left the origin').toEqual([]);
    // Every file came from the precache, not from the browser's HTTP cache: through the service worker, or
    // for the engine's wasm, which its worker reads straight from Cache Storage (runtime/ffmpeg-core.worker.ts),
    // without a request at all.
    expect(withoutNetwork.responses.filter((response) => !response.fromServiceWorker)).toEqual([]);
    expect(withoutNetwork.responses.map((response) => response.url)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/assets\/ffmpeg-core\.worker-[\w-]+\.js$/)]),
    );
    // The core's and the optimiser's LZW encoder's (fetched by the optimiser worker, through the service worker).
    expect(precachedWasm.toSorted(), 'the engine wasm in Cache Storage').toEqual([
      expect.stringMatching(/\/ffmpeg-core-[\w-]+\.wasm$/),
      expect.stringMatching(/\/gif-lzw-[\w-]+\.wasm$/),
    ]);
    expect(withoutNetwork.responses.map((response) => response.url)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/assets\/gif-lzw-[\w-]+\.wasm$/)]),
    );
    expect(cspReports, 'Content-Security-Policy violations').toEqual([]);
  } finally {
    await context.close();
    await server?.stop();
  }
});
