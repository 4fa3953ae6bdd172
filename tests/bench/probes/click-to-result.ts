/**
 * Click to result in the app alone, as the bench drives it (files chosen, then Convert at once), for
 * several builds in turn, round after round, so that they share the machine's load: the time a person
 * waits, and how much of it the engine's stages account for (the rest is the page: "ui").
 * Run: `npx tsx tests/bench/probes/click-to-result.ts <rounds> <folder of PNGs> <dist dir>…`
 * (e.g. `5 bench-results/inputs/still-4000x3000-ui dist /tmp/dist-before`; the bench writes those folders).
 */
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from '../../browser';
import { chooseFiles, chooseMode, clearSelection, convertAndWait, openConverter } from '../app-ui';
import { spread } from '../stats';
import { startPreviewServer } from '../../support/preview-server';

const [ROUNDS = '5', FOLDER, ...DIRS] = process.argv.slice(2);
const CONVERSIONS_PER_ROUND = 3;

interface Run {
  ms: number;
  ui: number;
  /** The engine's stages, summed over the click's conversions. */
  stages: Record<string, number>;
}

async function conversions(page: Page, files: string[]): Promise<Run[]> {
  const results: Run[] = [];
  // The first one warms the page and the engine up, as the bench's warm-up run does.
  for (let run = 0; run <= CONVERSIONS_PER_ROUND; run++) {
    await clearSelection(page);
    await chooseFiles(page, files);
    await chooseMode(page, files.length > 1 ? 'animated' : 'static');
    const timing = await convertAndWait(page, 120_000);
    if (timing.failed) throw new Error(timing.failed);
    const stages: Record<string, number> = {};
    for (const detail of timing.stages)
      for (const [stage, ms] of Object.entries(detail)) stages[stage] = (stages[stage] ?? 0) + ms;
    if (timing.page) Object.assign(stages, { 'ui-before': timing.page.beforeMs, 'ui-after': timing.page.afterMs });
    if (run > 0) results.push({ ms: timing.ms, ui: timing.ms - (stages.totalMs ?? 0), stages });
  }
  return results;
}

async function main() {
  if (!FOLDER || DIRS.length === 0) throw new Error('usage: click-to-result.ts <rounds> <folder> <dist dir>…');
  assertChromiumInstalled();
  const files = readdirSync(FOLDER)
    .filter((name) => name.endsWith('.png'))
    .sort()
    .map((name) => `${FOLDER}/${name}`);
  const results = new Map(DIRS.map((dir) => [dir, [] as Run[]]));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (let round = 0; round < Number(ROUNDS); round++) {
      for (const dir of DIRS) {
        const server = await startPreviewServer({ outDir: dir });
        const context = await browser.newContext({ acceptDownloads: true, bypassCSP: true });
        try {
          const page = await context.newPage();
          await openConverter(page, `${server.origin}/`);
          results.get(dir)!.push(...(await conversions(page, files)));
        } finally {
          await context.close();
          await server.stop();
        }
      }
    }
  } finally {
    await browser.close();
  }
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(`click to result, ${FOLDER} (load ${load}):`);
  const format = ({ median, min, max }: { median: number; min: number; max: number }) =>
    `${median.toFixed(0)} ms (${min.toFixed(0)}–${max.toFixed(0)})`;
  for (const [dir, runs] of results) {
    const ms = spread(runs.map((run) => run.ms));
    const ui = spread(runs.map((run) => run.ui));
    console.log(`  ${dir}: ${format(ms)}; page (not the engine) ${format(ui)}; ${runs.length} conversions`);
    const stageNames = [...new Set(runs.flatMap((run) => Object.keys(run.stages)))].filter(
      (stage) => stage !== 'frames',
    );
    const medians = stageNames.map(
      (stage) => `${stage} ${spread(runs.map((run) => run.stages[stage] ?? 0)).median.toFixed(0)}`,
    );
    console.log(`    stage medians, ms: ${medians.join(', ')}`);
  }
}

await main();
