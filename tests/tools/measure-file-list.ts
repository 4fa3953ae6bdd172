/**
 * The bench's file-list figure, repeated: a first visit (empty profile, service worker allowed), files chosen
 * as soon as Convert shows, and the time from the file input's change event to the "Selected files" heading
 * laid out. Prints each run with the page's own User Timing marks after the change (add
 * `performance.mark('…')` calls to see where the time goes), then the median.
 * Run: `npm run build && npx tsx tests/tools/measure-file-list.ts <dist dir> <png> [runs]`; the bench writes
 * its 1920x1280 photo to bench-results/inputs/first-visit-1920x1280-photo/001.png.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from '../browser';
import { FILE_LIST_PROBE, chooseFiles, fileListVisibleMs, openConverter } from '../bench/app-ui';
import { startPreviewServer } from '../support/preview-server';

const [OUT_DIR = 'dist', PNG, RUNS = '5'] = process.argv.slice(2);

async function main() {
  if (!PNG) throw new Error('usage: measure-file-list.ts <dist dir> <png> [runs]');
  assertChromiumInstalled();
  const server = await startPreviewServer({ outDir: OUT_DIR });
  const times: number[] = [];
  try {
    for (let run = 0; run < Number(RUNS); run++) {
      const profile = mkdtempSync(join(tmpdir(), 'png-to-gif-list-'));
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
        headless: true,
        serviceWorkers: 'allow',
        bypassCSP: true,
      });
      try {
        const page = await context.newPage();
        await openConverter(page, `${server.origin}/`);
        await page.evaluate(FILE_LIST_PROBE);
        await chooseFiles(page, [PNG]);
        const ms = await fileListVisibleMs(page);
        const marks = (await page.evaluate(
          `performance.getEntriesByType('mark').map((m) => [m.name, m.startTime - window.__benchFileList.changeAt])`,
        )) as [string, number][];
        const after = marks.filter(([, at]) => at >= 0).map(([name, at]) => `${name} +${at.toFixed(0)}`);
        console.log(`${ms === null ? 'never' : `${ms.toFixed(0)} ms`}${after.length ? `; ${after.join(', ')}` : ''}`);
        if (ms !== null) times.push(ms);
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    }
  } finally {
    await server.stop();
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `median ${median?.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')}), load ${loadavg()[0]!.toFixed(1)}`,
  );
}

await main();
