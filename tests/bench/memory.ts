import { readFileSync, statSync } from 'node:fs';
import { chromium, type CDPSession } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../browser';
import { chooseFiles, chooseMode, convertAndWait, openConverter } from './app-ui';
import type { InputSet } from './inputs/write-inputs';

export interface MemoryResult {
  files: number;
  fileBytes: number[];
  /** Sum of the resident memory of the browser's renderer processes (the tab and its workers). */
  rendererRss: { beforeFilesBytes: number; beforeConvertBytes: number; peakBytes: number };
  /** The page's main-thread JS heap (workers and wasm memory are not in it; they are in the RSS). */
  jsHeapUsed: { beforeConvertBytes: number; peakBytes: number };
  samples: number;
  conversionMs: number | null;
  outcome: string;
  method: string;
}

const METHOD =
  'Own browser instance, one tab. Every 250 ms from before choosing the files to the result: the ' +
  'renderer processes listed by CDP SystemInfo.getProcessInfo, their VmRSS from /proc (what ps shows), ' +
  'summed; and CDP Performance.getMetrics JSHeapUsedSize of the page.';

async function rendererRssBytes(browserSession: CDPSession): Promise<number> {
  const { processInfo } = (await browserSession.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  let total = 0;
  for (const process of processInfo.filter((p) => p.type === 'renderer')) {
    try {
      const status = readFileSync(`/proc/${process.id}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

async function jsHeapUsedBytes(pageSession: CDPSession): Promise<number> {
  const { metrics } = (await pageSession.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
}

/** Peak tab memory while the app converts the given (big) PNGs as one animation. */
export async function measureMemory(url: string, inputs: InputSet): Promise<MemoryResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const browserSession = await browser.newBrowserCDPSession();
    const context = await browser.newContext({ acceptDownloads: true, bypassCSP: true });
    const page = await context.newPage();
    const pageSession = await context.newCDPSession(page);
    await pageSession.send('Performance.enable');
    await openConverter(page, url);

    let peakRss = 0;
    let peakHeap = 0;
    let samples = 0;
    const sample = async () => {
      const [rss, heap] = await Promise.all([rendererRssBytes(browserSession), jsHeapUsedBytes(pageSession)]);
      peakRss = Math.max(peakRss, rss);
      peakHeap = Math.max(peakHeap, heap);
      samples++;
      return { rss, heap };
    };
    const beforeFiles = await sample();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        await sample().catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();

    let conversionMs: number | null = null;
    let outcome: string;
    let beforeConvert = beforeFiles;
    try {
      const choice = await chooseFiles(page, inputs.files);
      beforeConvert = await sample();
      if (!choice.accepted) {
        outcome = `files refused: ${choice.reason}`;
      } else {
        const mode = await chooseMode(page, 'animated');
        const timing = await convertAndWait(page, 15 * 60_000);
        conversionMs = timing.ms;
        outcome = timing.failed
          ? `failed: ${timing.failed}`
          : `converted (${timing.results} result(s); mode control: ${mode})`;
      }
    } finally {
      sampling = false;
      await sampler;
    }
    await sample();
    return {
      files: inputs.files.length,
      fileBytes: inputs.files.map((file) => statSync(file).size),
      rendererRss: { beforeFilesBytes: beforeFiles.rss, beforeConvertBytes: beforeConvert.rss, peakBytes: peakRss },
      jsHeapUsed: { beforeConvertBytes: beforeConvert.heap, peakBytes: peakHeap },
      samples,
      conversionMs,
      outcome,
      method: METHOD,
    };
  } finally {
    await browser.close();
  }
}
