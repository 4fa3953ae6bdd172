/**
 * The engine core's load from the service-worker cache, as the app measures it (the `png2gif:engine-load`
 * User Timing measure of the first core of a page), on repeat visits of a real on-disk profile, and when
 * the engine was ready after the page's navigation began (the load's own time plus the wait for it to
 * start). Several builds are measured in turn, round after round, so that they share the machine's load.
 * Run: `npx tsx tests/bench/probes/engine-load.ts [rounds] [dist dirs…]` (default: 3 rounds of dist/).
 */
import { loadavg } from 'node:os';
import { assertChromiumInstalled } from '../../browser';
import { firstVisit, withBrowserProfile } from '../../support/browser-profile';

const ROUNDS = Number(process.argv[2] ?? 3);
const DIRS = process.argv.slice(3).length > 0 ? process.argv.slice(3) : ['dist'];
const VISITS_PER_ROUND = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Load {
  duration: number;
  /** When the engine was ready, in ms after the navigation began. */
  readyAt: number;
}

async function loadsOf(outDir: string): Promise<Load[]> {
  return withBrowserProfile(outDir, async (context) => {
    await firstVisit(context);
    const loads: Load[] = [];
    for (let visit = 0; visit < VISITS_PER_ROUND; visit++) {
      const page = await context.newPage();
      await page.goto('/');
      // The app warms the engine up once the page is idle.
      await page.waitForTimeout(4000);
      const load = await page.evaluate(() => {
        const entry = performance.getEntriesByName('png2gif:engine-load')[0];
        return entry
          ? { duration: entry.duration, readyAt: entry.startTime + entry.duration }
          : { duration: Number.NaN, readyAt: Number.NaN };
      });
      loads.push(load);
      await page.close();
    }
    return loads;
  });
}

async function main() {
  assertChromiumInstalled();
  const results = new Map(DIRS.map((dir) => [dir, [] as Load[]]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const dir of DIRS) results.get(dir)!.push(...(await loadsOf(dir)));
  }
  console.log(
    `engine load from the service-worker cache, ms (load ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}):`,
  );
  for (const [dir, loads] of results) {
    const durations = loads.map((load) => load.duration);
    const readyAt = loads.map((load) => load.readyAt);
    console.log(`  ${dir}: ${durations.map((ms) => ms.toFixed(0)).join(', ')}; median ${median(durations).toFixed(0)}`);
    console.log(
      `    ready after navigation: ${readyAt.map((ms) => ms.toFixed(0)).join(', ')}; median ${median(readyAt).toFixed(0)}`,
    );
  }
}

await main();
