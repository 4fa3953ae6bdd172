/**
 * The bench's file-list figure, repeated: a first visit (empty profile, service worker allowed), files chosen
 * as soon as Convert shows, and the time from the file input's change event to the "Selected files" heading
 * laid out. Prints each run with the page's own User Timing marks after the change (add
 * `performance.mark('…')` calls to see where the time goes), then the median.
 * Run: `npm run build && npx tsx tests/bench/probes/file-list.ts <dist dir> <png or folder> [runs]`; the bench
 * writes its 1920x1280 photo to bench-results/inputs/first-visit-1920x1280-photo/001.png, and its three test
 * cards to bench-results/inputs/first-visit-3x800x600-testcard/ (a folder: all its PNGs, chosen at once).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { assertChromiumInstalled } from '../../browser';
import { FILE_LIST_PROBE, chooseFiles, fileListVisibleMs, openConverter } from '../app-ui';
import { withBrowserProfile } from '../../support/browser-profile';

const [OUT_DIR = 'dist', PNG, RUNS = '5'] = process.argv.slice(2);

async function main() {
  if (!PNG) throw new Error('usage: file-list.ts <dist dir> <png or folder> [runs]');
  assertChromiumInstalled();
  const pngs = statSync(PNG).isDirectory()
    ? readdirSync(PNG)
        .filter((name) => name.endsWith('.png'))
        .sort()
        .map((name) => join(PNG, name))
    : [PNG];
  const times: number[] = [];
  for (let run = 0; run < Number(RUNS); run++) {
    // A new profile each run: a first visit. The probes poll with string predicates, which the CSP would refuse.
    const ms = await withBrowserProfile(
      OUT_DIR,
      async (context, origin) => {
        const page = await context.newPage();
        await openConverter(page, `${origin}/`);
        await page.evaluate(FILE_LIST_PROBE);
        await chooseFiles(page, pngs);
        const ms = await fileListVisibleMs(page);
        const marks = (await page.evaluate(
          `performance.getEntriesByType('mark').map((m) => [m.name, m.startTime - window.__benchFileList.changeAt])`,
        )) as [string, number][];
        const after = marks.filter(([, at]) => at >= 0).map(([name, at]) => `${name} +${at.toFixed(0)}`);
        console.log(`${ms === null ? 'never' : `${ms.toFixed(0)} ms`}${after.length ? `; ${after.join(', ')}` : ''}`);
        return ms;
      },
      { bypassCSP: true },
    );
    if (ms !== null) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `median ${median?.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')}), load ${loadavg()[0]!.toFixed(1)}`,
  );
}

await main();
