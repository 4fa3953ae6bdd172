/**
 * What Convert costs when it lands while the size estimate's sample is still encoding. The app encodes a
 * sample half a second after the files or settings settle (ui/SizeEstimate.tsx), and Convert cancels it.
 * Each round chooses the frames again and clicks Convert after a pause drawn between 0 and 1200 ms, so
 * some clicks land during a sample; a round that started new decode workers (a stopped engine, or a cold
 * second instance) is counted apart. Several builds are measured in turn, so that they share the machine's load.
 * Run: `npx tsx tests/bench/probes/estimate-cancel.ts [rounds] [case dir] [dist dirs…]`
 * (default: 16 rounds of the bench's 10 × 800x600 UI animation on dist/).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { assertChromiumInstalled, CHROMIUM_ARGS, CHROMIUM_PATH } from '../../browser';
import { chooseFiles, chooseMode, clearSelection, convertAndWait, openConverter } from '../app-ui';
import { INPUTS_DIR } from '../paths';
import { startPreviewServer } from '../../support/preview-server';

const ROUNDS = Number(process.argv[2] ?? 16);
const CASE_DIR = process.argv[3] ?? join(INPUTS_DIR, 'anim-800x600-ui');
const DIRS = process.argv.slice(4).length > 0 ? process.argv.slice(4) : ['dist'];
const MAX_PAUSE_MS = 1200;

const median = (values: number[]) =>
  values.length ? Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!) : NaN;

assertChromiumInstalled();
const files = readdirSync(CASE_DIR)
  .filter((name) => name.endsWith('.png'))
  .sort()
  .map((name) => join(CASE_DIR, name));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const servers = await Promise.all(DIRS.map((outDir) => startPreviewServer({ outDir })));
const samples = DIRS.map(() => ({ warm: [] as number[], newWorkers: [] as number[] }));
try {
  const pages = await Promise.all(
    servers.map(async (server) => {
      const context = await browser.newContext({ bypassCSP: true });
      const page = await context.newPage();
      // Decode workers are replaced only with a stopped engine or a new instance; a core retired after a
      // heavy job (a big still) takes no worker with it but its own.
      let workersStarted = 0;
      page.on('worker', (worker) => {
        if (worker.url().includes('decode.worker')) workersStarted++;
      });
      await openConverter(page, server.origin);
      return { page, started: () => workersStarted };
    }),
  );
  for (let round = 0; round <= ROUNDS; round++) {
    const pause = Math.random() * MAX_PAUSE_MS;
    for (const [n, { page, started }] of pages.entries()) {
      await chooseFiles(page, files);
      if (files.length > 1) await chooseMode(page, 'animated');
      await page.waitForTimeout(pause);
      const before = started();
      const { ms, failed } = await convertAndWait(page, 60_000);
      if (failed) throw new Error(`${DIRS[n]}: ${failed}`);
      // The first round warms the page up.
      if (round > 0) (started() > before ? samples[n]!.newWorkers : samples[n]!.warm).push(ms);
      await clearSelection(page);
    }
  }
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await browser.close();
}
console.log(
  `${ROUNDS} rounds of ${CASE_DIR}, Convert 0–${MAX_PAUSE_MS} ms after the choice; load ${loadavg()[0]!.toFixed(1)}`,
);
for (const [n, dir] of DIRS.entries()) {
  const { warm, newWorkers } = samples[n]!;
  console.log(
    `${dir}: median ${median([...warm, ...newWorkers])} ms; on the warm engine ${warm.length}× median ${median(warm)} ms; ` +
      `with new workers ${newWorkers.length}× median ${median(newWorkers)} ms`,
  );
}
