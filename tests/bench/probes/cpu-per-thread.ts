/**
 * The CPU time the browser spent from the choice of files to the result, per thread name over all its
 * processes (utime + stime from /proc, so a thread waiting for a CPU counts nothing, unlike a trace's task
 * lengths), and as cores used: whether a conversion is short of CPU or waits. Chromium on Linux; one warm-up
 * conversion per build, then builds in turn.
 * Run: `npm run build && [MODE=static] npx tsx tests/bench/probes/cpu-per-thread.ts <folder of PNGs> [runs=3] [dist dir…]`
 * (MODE=static: one GIF per file, as a batch; otherwise an animation of several files).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from '../../browser';
import { chooseFiles, chooseMode, clearSelection, convertAndWait, openConverter } from '../app-ui';
import { startPreviewServer } from '../../support/preview-server';

const [FOLDER, RUNS = '3', ...GIVEN] = process.argv.slice(2);
const DIRS = GIVEN.length > 0 ? GIVEN : ['dist'];
/** /proc's clock ticks (USER_HZ) in ms. */
const TICK_MS = 10;

/** CPU ms per thread (`pid/tid type:name`) of every Chromium process now. */
function cpuNow(): Map<string, number> {
  const threads = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!command.includes('chromium')) continue;
      const type = /--type=([a-z-]+)/.exec(command)?.[1] ?? 'browser';
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        threads.set(`${pid}/${tid} ${type}:${name}`, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
      }
    } catch {
      // The process or thread ended while it was read.
    }
  }
  return threads;
}

/** CPU ms spent between two readings, by thread name (threads of one name added up). */
function spent(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  const byName = new Map<string, number>();
  for (const [thread, ms] of after) {
    const delta = ms - (before.get(thread) ?? 0);
    const name = thread.slice(thread.indexOf(' ') + 1).replace(/\d+$/, '');
    if (delta > 0) byName.set(name, (byName.get(name) ?? 0) + delta);
  }
  return byName;
}

async function main() {
  if (!FOLDER) throw new Error('usage: cpu-per-thread.ts <folder of PNGs> [runs] [dist dir…]');
  assertChromiumInstalled();
  const files = readdirSync(FOLDER)
    .filter((name) => name.endsWith('.png'))
    .sort()
    .map((name) => `${FOLDER}/${name}`);
  const mode = process.env.MODE === 'static' || files.length === 1 ? 'static' : 'animated';
  const servers = await Promise.all(DIRS.map((outDir) => startPreviewServer({ outDir })));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const pages = [];
    for (const server of servers) {
      const page = await (await browser.newContext({ acceptDownloads: true, bypassCSP: true })).newPage();
      await openConverter(page, `${server.origin}/`);
      pages.push(page);
    }
    for (let run = 0; run <= Number(RUNS); run++)
      for (const [index, page] of pages.entries()) {
        await clearSelection(page);
        await page.waitForTimeout(500);
        const before = cpuNow();
        const started = Date.now();
        await chooseFiles(page, files);
        await chooseMode(page, mode);
        const timing = await convertAndWait(page, 120_000);
        const wall = Date.now() - started;
        const threads = spent(before, cpuNow());
        if (run === 0) continue;
        const total = [...threads.values()].reduce((sum, ms) => sum + ms, 0);
        console.log(
          `${DIRS[index]}, run ${run}, load ${loadavg()[0]!.toFixed(1)}: choice to result ${wall} ms (click to result ` +
            `${timing.ms.toFixed(0)}), CPU ${total} ms, ${(total / wall).toFixed(2)} cores`,
        );
        const busiest = [...threads].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 20);
        console.log(`  ${busiest.map(([name, ms]) => `${name} ${ms}`).join(', ')}`);
      }
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop()));
  }
}

await main();
