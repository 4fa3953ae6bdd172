import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertChromiumInstalled, CHROMIUM_ARGS, CHROMIUM_PATH } from '../browser';
import {
  chooseFiles,
  chooseMode,
  chooseQuality,
  clearSelection,
  convertAndWait,
  downloadResults,
  openConverter,
} from './app-ui';
import { mockConverterPage } from './mock-converter-page';

const MOCK_URL = 'http://converter.test/';
const MAX_FILES = 3;

describe('the UI driver, against a converter page with mode, quality, batch results and a file limit', () => {
  let browser: Browser;
  let page: Page;
  let dir: string;
  const file = (name: string) => join(dir, name);

  beforeAll(async () => {
    assertChromiumInstalled();
    dir = mkdtempSync(join(tmpdir(), 'bench-ui-'));
    for (const name of ['1.png', '2.png', '3.png', '4.png', 'broken.png']) writeFileSync(file(name), 'png');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ acceptDownloads: true, bypassCSP: true });
    await context.route(`${MOCK_URL}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: mockConverterPage(MAX_FILES) }),
    );
    page = await context.newPage();
    await openConverter(page, MOCK_URL);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await clearSelection(page);
  });

  const three = () => ['1.png', '2.png', '3.png'].map(file);

  it('runs Static mode with several files as a batch and reads the GIFs from the zip, in name order', async () => {
    expect(await chooseFiles(page, three())).toEqual({ accepted: true });
    expect(await chooseMode(page, 'static')).toBe('selected');
    const timing = await convertAndWait(page, 10_000);
    expect(timing).toMatchObject({ results: 3, failed: null });
    expect(timing.ms).toBeGreaterThan(0);
    expect((await downloadResults(page)).map((gif) => gif[6])).toEqual([1, 2, 3]);
  });

  it('runs Animated mode as one result, downloaded from its own link', async () => {
    await chooseFiles(page, three());
    expect(await chooseMode(page, 'animated')).toBe('selected');
    expect(await convertAndWait(page, 10_000)).toMatchObject({ results: 1, failed: null });
    expect((await downloadResults(page)).map((gif) => gif[6])).toEqual([1]);
  });

  it('chooses the same files again after a reset', async () => {
    await chooseFiles(page, three());
    await clearSelection(page);
    expect(await chooseFiles(page, three())).toEqual({ accepted: true });
  });

  it('says when the UI keeps fewer files than chosen', async () => {
    const four = ['1.png', '2.png', '3.png', '4.png'].map(file);
    expect(await chooseFiles(page, four)).toEqual({ accepted: false, reason: 'the UI kept 3 of 4 files' });
  });

  it('reports a failed conversion instead of waiting for a result', async () => {
    await chooseFiles(page, [file('broken.png')]);
    const timing = await convertAndWait(page, 10_000);
    expect(timing.failed).toBe('Conversion Failed: Failed to load image');
    expect(timing.results).toBe(0);
  });

  it('moves the quality slider up and down to the asked value', async () => {
    await chooseFiles(page, three());
    expect(await chooseQuality(page, 100)).toBe('set');
    expect(await page.getByRole('slider').getAttribute('aria-valuenow')).toBe('100');
    await chooseQuality(page, 30);
    expect(await page.getByRole('slider').getAttribute('aria-valuenow')).toBe('30');
  });
});
