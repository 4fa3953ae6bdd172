/**
 * The bench's first-visit case (an empty profile, a 1920x1280 photo chosen as soon as Convert shows, then
 * Convert), with where its time went: the conversion's stages (the `png2gif:stages` mark), the engine
 * core's load measure and when it started relative to the click. Several builds are measured in turn,
 * round after round, so that they share the machine's load. SECOND=1 converts the photo again in the same
 * page and prints that warm conversion's stages: the difference is what a first visit pays for cold code.
 * PAUSE_MS=N waits that long on the page before choosing the photo, as a person reading it would.
 * Run: `npx tsx tests/bench/probes/first-gif.ts [rounds] [dist dirs…]` (default: 3 rounds of dist/).
 */
import { loadavg } from 'node:os';
import { assertChromiumInstalled } from '../../browser';
import { withBrowserProfile } from '../../support/browser-profile';
import { FIRST_VISIT_PHOTO } from '../cases';
import { chooseFiles, clearSelection, convertAndWait, firstVisitConversion, openConverter } from '../app-ui';
import { ensureCaseInputs } from '../inputs/write-inputs';

const ROUNDS = Number(process.argv[2] ?? 3);
const DIRS = process.argv.slice(3).length > 0 ? process.argv.slice(3) : ['dist'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Sample {
  ms: number;
  fileList: number | null;
  loadStartToClick: number | null;
  loadMs: number | null;
  stages: Record<string, number>;
}

async function firstGif(outDir: string, photo: readonly string[]): Promise<Sample> {
  return withBrowserProfile(
    outDir,
    async (context, origin) => {
      const page = await context.newPage();
      await openConverter(page, origin);
      if (process.env.PAUSE_MS) await page.waitForTimeout(Number(process.env.PAUSE_MS));
      const { fileListVisibleMs: fileList, timing } = await firstVisitConversion(page, photo);
      const extra = (await page.evaluate(`(() => {
      const load = performance.getEntriesByName('png2gif:engine-load')[0];
      const stages = performance.getEntriesByName('png2gif:stages')[0];
      return { loadStart: load ? load.startTime : null, loadMs: load ? load.duration : null, clickAt: window.__benchProbe.clickAt,
        before: stages ? stages.startTime - stages.detail.totalMs - window.__benchProbe.clickAt : null,
        after: stages ? window.__benchProbe.doneAt - stages.startTime : null };
    })()`)) as { loadStart: number | null; loadMs: number | null; clickAt: number; before: number; after: number };
      console.log(
        `  click → runtime ${extra.before.toFixed(0)} ms, runtime done → result shown ${extra.after.toFixed(0)} ms`,
      );
      if (process.env.SECOND) {
        await clearSelection(page);
        await chooseFiles(page, photo);
        const again = await convertAndWait(page, 120_000);
        const stages = Object.entries(again.stages[0] ?? {})
          .filter(([, ms]) => ms >= 1)
          .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
          .join(', ');
        console.log(`  second conversion ${again.ms.toFixed(0)} ms: ${stages}`);
      }
      return {
        ms: timing.ms,
        fileList,
        loadStartToClick: extra.loadStart === null ? null : extra.loadStart - extra.clickAt,
        loadMs: extra.loadMs,
        stages: timing.stages[0] ?? {},
      };
    },
    { bypassCSP: true },
  );
}

async function main() {
  assertChromiumInstalled();
  const photo = ensureCaseInputs(FIRST_VISIT_PHOTO).files;
  const results = new Map(DIRS.map((dir) => [dir, [] as Sample[]]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const dir of DIRS) {
      const sample = await firstGif(dir, photo);
      results.get(dir)!.push(sample);
      const stages = Object.entries(sample.stages)
        .filter(([, ms]) => ms >= 1)
        .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
        .join(', ');
      console.log(
        `${dir}: ${sample.ms.toFixed(0)} ms (file list ${sample.fileList?.toFixed(0)}; core load ${sample.loadMs?.toFixed(0)} ms starting ${sample.loadStartToClick?.toFixed(0)} ms after the click) ${stages}`,
      );
    }
  }
  console.log(
    `first GIF on a first visit, ms (load ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}):`,
  );
  for (const [dir, samples] of results) {
    const ms = samples.map((s) => s.ms);
    const lists = samples.map((s) => s.fileList ?? Number.NaN);
    console.log(
      `  ${dir}: median ${median(ms).toFixed(0)} (${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)}); file list median ${median(lists).toFixed(0)} (${Math.min(...lists).toFixed(0)}–${Math.max(...lists).toFixed(0)})`,
    );
  }
}

await main();
