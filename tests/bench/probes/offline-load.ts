/**
 * The offline figures, measured on the production build in Chromium:
 * precache size, first-visit transfer size, and the engine load time from the network vs from the cache.
 * Run: `npm run build && npx tsx tests/bench/probes/offline-load.ts [runs] [throttle Mbit/s]`
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from '../../browser';
import { startPreviewServer } from '../../support/preview-server';

const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));
const RUNS = Number(process.argv[2] ?? 5);
/** Optional link speed for the network runs, e.g. 50 (Mbit/s, 20 ms latency); 0 = loopback as is. */
const THROTTLE_MBPS = Number(process.argv[3] ?? 0);
const MiB = 1024 * 1024;

interface EngineFiles {
  worker: string;
  core: string;
  wasm: string;
}

function precacheSize(): { count: number; bytes: number } {
  const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]!);
  return { count: urls.length, bytes: urls.reduce((sum, url) => sum + statSync(join(DIST, url)).size, 0) };
}

function engineFiles(): EngineFiles {
  const assets = readdirSync(join(DIST, 'assets'));
  const find = (pattern: RegExp) => `/assets/${assets.find((name) => pattern.test(name))}`;
  // The engine's worker is its core's loader too (runtime/ffmpeg-core.worker.ts).
  const worker = find(/^ffmpeg-core\.worker-.*\.js$/);
  return { worker, core: worker, wasm: find(/^ffmpeg-core-.*\.wasm$/) };
}

/** Bytes the network delivered (resource timing transferSize: 0 when served from a cache) to the page and its service worker. */
async function transferredBytes(page: Page, context: BrowserContext): Promise<{ page: number; serviceWorker: number }> {
  const sum = () =>
    performance
      .getEntriesByType('navigation')
      .concat(performance.getEntriesByType('resource'))
      .reduce((total, entry) => total + (entry as PerformanceResourceTiming).transferSize, 0);
  const serviceWorkers = context.serviceWorkers();
  return {
    page: await page.evaluate(sum),
    serviceWorker: serviceWorkers.length > 0 ? await serviceWorkers[0]!.evaluate(sum) : 0,
  };
}

/** Starts the app's own ffmpeg worker and times its LOAD message, i.e. what `ffmpeg.load()` awaits. */
async function engineLoadMs(page: Page, files: EngineFiles): Promise<number> {
  return page.evaluate(async ({ worker: workerURL, core, wasm }) => {
    const start = performance.now();
    const worker = new Worker(workerURL, { type: 'module' });
    await new Promise<void>((resolve, reject) => {
      worker.onmessage = ({ data }: MessageEvent<{ type: string; data: unknown }>) =>
        data.type === 'ERROR' ? reject(new Error(String(data.data))) : resolve();
      worker.postMessage({ id: 0, type: 'LOAD', data: { coreURL: core, wasmURL: wasm } });
    });
    const elapsed = performance.now() - start;
    worker.terminate();
    return elapsed;
  }, files);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function engineFromNetwork(browser: Browser, origin: string, files: EngineFiles): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // A fresh context: empty HTTP cache, and no service worker to answer.
    const context = await browser.newContext({ baseURL: origin, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/');
    if (THROTTLE_MBPS > 0) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: (THROTTLE_MBPS * 1e6) / 8,
        uploadThroughput: (THROTTLE_MBPS * 1e6) / 8,
      });
    }
    times.push(await engineLoadMs(page, files));
    await context.close();
  }
  return times;
}

async function main(): Promise<void> {
  assertChromiumInstalled();
  const precache = precacheSize();
  const files = engineFiles();
  const server = await startPreviewServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: server.origin });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByText('Ready to work offline', { exact: true }).waitFor({ timeout: 120_000 });
    const firstVisit = await transferredBytes(page, context);

    const network = await engineFromNetwork(browser, server.origin, files);
    const cached: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const controlled = await context.newPage();
      await controlled.goto('/');
      cached.push(await engineLoadMs(controlled, files));
      await controlled.close();
    }

    const mib = (bytes: number) => `${(bytes / MiB).toFixed(2)} MiB`;
    const ms = (values: number[]) =>
      `median ${median(values).toFixed(0)} ms (runs: ${values.map((v) => v.toFixed(0)).join(', ')})`;
    console.log(`precache:            ${precache.count} entries, ${mib(precache.bytes)} (${precache.bytes} bytes)`);
    console.log(
      `first visit:         ${mib(firstVisit.page + firstVisit.serviceWorker)} over the network ` +
        `(page ${mib(firstVisit.page)}, service worker precache ${mib(firstVisit.serviceWorker)})`,
    );
    const link = THROTTLE_MBPS > 0 ? `${THROTTLE_MBPS} Mbit/s + 20 ms` : 'loopback';
    console.log(`engine load, network (${link}, cold HTTP cache): ${ms(network)}`);
    console.log(`engine load, service worker cache:                        ${ms(cached)}`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
