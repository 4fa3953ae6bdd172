/**
 * Where a conversion's CPU goes outside the engine: a Chromium trace of each conversion of a folder's
 * PNGs (the production build, driven like the bench), from the click on Convert to the result, reduced to
 * the busy time of each kind of thread (the page's main thread, compositing, the browser's thread pool:
 * image decoding and raster, the app's workers) and the page frames drawn meanwhile. On a machine without a
 * GPU every page frame is painted and composited in software on the cores the conversion needs.
 * Run: `npm run build && npx tsx tests/bench/probes/conversion-threads.ts <dist dir> <folder of PNGs> [runs]`
 * (e.g. `dist bench-results/inputs/anim-800x600-photo 3`; the bench writes those folders). One warm-up
 * conversion first; busy time is the tasks' wall time, so a loaded machine inflates it.
 */
import { readdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from '../../browser';
import { chooseFiles, chooseMode, clearSelection, convertAndWait, openConverter } from '../app-ui';
import { startPreviewServer } from '../../support/preview-server';
import { threadKey, threadNamesOf, traced, type TraceEvent } from './trace';

const [OUT_DIR = 'dist', FOLDER, RUNS = '3'] = process.argv.slice(2);
const CATEGORIES = ['toplevel', 'cc', 'devtools.timeline', 'disabled-by-default-devtools.timeline'];

const kindOf = (thread: string) =>
  thread === 'CrRendererMain'
    ? 'main'
    : /^VizCompositor|^Compositor/.test(thread)
      ? 'compositing'
      : thread.startsWith('ThreadPool')
        ? 'pool'
        : thread.startsWith('DedicatedWorker')
          ? 'workers'
          : 'other';

async function main() {
  if (!FOLDER) throw new Error('usage: conversion-threads.ts <dist dir> <folder of PNGs> [runs]');
  assertChromiumInstalled();
  const files = readdirSync(FOLDER)
    .filter((name) => name.endsWith('.png'))
    .sort()
    .map((name) => `${FOLDER}/${name}`);
  const server = await startPreviewServer({ outDir: OUT_DIR });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ acceptDownloads: true, bypassCSP: true });
    const page = await context.newPage();
    await openConverter(page, `${server.origin}/`);
    const cdp = await context.newCDPSession(page);
    for (let run = 0; run <= Number(RUNS); run++) {
      await chooseFiles(page, files);
      await chooseMode(page, files.length > 1 ? 'animated' : 'static');
      // A person takes a moment before clicking Convert: the size estimate's sample runs meanwhile.
      await page.waitForTimeout(2500);
      if (run === 0) {
        await convertAndWait(page, 120_000);
      } else {
        let ms = 0;
        const events = await traced(cdp, CATEGORIES, async () => {
          ms = (await convertAndWait(page, 120_000)).ms;
        });
        console.log(summary(events, ms));
      }
      await clearSelection(page);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

function summary(events: readonly TraceEvent[], ms: number): string {
  const threads = threadNamesOf(events);
  const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  if (!click) return `${ms.toFixed(0)} ms (no click in the trace)`;
  const end = click.ts + ms * 1000;
  const busy = new Map<string, number>();
  let frames = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.ts < click.ts || e.ts > end) continue;
    if (e.name === 'ProxyMain::BeginMainFrame') frames++;
    if (e.name !== 'ThreadControllerImpl::RunTask' && e.name !== 'ThreadPool_RunTask') continue;
    const kind = kindOf(threads.get(threadKey(e)) ?? '');
    busy.set(kind, (busy.get(kind) ?? 0) + (e.dur ?? 0) / 1000);
  }
  const parts = ['main', 'compositing', 'pool', 'workers', 'other'].map((k) => `${k} ${(busy.get(k) ?? 0).toFixed(0)}`);
  return `click to result ${ms.toFixed(0)} ms; page frames ${frames}; busy ms: ${parts.join(', ')}`;
}

await main();
