/**
 * What the browser's own threads do during a conversion: a Chromium trace from the click on Convert to the
 * ready text, with the compositor (`VizCompositorThread`) and the thread pool's events (raster, image
 * decodes, garbage collection) added up by name, for each of three conversions (`WHEN=1`: when each image
 * decode ran, in ms from the trace's first task, the click). Work there takes the
 * same two cores as the engine's workers on a machine that paints in software.
 *
 *   npm run build && npx tsx tests/bench/probes/thread-events.ts <folder of PNGs> [dist dir]
 */
import { readdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../browser';
import { chooseFiles, chooseMode, clearSelection, convertAndWait, openConverter } from '../app-ui';
import { startPreviewServer } from '../../support/preview-server';
import { threadKey, threadNamesOf, traced } from './trace';

const [folder, outDir = 'dist'] = process.argv.slice(2);
if (!folder) throw new Error('Usage: thread-events.ts <folder of PNGs> [dist dir]');
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.png'))
  .sort()
  .map((name) => `${folder}/${name}`);
const CATEGORIES = ['toplevel', 'devtools.timeline', 'v8', 'disabled-by-default-v8.gc', 'cc', 'viz', 'gpu'];

const server = await startPreviewServer({ outDir });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await (await browser.newContext({ bypassCSP: true })).newPage();
  await openConverter(page, server.origin);
  const cdp = await page.context().newCDPSession(page);
  for (let run = 1; run <= 3; run++) {
    await clearSelection(page);
    await chooseFiles(page, files);
    await chooseMode(page, files.length > 1 ? 'animated' : 'static');
    let ms = 0;
    const events = await traced(cdp, CATEGORIES, async () => {
      ms = (await convertAndWait(page, 120_000)).ms;
    });
    const names = threadNamesOf(events);
    const byName = new Map<string, number>();
    for (const e of events) {
      const thread = names.get(threadKey(e)) ?? '';
      if (!/ThreadPool|VizCompositor/.test(thread) || e.ph !== 'X' || !e.dur) continue;
      const key = `${thread} ${e.name}`;
      byName.set(key, (byName.get(key) ?? 0) + e.dur / 1000);
    }
    const start = Math.min(...events.filter((e) => e.ph === 'X').map((e) => e.ts));
    const decodes = events.filter((e) => e.name === 'SoftwareImageDecodeCache::DecodeImageInTask' && e.dur);
    if (process.env.WHEN)
      console.log(
        'decodes at',
        decodes.map((e) => `${((e.ts - start) / 1000).toFixed(0)}+${(e.dur! / 1000).toFixed(0)}`).join(' '),
      );
    console.log(`click to result ${ms.toFixed(0)} ms; events by name (nested ones counted in each), ms:`);
    for (const [key, total] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
      console.log(`${total.toFixed(0).padStart(6)}  ${key}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
