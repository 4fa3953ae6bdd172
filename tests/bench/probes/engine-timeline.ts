/**
 * One case as the bench drives it, in each engine, on a timeline from the moment the file list shows: when
 * Convert was clicked, the size estimate's sample (`png2gif:sample-stages`) and the conversion
 * (`png2gif:stages`) with their stages, and the result. `PAUSE_MS=N` waits that long between the list and
 * the click (a person's look at the settings); the bench itself clicks at once.
 *
 *   npx tsx tests/bench/probes/engine-timeline.ts [engines=chromium,webkit] [runs=3] [case dir=bench-results/inputs/still-4000x3000-photo] [dist dir]
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { chooseFiles, click, CONVERT, toggle, waitFor } from '../../engines/app';
import { launchEngine, type EngineName } from '../../engines/drivers';
import { startPreviewServer } from '../../support/preview-server';
import { ARM_PROBE } from '../app-ui';
import { DIST_DIR } from '../paths';

const [
  enginesArg = 'chromium,webkit',
  runsArg = '3',
  caseDir = 'bench-results/inputs/still-4000x3000-photo',
  dist = DIST_DIR,
] = process.argv.slice(2);
const pauseMs = Number(process.env.PAUSE_MS ?? 0);
const files = readdirSync(caseDir)
  .filter((name) => name.endsWith('.png'))
  .sort()
  .map((name) => resolve(join(caseDir, name)));

interface Entry {
  name: string;
  at: number;
  detail: Record<string, number> | null;
  duration: number;
}

const server = await startPreviewServer({ outDir: resolve(dist), port: 8766 });
const browsers = await Promise.all((enginesArg.split(',') as EngineName[]).map((engine) => launchEngine(engine)));
console.log(`${caseDir}: ${files.length} file(s), pause ${pauseMs} ms, load ${loadavg()[0]!.toFixed(1)}`);
try {
  for (let run = 0; run <= Number(runsArg); run++)
    for (const browser of browsers) {
      const page = await browser.newPage();
      try {
        await page.goto(`${server.origin}/`);
        await chooseFiles(page, files);
        const listed = await page.run<null, number>('performance.now()');
        if (files.length > 1) await toggle(page, 'Animated GIF');
        if (pauseMs > 0) await new Promise((done) => setTimeout(done, pauseMs));
        await page.run(ARM_PROBE);
        await click(page, CONVERT);
        const probe = await waitFor(
          page,
          () => {
            const probe = (window as unknown as { __benchProbe: { clickAt: number; doneAt: number | null } })
              .__benchProbe;
            return probe.doneAt === null ? null : probe;
          },
          undefined,
          'the result',
          120_000,
        );
        const entries = await page.run<null, Entry[]>(
          `performance.getEntries().filter((e) => e.name.startsWith('png2gif:')).map((e) => ({ name: e.name, at: e.startTime, duration: e.duration, detail: e.detail ?? null }))`,
        );
        const t = (ms: number) => `${Math.round(ms - listed)}`.padStart(6);
        const stages = (detail: Record<string, number> | null) =>
          detail
            ? Object.entries(detail)
                .filter(([, ms]) => ms >= 1)
                .map(([stage, ms]) => `${stage} ${Math.round(ms)}`)
                .join(', ')
            : '';
        console.log(`\n${browser.engine}, ${run === 0 ? 'warm-up' : `run ${run}`} (ms after the list showed):`);
        console.log(`${t(probe.clickAt)}  click on Convert`);
        for (const entry of entries.sort((a, b) => a.at - b.at)) {
          const start =
            entry.detail?.totalMs !== undefined ? entry.at - entry.detail.totalMs : entry.at - entry.duration;
          console.log(`${t(start)}–${t(entry.at + entry.duration).trim()}  ${entry.name}: ${stages(entry.detail)}`);
        }
        console.log(`${t(probe.doneAt!)}  result (click to result ${Math.round(probe.doneAt! - probe.clickAt)} ms)`);
      } finally {
        await page.close();
      }
    }
} finally {
  for (const browser of browsers) await browser.close();
  await server.stop();
}
