/**
 * The engine core's load from the service-worker cache, as the app measures it (the `png2gif:engine-load`
 * User Timing measure of the first core of a page), on repeat visits of a real on-disk profile. Several
 * builds are measured in turn, round after round, so that they share the machine's load.
 * Run: `npx tsx tests/tools/measure-engine-load.ts [rounds] [dist dirs…]` (default: 3 rounds of dist/).
 */
import { loadavg } from 'node:os';
import { assertChromiumInstalled } from '../browser';
import { firstVisit, withBrowserProfile } from '../support/browser-profile';

const ROUNDS = Number(process.argv[2] ?? 3);
const DIRS = process.argv.slice(3).length > 0 ? process.argv.slice(3) : ['dist'];
const VISITS_PER_ROUND = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function loadsOf(outDir: string): Promise<number[]> {
  return withBrowserProfile(outDir, async (context) => {
    await firstVisit(context);
    const loads: number[] = [];
    for (let visit = 0; visit < VISITS_PER_ROUND; visit++) {
      const page = await context.newPage();
      await page.goto('/');
      // The app warms the engine up once the page is idle.
      await page.waitForTimeout(4000);
      const duration = await page.evaluate(
        () => performance.getEntriesByName('png2gif:engine-load')[0]?.duration ?? Number.NaN,
      );
      loads.push(duration);
      await page.close();
    }
    return loads;
  });
}

async function main() {
  assertChromiumInstalled();
  const results = new Map(DIRS.map((dir) => [dir, [] as number[]]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const dir of DIRS) results.get(dir)!.push(...(await loadsOf(dir)));
  }
  console.log(
    `engine load from the service-worker cache, ms (load ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}):`,
  );
  for (const [dir, loads] of results) {
    console.log(`  ${dir}: ${loads.map((ms) => ms.toFixed(0)).join(', ')}; median ${median(loads).toFixed(0)}`);
  }
}

await main();
