import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readGifInfo } from '@/features/converter/rules/gif/bytes';
import { LIMITS } from '@/features/converter/rules/settings';
import {
  chooseFiles,
  chooseMode,
  chooseQuality,
  chooseSoftEdges,
  clearSelection,
  convertAndWait,
  downloadResults,
  openConverter,
  pageNow,
  SAMPLE_STAGES_MARK,
  setFraming,
  settle,
  turnBack,
} from '../bench/app-ui';
import { encodePng, makeRgba, testPattern } from '../fixtures/pngs';
import { decodeGif } from '../support/gif';

/**
 * `npm run bench` drives the app through tests/bench/app-ui.ts, the one module that knows the UI. These
 * tests prove that driver on the production build, so a UI change that would blind the bench fails here.
 */
test.describe('the bench’s UI driver, on the app', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let dir: string;
  const file = (name: string) => join(dir, name);
  /** 1.png is 11 pixels wide, 2.png 12, …: a GIF's width tells which file it came from. */
  const numbered = (count: number) => Array.from({ length: count }, (_, i) => file(`${i + 1}.png`));
  const three = () => numbered(3);

  test.beforeAll(async ({ browser, baseURL }) => {
    dir = mkdtempSync(join(tmpdir(), 'bench-driver-'));
    for (let i = 1; i <= LIMITS.maxFiles + 1; i++)
      writeFileSync(file(`${i}.png`), encodePng(testPattern(10 + i, 8, i * 30)));
    writeFileSync(file('broken.png'), 'not a png at all');
    writeFileSync(file('soft.png'), encodePng(makeRgba(64, 16, (x) => [200, 0, 0, x * 4])));
    // As the bench opens it: the driver's in-page probes are strings, which the page's CSP would refuse.
    page = await browser.newPage({ acceptDownloads: true, bypassCSP: true, baseURL });
    await openConverter(page, '/');
  });

  test.afterAll(async () => {
    await page?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test.beforeEach(async () => {
    await clearSelection(page);
  });

  test('runs Static mode with several files as a batch and reads the GIFs from the zip, in name order', async () => {
    expect(await chooseFiles(page, three())).toEqual({ accepted: true });
    expect(await chooseMode(page, 'static')).toBe('selected');
    const timing = await convertAndWait(page, 30_000);
    expect(timing).toMatchObject({ results: 3, failed: null });
    expect(timing.ms).toBeGreaterThan(0);
    expect((await downloadResults(page)).map((gif) => readGifInfo(gif).width)).toEqual([11, 12, 13]);
  });

  test('runs Animated mode as one result, downloaded from its own link', async () => {
    await chooseFiles(page, three());
    expect(await chooseMode(page, 'animated')).toBe('selected');
    expect(await convertAndWait(page, 30_000)).toMatchObject({ results: 1, failed: null });
    const gifs = await downloadResults(page);
    expect(gifs).toHaveLength(1);
    expect(readGifInfo(gifs[0]!).frames).toHaveLength(3);
  });

  test('dithers soft edges on the Transparency card and sets them back, and says when there is no card', async () => {
    await chooseFiles(page, [file('soft.png')]);
    expect(await chooseSoftEdges(page, 'Dither', 10_000)).toBe(true);
    expect(await convertAndWait(page, 30_000)).toMatchObject({ results: 1, failed: null });
    const image = decodeGif((await downloadResults(page))[0]!).frames[0]!.image;
    // Under half opacity (the left half): all transparent when cut, partly shown when dithered.
    let shown = 0;
    for (let y = 0; y < 16; y++) for (let x = 0; x < 32; x++) shown += image.data[(y * 64 + x) * 4 + 3] === 255 ? 1 : 0;
    expect(shown).toBeGreaterThan(32);
    expect(await chooseSoftEdges(page, 'Cut', 0)).toBe(true);
    await clearSelection(page);
    await chooseFiles(page, three());
    expect(await chooseSoftEdges(page, 'Dither', 1_000)).toBe(false);
  });

  test('chooses the same files again after a reset', async () => {
    await chooseFiles(page, three());
    await clearSelection(page);
    expect(await chooseFiles(page, three())).toEqual({ accepted: true });
  });

  test('says when the UI refuses some of the files chosen', async () => {
    const choice = await chooseFiles(page, numbered(LIMITS.maxFiles + 1));
    expect(choice).toMatchObject({
      accepted: false,
      reason: expect.stringMatching(/Some files were rejected|Too many files/),
    });
  });

  test('reports a failed conversion instead of waiting for a result', async () => {
    await chooseFiles(page, [file('broken.png')]);
    const timing = await convertAndWait(page, 30_000);
    expect(timing.failed).toMatch(/^Conversion Failed/);
    expect(timing.results).toBe(0);
  });

  test('moves the quality slider up and down to the asked value', async () => {
    await chooseFiles(page, three());
    const quality = page.getByRole('slider', { name: /quality/i });
    expect(await chooseQuality(page, 100)).toBe('set');
    await expect(quality).toHaveAttribute('aria-valuenow', '100');
    await chooseQuality(page, 30);
    await expect(quality).toHaveAttribute('aria-valuenow', '30');
  });

  test('crops and turns through the crop fields and Rotate right, waits for the estimate, and turns back', async () => {
    // 1.png is 11 × 8.
    await chooseFiles(page, [file('1.png')]);
    const changedAt = await pageNow(page);
    await setFraming(page, { crop: { x: 1, y: 2, width: 6, height: 5 }, quarterTurnsRight: 1 });
    await settle(page, changedAt, { pauseMs: 0, estimate: true });
    const samples = `performance.getEntriesByName('${SAMPLE_STAGES_MARK}').filter((e) => e.startTime > ${changedAt}).length`;
    expect(await page.evaluate(samples)).toBeGreaterThan(0);
    expect(await convertAndWait(page, 30_000)).toMatchObject({ results: 1, failed: null });
    expect(readGifInfo((await downloadResults(page))[0]!)).toMatchObject({ width: 5, height: 6 });
    await turnBack(page, 1);
    await clearSelection(page);
    await chooseFiles(page, [file('1.png')]);
    expect(await convertAndWait(page, 30_000)).toMatchObject({ results: 1, failed: null });
    expect(readGifInfo((await downloadResults(page))[0]!)).toMatchObject({ width: 11, height: 8 });
  });
});
