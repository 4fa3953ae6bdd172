/**
 * Where the engine core's load goes on a repeat visit (the service worker installed, the core in its
 * cache): a Chromium trace of the visit, reduced to the events inside the `png2gif:engine-load` measure,
 * thread by thread (page, ffmpeg worker, service worker), longest first.
 * Run: `npx tsx tests/bench/probes/trace-engine-load.ts [dist dir] [trace.json]` (default: dist/, no file).
 */
import { writeFileSync } from 'node:fs';
import { assertChromiumInstalled } from '../../browser';
import { firstVisit, withBrowserProfile } from '../../support/browser-profile';

const DIST = process.argv[2] ?? 'dist';
const OUT = process.argv[3];
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8',
  'v8.wasm',
  'disabled-by-default-v8.wasm.detailed',
  'v8.compile',
  'ServiceWorker',
  'loading',
  'navigation',
  'netlog',
  'disabled-by-default-netlog',
  'toplevel',
  'CacheStorage',
  'IndexedDB',
  'blink',
];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  id2?: { local?: string; global?: string };
  args?: Record<string, unknown>;
}

async function main() {
  assertChromiumInstalled();
  await withBrowserProfile(DIST, async (context) => {
    await firstVisit(context);
    // One repeat visit without the trace: the code cache, if any, is written by then.
    const warm = await context.newPage();
    await warm.goto('/');
    await warm.waitForTimeout(4000);
    await warm.close();

    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
    });
    await page.goto('/');
    await page.waitForTimeout(4000);
    const load = await page.evaluate(
      () => performance.getEntriesByName('png2gif:engine-load')[0]?.duration ?? Number.NaN,
    );
    await cdp.send('Tracing.end');
    await done;
    if (OUT) writeFileSync(OUT, JSON.stringify({ traceEvents: events }));
    report(events, load);
  });
}

function report(events: TraceEvent[], load: number) {
  const threadNames = new Map<string, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, String(e.args?.name));
  }
  const begin = events.find((e) => e.name === 'png2gif:engine-load' && (e.ph === 'b' || e.ph === 'B' || e.ph === 'S'));
  if (!begin) {
    console.log(`no engine-load measure in the trace (measured ${load})`);
    return;
  }
  const start = begin.ts;
  const end = start + load * 1000;
  console.log(`engine load ${load.toFixed(1)} ms; events from ${(start / 1000).toFixed(1)} ms (trace clock)`);
  const inside = events
    .filter((e) => e.ph === 'X' && e.ts + (e.dur ?? 0) >= start - 2000 && e.ts <= end + 2000)
    .filter((e) => (e.dur ?? 0) >= 300)
    .sort((a, b) => a.ts - b.ts);
  for (const e of inside) {
    const thread = threadNames.get(`${e.pid}:${e.tid}`) ?? `${e.pid}:${e.tid}`;
    const url = (e.args?.data as { url?: string; functionName?: string } | undefined)?.url ?? '';
    console.log(
      `${((e.ts - start) / 1000).toFixed(1).padStart(7)} +${((e.dur ?? 0) / 1000).toFixed(1).padStart(6)}  ${thread.padEnd(28)} ${e.cat.padEnd(30)} ${e.name} ${url.split('/').pop() ?? ''}`,
    );
  }
  // Instant and async events (resource loading, SW fetch events) inside the load.
  const marks = events
    .filter((e) => ['I', 'i', 'n', 'b', 'e', 'R'].includes(e.ph) && e.ts >= start - 2000 && e.ts <= end + 2000)
    .sort((a, b) => a.ts - b.ts);
  console.log('--- instant / async events ---');
  for (const e of marks) {
    const thread = threadNames.get(`${e.pid}:${e.tid}`) ?? `${e.pid}:${e.tid}`;
    const data = e.args?.data as { url?: string } | undefined;
    console.log(
      `${((e.ts - start) / 1000).toFixed(1).padStart(7)} ${e.ph} ${thread.padEnd(28)} ${e.cat.padEnd(30)} ${e.name} ${(data?.url ?? '').split('/').pop()}`,
    );
  }
}

await main();
