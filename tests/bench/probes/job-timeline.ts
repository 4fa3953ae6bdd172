/**
 * One conversion's critical path, thread by thread: a Chromium trace from the click on Convert to the ready
 * text, driven like the bench (files chosen, Animated for several, then Convert at once, or after PAUSE_MS),
 * printed as each thread's tasks over 1 ms (offset from the click, length, what ran: the script's file for a
 * worker's message, the page's User Timing marks), then the busy time per thread (from the choice to the click, and after) and the job's stages
 * (`png2gif:stages`). Several builds are measured in turn, round after round, so that they share the load.
 * Run: `npm run build && npx tsx tests/bench/probes/job-timeline.ts <folder of PNGs> [runs=3] [dist dir…]`
 * (e.g. `bench-results/inputs/anim-800x600-testcard 3 dist /tmp/dist-before`; the bench writes those
 * folders). QUIET=1 prints only the busy times and stages; PROFILE=1 the page's JavaScript by function, and with
 * SLICES=1 also by 5 ms slice from the click; MAIN=1 the page thread's work from the click by kind (worker messages,
 * paints, timers); MODE=static one GIF per file for several files (a batch) instead of an animation; POOL=1 the browser's thread-pool tasks too (JIT compiles, garbage
 * collection, raster, image decodes) with their two longest events. One warm-up conversion first per build.
 */
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from '../../browser';
import { chooseFiles, chooseMode, clearSelection, convertAndWait, openConverter } from '../app-ui';
import { startPreviewServer } from '../../support/preview-server';
import { threadKey, threadNamesOf, traced, type TraceEvent } from './trace';

const [FOLDER, RUNS = '3', ...GIVEN] = process.argv.slice(2);
const DIRS = GIVEN.length > 0 ? GIVEN : ['dist'];
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  ...(process.env.POOL ? ['v8', 'v8.wasm', 'disabled-by-default-v8.gc', 'disabled-by-default-v8.compile'] : []),
];

async function oneRun(page: Page, cdp: CDPSession, files: string[], print: boolean) {
  await clearSelection(page);
  let timing: Awaited<ReturnType<typeof convertAndWait>> | null = null;
  let profile: Profile | null = null;
  const events = await traced(cdp, CATEGORIES, async () => {
    await chooseFiles(page, files);
    await chooseMode(
      page,
      (process.env.MODE as 'static' | 'animated' | undefined) ?? (files.length > 1 ? 'animated' : 'static'),
    );
    if (process.env.PAUSE_MS) await page.waitForTimeout(Number(process.env.PAUSE_MS));
    if (print && process.env.PROFILE) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
    timing = await convertAndWait(page, 120_000);
    if (print && process.env.PROFILE) profile = (await cdp.send('Profiler.stop')).profile;
  });
  if (profile) {
    console.log(topFunctions(profile));
    const clicks = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
    const click = clicks[clicks.length - 1];
    if (process.env.SLICES && click) console.log(mainThreadSlices(profile, click.ts));
  }
  const done = timing!;
  if (print) console.log(report(events, done.ms, done.stages[0] ?? {}, done.page));
  return done;
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples?: number[];
  timeDeltas?: number[];
  startTime?: number;
}

