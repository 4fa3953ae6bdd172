/**
 * Batch benchmark for the closing note of issue 7: ten 1920x1080 stills converted in Static mode (one GIF
 * per file) on the production build in Chromium, once with a pool of 1 engine (`?pool=1`) and once with the
 * default pool, alternating, in the same run. Prints each run and the ratio of the medians; asserts nothing.
 * Run: `npm run build && npx tsx tests/bench/batch-pool.ts [rounds]`
 */
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from '../browser';
import { encodePng, testPattern } from '../fixtures/pngs';
import { startPreviewServer } from '../support/preview-server';

const ROUNDS = Number(process.argv[2] ?? 2);
const FILES = 10;

interface Run {
  label: string;
  seconds: number;
  converted: string;
}

function stills(): { name: string; mimeType: string; buffer: Buffer }[] {
  return Array.from({ length: FILES }, (_, i) => ({
    name: `still-${i + 1}.png`,
    mimeType: 'image/png',
    buffer: Buffer.from(encodePng(testPattern(1920, 1080, i * 25))),
  }));
}

async function convertOnce(browser: Browser, url: string, label: string, files: ReturnType<typeof stills>) {
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
  const megabytes = files.reduce((sum, f) => sum + f.buffer.length, 0) / 1024 / 1024;
  console.log(`${FILES} stills of 1920x1080, ${megabytes.toFixed(1)} MB of PNG in total; ${ROUNDS} round(s)`);
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
