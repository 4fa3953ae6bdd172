/**
 * How long the file list and the settings take to appear after files are chosen, on a first visit
 * (fresh browser context: empty HTTP cache, no service worker), measured on the production build.
 * The clock runs in the page, from the file input's change event: to the list and the settings in the DOM,
 * and to the first paint after each (a frame callback, then a task: the frame was drawn in between).
 * Run: `npm run build && npx tsx tests/bench/probes/cards.ts [runs] [ms the visitor waits before choosing]`;
 * MEASURE_DIST=<dir> measures another build (e.g. of an older commit) the same way, for a before/after.
 */
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from '../../browser';
import { encodePng, testPattern } from '../../fixtures/pngs';
import { startPreviewServer } from '../../support/preview-server';

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
interface Times {
  list: number;
  listPainted: number;
  settings: number;
  settingsPainted: number;
  fetchedAfter: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  assertChromiumInstalled();
  const server = await startPreviewServer(process.env.MEASURE_DIST ? { outDir: process.env.MEASURE_DIST } : {});
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const times: Times[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ baseURL: server.origin, serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.goto('/', { waitUntil: 'load' });
      await page.waitForTimeout(THINK_MS);
      const shown = page.evaluate(
        () =>
          new Promise<Times>((resolve) => {
            let chosenAt = 0;
            let listAt = 0;
            let listPaintedAt = 0;
            document.addEventListener('change', () => (chosenAt = performance.now()), { capture: true, once: true });
            // No named functions in here: tsx would wrap them in a helper the page does not have.
            new MutationObserver((_, observer) => {
              if (chosenAt === 0) return;
              if (!listAt && document.getElementById('selected-files-title')?.checkVisibility()) {
                listAt = performance.now();
                requestAnimationFrame(() => setTimeout(() => (listPaintedAt = performance.now())));
              }
              // The settings may be in the DOM before, rendered hidden in idle time: they count once shown.
              if (!listAt || !document.getElementById('settings-title')?.checkVisibility()) return;
              observer.disconnect();
              const settingsAt = performance.now();
              requestAnimationFrame(() =>
                setTimeout(() => {
                  const scripts = performance
                    .getEntriesByType('resource')
                    .filter((entry) => entry.name.endsWith('.js'));
                  resolve({
                    list: listAt - chosenAt,
                    listPainted: (listPaintedAt || performance.now()) - chosenAt,
                    settings: settingsAt - chosenAt,
                    settingsPainted: performance.now() - chosenAt,
                    fetchedAfter: scripts.filter((entry) => entry.startTime >= chosenAt).length,
                  });
                }),
              );
            }).observe(document.body, { childList: true, subtree: true, attributes: true });
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
  console.log(
    `first visit, files chosen ${THINK_MS} ms after the load event; ms from the choice (load: ${loadAverage()}):`,
  );
  const rows: [string, keyof Times][] = [
    ['file list in the DOM', 'list'],
    ['file list painted', 'listPainted'],
    ['settings in the DOM', 'settings'],
    ['settings painted', 'settingsPainted'],
  ];
  for (const [label, key] of rows) {
    const values = times.map((t) => t[key]);
    console.log(
      `  ${label.padEnd(20)} ${values.map((t) => t.toFixed(0)).join(', ')}; median ${median(values).toFixed(0)}`,
    );
  }
  console.log(`  scripts fetched after the choice: ${times.map((t) => t.fetchedAfter).join(', ')}`);
}

await main();
