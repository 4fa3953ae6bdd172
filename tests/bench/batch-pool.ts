/**
 * Batch benchmark: the bench's ten 1920x1080 stills (5 photo-like, 5
 * screenshot-like) converted in Static mode (one GIF per file) on the production build in Chromium, with a
 * pool of 1 engine (`?pool=1`) and with the default pool, alternating, in the same run. Prints each run
 * and the ratio of the medians; asserts nothing.
 * Run: `npm run build && npx tsx tests/bench/batch-pool.ts [rounds]`
 */
import { statSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from '../browser';
import { startPreviewServer } from '../support/preview-server';
import { CONVERSION_CASES } from './cases';
import { ensureCaseInputs } from './inputs/write-inputs';

const ROUNDS = Number(process.argv[2] ?? 2);
const BATCH_CASE = CONVERSION_CASES.find((c) => c.id === 'batch-10x1920x1080')!;

interface Run {
  label: string;
  seconds: number;
  converted: string;
}

/** The PNG paths, drawn once and cached in bench-results/inputs/ by the bench's own generator. */
const stills = (): string[] => ensureCaseInputs(BATCH_CASE).files;

async function convertOnce(browser: Browser, url: string, label: string, files: string[]) {
  const page = await browser.newPage();
  await page.goto(url);
  await page.locator('input[type="file"]').setInputFiles(files);
  await page.locator('label', { hasText: 'Static (one GIF per file)' }).click();
  // The idle warm-up has loaded the engines by the time a person has chosen files; wait for it the same way.
  await page.waitForLoadState('networkidle');
  const start = Date.now();
  await page.getByRole('button', { name: /^Convert/ }).click();
  const summary = page.getByText(/^\d+ of \d+ files converted$/);
  await summary.waitFor({ timeout: 15 * 60_000 });
  const seconds = (Date.now() - start) / 1000;
  const run: Run = { label, seconds, converted: (await summary.textContent()) ?? '' };
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  await page.close();
  return { run, cores };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  assertChromiumInstalled();
  const files = stills();
  const megabytes = files.reduce((sum, file) => sum + statSync(file).size, 0) / 1024 / 1024;
  console.log(`${files.length} stills of 1920x1080, ${megabytes.toFixed(1)} MB of PNG in total; ${ROUNDS} round(s)`);
  const server = await startPreviewServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const runs: Run[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating the order keeps a warming machine from favouring either side.
      const order = round % 2 === 0 ? ['pool=1', 'default'] : ['default', 'pool=1'];
      for (const label of order) {
        const url = label === 'pool=1' ? `${server.origin}/?pool=1` : `${server.origin}/`;
        const { run, cores } = await convertOnce(browser, url, label, files);
        runs.push(run);
        console.log(
          `round ${round + 1} ${label.padEnd(8)} ${run.seconds.toFixed(1)} s (${run.converted}; cores ${cores})`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const one = median(runs.filter((r) => r.label === 'pool=1').map((r) => r.seconds));
  const pool = median(runs.filter((r) => r.label === 'default').map((r) => r.seconds));
  console.log(
    `median pool=1 ${one.toFixed(1)} s, default pool ${pool.toFixed(1)} s, speed-up ×${(one / pool).toFixed(2)}`,
  );
}

await main();
