/**
 * The size estimate's sample on a fresh page, for several builds in turn: files chosen, the estimate waited
 * for, then the sample's stages (the engine's User Timing mark) and the estimate it gave. What the sample
 * costs is what a Convert clicked while it runs waits for.
 * Run: `npx tsx tests/bench/probes/estimate-sample.ts <rounds> <folder of PNGs> <dist dir>…`
 */
import { readdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../browser';
import { chooseFiles, chooseMode, openConverter } from '../app-ui';
import { startPreviewServer } from '../../support/preview-server';
const [ROUNDS = '4', FOLDER, ...DIRS] = process.argv.slice(2);
const files = readdirSync(FOLDER!)
  .filter((n) => n.endsWith('.png'))
  .sort()
  .map((n) => `${FOLDER}/${n}`);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const servers = await Promise.all(DIRS.map((outDir) => startPreviewServer({ outDir })));
for (let r = 0; r < Number(ROUNDS); r++) {
  for (const [n, dir] of DIRS.entries()) {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await openConverter(page, `${servers[n]!.origin}/`);
    await page.waitForTimeout(1500);
    await chooseFiles(page, files);
    await chooseMode(page, files.length > 1 ? 'animated' : 'static');
    await page.getByTestId('size-estimate').filter({ hasText: 'Estimated size' }).waitFor({ timeout: 20000 });
    const est = await page.getByTestId('size-estimate').textContent();
    const d = (await page.evaluate(
      `performance.getEntriesByName('png2gif:sample-stages').map((e) => e.detail)`,
    )) as Record<string, number>[];
    console.log(
      dir,
      JSON.stringify(Object.fromEntries(Object.entries(d.at(-1) ?? {}).map(([k, v]) => [k, Math.round(v)]))),
      est?.replace(/.*about ([\d.]+ \w+).*/, '$1'),
    );
    await context.close();
  }
}
await Promise.all(servers.map((s) => s.stop()));
await browser.close();