/** The main thread's JavaScript by self time, and by the time under each function (a build without --minify names them). */
function topFunctions({ nodes, samples = [], timeDeltas = [] }: Profile): string {
  const self = new Map<number, number>();
  samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (timeDeltas[i + 1] ?? 0) / 1000));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    return `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
  };
  const selfBy = new Map<string, number>();
  const totalBy = new Map<string, number>();
  for (const [id, ms] of self) {
    selfBy.set(label(id), (selfBy.get(label(id)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = label(at);
      if (seen.has(name)) continue;
      seen.add(name);
      totalBy.set(name, (totalBy.get(name) ?? 0) + ms);
    }
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => `    ${ms.toFixed(1).padStart(6)} ms  ${name}`);
  // Who forced layouts: the callers of getBoundingClientRect, with their own callers.
  const layoutCallers = new Map<string, number>();
  for (const [id, ms] of self) {
    if (byId.get(id)!.callFrame.functionName !== 'getBoundingClientRect') continue;
    const chain: string[] = [];
    for (let at = parent.get(id); at !== undefined && chain.length < 4; at = parent.get(at)) chain.push(label(at));
    layoutCallers.set(chain.join(' < '), (layoutCallers.get(chain.join(' < ')) ?? 0) + ms);
  }
  // React's own frames say little: the app's and the libraries' functions under them.
  const outsideReact = new Map(
    [...totalBy].filter(
      ([name]) =>
        !/^(\(|performWork|render|beginWork|update|commit|flush|recursively|complete|workLoop|process|mount|reconcile)/.test(
          name,
        ),
    ),
  );
  return [
    '  main thread, self:',
    ...top(selfBy, 12),
    '  main thread, total (React internals left out):',
    ...top(outsideReact, 45),
    '  forced layouts (getBoundingClientRect) by caller:',
    ...top(layoutCallers, 5),
  ].join('\n');
}

/**
 * SLICES=1 (with PROFILE=1): the main thread's samples in 5 ms slices from the click, each slice's busiest
 * functions (self time) under their nearest caller of the app's own chunks, to see what holds the thread when.
 */
function mainThreadSlices({ nodes, samples = [], timeDeltas = [], startTime = 0 }: Profile, clickTs: number): string {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const name = (id: number) => {
    const { functionName, url } = byId.get(id)!.callFrame;
    return `${functionName || '(anonymous)'}@${
      url
        .split('/')
        .pop()
        ?.replace(/-[\w-]{8}\.js$/, '') ?? ''
    }`;
  };
  // The nearest caller from a chunk other than the framework's start chunk: what the app was doing.
  const appFrame = (id: number) => {
    for (let at = parent.get(id); at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)!.callFrame.url;
      if (url && !/start-|index-/.test(url)) return name(at);
    }
    return '';
  };
  const slices = new Map<number, Map<string, number>>();
  let ts = startTime;
  samples.forEach((id, i) => {
    ts += timeDeltas[i] ?? 0;
    const ms = (timeDeltas[i + 1] ?? 0) / 1000;
    const label = name(id);
    if (label.startsWith('(idle)') || label.startsWith('(program)')) return;
    const slice = Math.floor((ts - clickTs) / 5000);
    if (slice < -2) return;
    const key = `${label} < ${appFrame(id)}`;
    const counts = slices.get(slice) ?? new Map<string, number>();
    counts.set(key, (counts.get(key) ?? 0) + ms);
    slices.set(slice, counts);
  });
  return [...slices]
    .sort((a, b) => a[0] - b[0])
    .map(([slice, counts]) => {
      const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 3);
      return `  ${String(slice * 5).padStart(5)} ms  ${top.map(([k, ms]) => `${ms.toFixed(1)} ${k}`).join(' | ')}`;
    })
    .join('\n');
}

/** A worker thread's name: the script most of its function calls came from. */
function threadNames(events: readonly TraceEvent[]): Map<string, string> {
  const names = threadNamesOf(events);
  const scripts = new Map<string, Map<string, number>>();
  for (const e of events) {
    const url = e.args?.data?.url;
    if (!url || (e.name !== 'FunctionCall' && e.name !== 'EvaluateScript')) continue;
    const key = threadKey(e);
    if (!names.get(key)?.startsWith('DedicatedWorker')) continue;
    const file = url
      .split('/')
      .pop()!
      .replace(/-[\w-]{8}\.js$/, '');
    const counts = scripts.get(key) ?? new Map<string, number>();
    counts.set(file, (counts.get(file) ?? 0) + 1);
    scripts.set(key, counts);
  }
  for (const [key, counts] of scripts) {
    const top = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    // TIDS=1: two workers of one script told apart.
    names.set(key, `worker ${top}${process.env.TIDS ? ` ${key.split(':')[1]}` : ''}`);
  }
  return names;
}

function report(
  events: readonly TraceEvent[],
  ms: number,
  stages: Record<string, number>,
  split: { beforeMs: number; afterMs: number } | null,
): string {
  const names = threadNames(events);
  const clicks = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  const click = clicks[clicks.length - 1];
  if (!click) return `${ms.toFixed(0)} ms (no click in the trace)`;
  const end = click.ts + ms * 1000;
  // From the choice of files (the input's change event): what runs before the click counts too.
  const change = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'change');
  const start = Math.min(change?.ts ?? click.ts, click.ts);
  const at = (ts: number) => ((ts - click.ts) / 1000).toFixed(0).padStart(4);
  const lines: string[] = [];
  const busy = new Map<string, number>();
  const busyBefore = new Map<string, number>();
  const tasks = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'ThreadPool_RunTask') &&
        e.ts + (e.dur ?? 0) >= start &&
        e.ts <= end,
    )
    .sort((a, b) => a.ts - b.ts);
  for (const task of tasks) {
    const thread = names.get(threadKey(task)) ?? '?';
    const from = Math.max(task.ts, start);
    const length = (Math.min(task.ts + (task.dur ?? 0), end) - from) / 1000;
    // Busy time from the click on.
    const afterClick = (Math.min(task.ts + (task.dur ?? 0), end) - Math.max(task.ts, click.ts)) / 1000;
    if (afterClick > 0) busy.set(thread, (busy.get(thread) ?? 0) + afterClick);
    const beforeClick = (Math.min(task.ts + (task.dur ?? 0), click.ts) - from) / 1000;
    if (beforeClick > 0) busyBefore.set(thread, (busyBefore.get(thread) ?? 0) + beforeClick);
    if (length < 1 || process.env.QUIET || (thread.startsWith('ThreadPool') && !process.env.POOL)) continue;
    if (thread.startsWith('ThreadPool')) {
      const inside = events
        .filter(
          (e) =>
            e.pid === task.pid &&
            e.tid === task.tid &&
            e.ph === 'X' &&
            e !== task &&
            e.ts >= task.ts &&
            e.ts <= task.ts + (task.dur ?? 0),
        )
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 2)
        .map((e) => `${e.name} ${((e.dur ?? 0) / 1000).toFixed(0)}`);
      lines.push(`  ${at(from)} +${length.toFixed(0).padStart(4)} ms  ${thread.padEnd(28)} ${inside.join(', ')}`);
      continue;
    }
    // What ran inside: the first named function call of the task.
    const inner = events.find(
      (e) =>
        e.pid === task.pid &&
        e.tid === task.tid &&
        e.ts >= task.ts &&
        e.ts <= task.ts + (task.dur ?? 0) &&
        (e.name === 'FunctionCall' || e.name === 'EventDispatch' || e.name === 'TimerFire' || e.name === 'Paint'),
    );
    const what = inner ? `${inner.name} ${inner.args?.data?.type ?? inner.args?.data?.functionName ?? ''}` : '';
    lines.push(`  ${at(from)} +${length.toFixed(0).padStart(4)} ms  ${thread.padEnd(28)} ${what}`);
  }
  for (const mark of events.filter((e) => e.ph === 'R' || (e.ph === 'I' && e.name.startsWith('png2gif'))))
    if (mark.ts >= start && mark.ts <= end) lines.push(`  ${at(mark.ts)}   mark ${mark.name}`);
  const stageText = Object.entries(stages)
    .filter(([, value]) => value >= 0.5)
    .map(([name, value]) => `${name} ${value.toFixed(0)}`)
    .join(', ');
  const busyText = (times: Map<string, number>) =>
    [...times]
      .filter(([, value]) => value >= 1)
      .sort((a, b) => b[1] - a[1])
      .map(([name, value]) => `${name} ${value.toFixed(0)}`)
      .join(', ');
  const page = split ? `; page: before ${split.beforeMs.toFixed(0)}, after ${split.afterMs.toFixed(0)}` : '';
  lines.push(`     0   click`);
  lines.sort((a, b) => Number(a.trim().split(' ')[0]) - Number(b.trim().split(' ')[0]));
  return [
    ...(process.env.QUIET ? [] : lines),
    `choice to click ${((click.ts - start) / 1000).toFixed(0)} ms`,
    `click to result ${ms.toFixed(0)} ms${page}`,
    `  stages: ${stageText}`,
    `  busy ms before the click: ${busyText(busyBefore)}`,
    `  busy ms: ${busyText(busy)}`,
    ...(process.env.MAIN ? [mainThreadKinds(events, names, click.ts, end)] : []),
  ].join('\n');
}

async function main() {
  if (!FOLDER) throw new Error('usage: job-timeline.ts <folder of PNGs> [runs] [dist dir…]');
  assertChromiumInstalled();
  const files = readdirSync(FOLDER)
    .filter((name) => name.endsWith('.png'))
    .sort()
    .map((name) => `${FOLDER}/${name}`);
  const servers = await Promise.all(DIRS.map((outDir) => startPreviewServer({ outDir })));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const pages: { page: Page; cdp: CDPSession }[] = [];
    // One after the other: a trace is the whole browser's.
    for (const server of servers) {
      const context = await browser.newContext({ acceptDownloads: true, bypassCSP: true });
      const page = await context.newPage();
      await openConverter(page, `${server.origin}/`);
      const cdp = await context.newCDPSession(page);
      await oneRun(page, cdp, files, false);
      pages.push({ page, cdp });
    }
    for (let run = 0; run < Number(RUNS); run++)
      for (const [index, { page, cdp }] of pages.entries()) {
        console.log(`${DIRS[index]}, run ${run + 1}, load ${loadavg()[0]!.toFixed(1)}`);
        await oneRun(page, cdp, files, true);
      }
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop()));
  }
}

await main();

/** MAIN=1: the page thread's work from the click on by kind (each task's outermost events, summed). */
function mainThreadKinds(events: readonly TraceEvent[], names: Map<string, string>, from: number, to: number): string {
  const main = events
    .filter((e) => e.ph === 'X' && names.get(threadKey(e)) === 'CrRendererMain' && e.ts >= from && e.ts <= to)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const sums = new Map<string, number>();
  const add = (kind: string, us = 0) => sums.set(kind, (sums.get(kind) ?? 0) + us / 1000);
  let taskEnd = 0;
  let childEnd = 0;
  for (const event of main) {
    const end = event.ts + (event.dur ?? 0);
    if (event.name === 'ThreadControllerImpl::RunTask') {
      [taskEnd, childEnd] = [end, 0];
      add('(all tasks)', event.dur);
    } else if (event.ts >= childEnd && event.ts <= taskEnd) {
      childEnd = end;
      const data = event.args?.data;
      const what = event.name === 'FunctionCall' || event.name === 'EventDispatch';
      add(what ? `${event.name} ${data?.type ?? data?.functionName ?? ''}` : event.name, event.dur);
    }
  }
  return [...sums]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([kind, ms]) => `    main ${ms.toFixed(0).padStart(6)} ms  ${kind}`)
    .join('\n');
}
