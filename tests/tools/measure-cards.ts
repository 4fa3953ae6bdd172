/**
 * How long the file list and the settings take to appear after files are chosen, on a first visit
 * (fresh browser context: empty HTTP cache, no service worker), measured on the production build.
 * The clock runs in the page: from the file input's change event to the settings card in the DOM.
 * Run: `npm run build && npx tsx tests/tools/measure-cards.ts [runs] [ms the visitor waits before choosing]`;
 * MEASURE_DIST=<dir> measures another build (e.g. of an older commit) the same way, for a before/after.
 */
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from '../browser';
import { encodePng, testPattern } from '../fixtures/pngs';
import { startPreviewServer } from '../support/preview-server';

const RUNS = Number(process.argv[2] ?? 7);
/** A person needs a moment to pick files: the page is idle this long after its load event. */
const THINK_MS = Number(process.argv[3] ?? 1000);

const files = [1, 2].map((n) => ({
  name: `frame${n}.png`,
  mimeType: 'image/png',
  buffer: Buffer.from(encodePng(testPattern(800, 600, n * 40))),
}));

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  assertChromiumInstalled();
  const server = await startPreviewServer(process.env.MEASURE_DIST ? { outDir: process.env.MEASURE_DIST } : {});
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const times: { list: number; settings: number; fetchedAfter: number }[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ baseURL: server.origin, serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.goto('/', { waitUntil: 'load' });
      await page.waitForTimeout(THINK_MS);
      const shown = page.evaluate(
        () =>
          new Promise<{ list: number; settings: number; fetchedAfter: number }>((resolve) => {
            let chosenAt = 0;
            let listAt = 0;
            document.addEventListener('change', () => (chosenAt = performance.now()), { capture: true, once: true });
            // No named functions in here: tsx would wrap them in a helper the page does not have.
            new MutationObserver((_, observer) => {
              if (chosenAt === 0) return;
              if (!listAt && document.getElementById('selected-files-title')) listAt = performance.now();
              if (!listAt || !document.getElementById('settings-title')) return;
              observer.disconnect();
              const scripts = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js'));
              resolve({
                list: listAt - chosenAt,
                settings: performance.now() - chosenAt,
                fetchedAfter: scripts.filter((entry) => entry.startTime >= chosenAt).length,
              });
            }).observe(document.body, { childList: true, subtree: true });
          }),
      );
      await page.locator('input[type="file"]').setInputFiles(files);
      times.push(await shown);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const list = times.map((t) => t.list);
  const settings = times.map((t) => t.settings);
  console.log(
    `first visit, files chosen ${THINK_MS} ms after the load event; ms from the choice (load: ${loadAverage()}):`,
  );
  console.log(`  file list shown: ${list.map((t) => t.toFixed(0)).join(', ')}; median ${median(list).toFixed(0)}`);
  console.log(
    `  settings shown:  ${settings.map((t) => t.toFixed(0)).join(', ')}; median ${median(settings).toFixed(0)}`,
  );
  console.log(`  scripts fetched after the choice: ${times.map((t) => t.fetchedAfter).join(', ')}`);
}

await main();
