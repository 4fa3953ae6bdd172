/**
 * Two or more builds in one engine, conversion after conversion in the same page as the bench's per-engine
 * runs drive them (engines.ts `convertOnce`), the builds in turn run by run so that they meet the same load:
 * click to result and every stage, per build. For a before/after of an engine-specific change.
 *
 *   npx tsx tests/bench/probes/engine-builds.ts <engine> <runs> <case id> <dist dir> <dist dir>…
 *
 * A dist dir may end in a query for the page (`dist?pool=2`): the same build with another engine pool.
 * `LOOK_MS=N` (default 2000) clicks Convert N ms after the file list shows, as the bench's `--look`.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { launchEngine, type EngineBrowser, type EngineName, type EnginePage } from '../../engines/drivers';
import { startPreviewServer, type PreviewServer } from '../../support/preview-server';
import { CONVERSION_CASES } from '../cases';
import { convertOnce } from '../engines';
import { INPUTS_DIR } from '../paths';
import { table } from '../report';
import { spread } from '../stats';

const [engine, runsArg, caseId, ...dists] = process.argv.slice(2);
const conversionCase = CONVERSION_CASES.find((c) => c.id === caseId);
if (!engine || !conversionCase || dists.length === 0) {
  console.error('usage: engine-builds.ts <engine> <runs> <case id> <dist dir>…');
  process.exit(1);
}
const dir = join(INPUTS_DIR, conversionCase.id);
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.png'))
  .sort()
  .map((name) => resolve(dir, name));
const options = {
  runs: Number(runsArg),
  quality: null,
  lookMs: Number(process.env.LOOK_MS ?? 2000),
  conversionTimeoutMs: 180_000,
  log: () => {},
};

const servers: PreviewServer[] = [];
// A browser per build: WebKitWebDriver runs one session at a time.
const browsers: EngineBrowser[] = [];
const runs = dists.map(() => [] as Record<string, number>[]);
console.log(`${engine}, ${conversionCase.title}; load ${loadavg()[0]!.toFixed(1)}`);
try {
  const pages: EnginePage[] = [];
  for (const given of dists) {
    const [dist, query] = given.split('?') as [string, string | undefined];
    const server = await startPreviewServer({ outDir: resolve(dist) });
    servers.push(server);
    const browser = await launchEngine(engine as EngineName);
    browsers.push(browser);
    const page = await browser.newPage();
    await page.goto(`${server.origin}/${query ? `?${query}` : ''}`);
    pages.push(page);
  }
  for (let run = 0; run <= options.runs; run++)
    for (const [i, page] of pages.entries()) {
      const { ms, stages } = await convertOnce(page, conversionCase, { dir, files }, options);
      console.log(`  ${dists[i]}: ${run === 0 ? 'warm-up' : `run ${run}`} ${Math.round(ms)} ms`);
      if (run > 0) runs[i]!.push({ click: ms, ...stages });
    }
  for (const page of pages) await page.close();
} finally {
  for (const browser of browsers) await browser.close();
  for (const server of servers) await server.stop();
}
const columns = ['click', 'decode', 'engine', 'palette', 'encode', 'optimise', 'other', 'ui-after'];
console.log(`\nMedians of ${options.runs} (min–max), ms; load ${loadavg()[0]!.toFixed(1)}:`);
console.log(
  table(
    ['build', ...columns],
    dists.map((dist, i) => [
      dist,
      ...columns.map((column) => {
        const s = spread(runs[i]!.map((r) => r[column] ?? 0));
        return `${Math.round(s.median)} (${Math.round(s.min)}–${Math.round(s.max)})`;
      }),
    ]),
  ),
);
