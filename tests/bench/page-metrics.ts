import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Request } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../browser';
import {
  chooseFiles,
  clearSelection,
  convertAndWait,
  FILE_LIST_PROBE,
  fileListVisibleMs,
  firstVisitConversion,
  openConverter,
  STARTUP_PROBE,
} from './app-ui';
import { coreSizes, type CoreSizes } from './core-size';
import { firstPaintAssets, type AssetSize } from './first-paint-assets';
import type { InputSet } from './inputs/write-inputs';
import { DIST_DIR } from './paths';
import { timeToInteractive, type LongTask } from './startup';

export interface TransferredRequest {
  url: string;
  resourceType: string;
  bytes: number;
  /** Issued by the service worker itself (precaching), not by the page. */
  byServiceWorker: boolean;
  /** Answered by the service worker: no network. */
  fromServiceWorker: boolean;
  /** ms from request start to the end of the response; null when the browser gives no timing (cache). */
  durationMs: number | null;
}

export interface Startup {
  firstContentfulPaintMs: number | null;
  convertShownMs: number | null;
  timeToInteractiveMs: number | null;
  longTasks: number;
}

export interface EngineLoad {
  wasmRequests: number;
  wasmTransferBytes: number | null;
  wasmFetchMs: number | null;
  firstTinyConversionMs: number | null;
  secondTinyConversionMs: number | null;
  /** First − second tiny conversion: the wait for the engine the first conversion paid. */
  engineWaitMs: number | null;
  /** The core's own load in this page (fetch, compile, instantiate), from the engine's User Timing measure. */
  engineLoadMs: number | null;
  /** Choosing the tiny file → the file list on screen (the first choice of this visit). */
  fileListVisibleMs: number | null;
  error: string | null;
}

/** A first visit (empty profile): a 1920x1280 photo chosen as soon as the page works, click → GIF. */
export interface FirstGif {
  ms: number | null;
  fileListVisibleMs: number | null;
  error: string | null;
}

/** A first visit (empty profile): three test-card PNGs chosen as soon as the page works, choice → file list. */
export interface FirstFileList {
  ms: number | null;
  error: string | null;
}

export interface PageMetrics {
  firstPaint: { assets: AssetSize[]; bytes: number; gzipBytes: number };
  /** Everything the first visit fetched from the network: page, engine (two tiny conversions), service worker precache. */
  firstVisit: { requests: number; transferBytes: number; wasmBytes: number; serviceWorkerRequests: number };
  /** One first visit; several repeat visits, each a new tab, as one visit is too noisy a sample. */
  startup: { firstVisit: Startup; repeatVisits: Startup[] };
  engine: { method: string; fromNetwork: EngineLoad; fromCache: EngineLoad[] };
  core: CoreSizes;
  /** Each on a fresh profile; empty when there is no photo to choose. */
  firstGifs: FirstGif[];
  /** Each on a fresh profile. */
  firstFileLists: FirstFileList[];
}

const ENGINE_METHOD =
  'The app exposes no engine-ready signal, so the engine load is measured as a first tiny conversion ' +
  '(64x48 PNG, clicked as soon as the page is interactive) minus a second one on the warm engine; ' +
  'wasm fetch time and bytes come from the browser network events. "From cache" is a new tab in the ' +
  'same on-disk browser profile (HTTP cache, and the service worker cache once the app has one).';

/** Records every finished request of a context, the page's and its workers' (the wasm is fetched by a worker). */
class RequestLog {
  private readonly pending: Promise<TransferredRequest>[] = [];

  constructor(context: BrowserContext) {
    context.on('requestfinished', (request) => this.pending.push(describe(request)));
  }

  /** The requests finished since the last call. */
  async take(): Promise<TransferredRequest[]> {
    return Promise.all(this.pending.splice(0));
  }
}

async function describe(request: Request): Promise<TransferredRequest> {
  const response = await request.response();
  const sizes = await request.sizes().catch(() => null);
  const timing = request.timing();
  return {
    url: request.url(),
    resourceType: request.resourceType(),
    bytes: sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0,
    byServiceWorker: request.serviceWorker() !== null,
    fromServiceWorker: response?.fromServiceWorker() ?? false,
    durationMs: timing.responseEnd > 0 ? timing.responseEnd : null,
  };
}

const isWasm = (request: TransferredRequest) => new URL(request.url).pathname.endsWith('.wasm');

/** Waits until the network has been idle for `quietMs` (the service worker may precache after load). */
async function networkQuiet(page: Page, quietMs = 2000, maxMs = 90_000): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: maxMs }).catch(() => {});
  await page.waitForTimeout(quietMs);
}

async function readStartup(page: Page): Promise<Startup> {
  const raw = (await page.evaluate(`({
    startup: window.__benchStartup,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
  })`)) as { startup: { convertShownAt: number | null; longTasks: LongTask[] }; fcp: number | null };
  const shown = raw.startup.convertShownAt;
  return {
    firstContentfulPaintMs: raw.fcp,
    convertShownMs: shown,
    timeToInteractiveMs: shown === null ? null : timeToInteractive(shown, raw.startup.longTasks),
    longTasks: raw.startup.longTasks.length,
  };
}

interface TinyConversions {
  firstTinyConversionMs: number | null;
  secondTinyConversionMs: number | null;
  fileListVisibleMs: number | null;
  error: string | null;
}

/** Two tiny conversions in a row: the first may wait for the engine, the second finds it warm. */
async function tinyConversions(page: Page, tiny: InputSet): Promise<TinyConversions> {
  const result: TinyConversions = {
    firstTinyConversionMs: null,
    secondTinyConversionMs: null,
    fileListVisibleMs: null,
    error: null,
  };
  try {
    for (const key of ['firstTinyConversionMs', 'secondTinyConversionMs'] as const) {
      await clearSelection(page);
      if (key === 'firstTinyConversionMs') await page.evaluate(FILE_LIST_PROBE);
      const choice = await chooseFiles(page, tiny.files);
      if (!choice.accepted) throw new Error(`tiny PNG refused: ${choice.reason}`);
      if (key === 'firstTinyConversionMs') result.fileListVisibleMs = await fileListVisibleMs(page);
      const timing = await convertAndWait(page, 120_000);
      if (timing.failed) throw new Error(timing.failed);
      result[key] = timing.ms;
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  }
  return result;
}

function engineLoad(
  conversions: TinyConversions,
  requests: readonly TransferredRequest[],
  engineLoadMs: number | null,
): EngineLoad {
  // The engine's own fetch, not the service worker precaching the same file.
  const wasm = requests.filter(isWasm).filter((r) => !r.byServiceWorker);
  const { firstTinyConversionMs: first, secondTinyConversionMs: second } = conversions;
  return {
    ...conversions,
    wasmRequests: wasm.length,
    wasmTransferBytes: wasm.length > 0 ? wasm.reduce((sum, r) => sum + (r.fromServiceWorker ? 0 : r.bytes), 0) : null,
    wasmFetchMs: wasm[0]?.durationMs ?? null,
    engineWaitMs: first !== null && second !== null ? first - second : null,
    engineLoadMs,
  };
}

interface Visit {
  startup: Startup;
  engine: EngineLoad;
  requests: TransferredRequest[];
}

/** Opens the app in a new tab, converts a tiny PNG twice as soon as it is usable, waits for the network to settle. */
async function visit(context: BrowserContext, log: RequestLog, url: string, tiny: InputSet): Promise<Visit> {
  const page = await context.newPage();
  try {
    await log.take();
    await openConverter(page, url);
    const startup = await readStartup(page);
    const conversions = await tinyConversions(page, tiny);
    await networkQuiet(page);
    const requests = await log.take();
    const loadMs = (await page.evaluate(`performance.getEntriesByName('png2gif:engine-load')[0]?.duration ?? null`)) as
      number | null;
    return { startup, engine: engineLoad(conversions, requests, loadMs), requests };
  } finally {
    await page.close();
  }
}

/**
 * First visit on an empty browser profile, then `visits` repeat visits, each in a new tab of the same
 * profile, and `visits` first visits that convert a photo. A real on-disk profile: an incognito
 * context's memory cache cannot hold the ~31 MB wasm.
 */
export async function measurePage(
  url: string,
  tiny: InputSet,
  photo: InputSet | null,
  visits: number,
  distDir = DIST_DIR,
  cards: InputSet | null = null,
): Promise<PageMetrics> {
  const assets = firstPaintAssets(distDir);
  const profile = mkdtempSync(join(tmpdir(), 'png-to-gif-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    acceptDownloads: true,
    serviceWorkers: 'allow',
    // The probes poll with string predicates, which the app's CSP (no unsafe-eval) would refuse.
    bypassCSP: true,
  });
  await context.addInitScript(STARTUP_PROBE);
  const log = new RequestLog(context);
  try {
    const first = await visit(context, log, url, tiny);
    const repeats: Visit[] = [];
    for (let n = 0; n < visits; n++) repeats.push(await visit(context, log, url, tiny));
    const firstGifs: FirstGif[] = [];
    for (let n = 0; photo && n < visits; n++) firstGifs.push(await firstGifOnFirstVisit(url, photo));
    const firstFileLists: FirstFileList[] = [];
    for (let n = 0; cards && n < visits; n++) firstFileLists.push(await fileListOnFirstVisit(url, cards));
    const network = first.requests.filter((r) => !r.fromServiceWorker);
    return {
      firstPaint: {
        assets,
        bytes: assets.reduce((sum, a) => sum + a.bytes, 0),
        gzipBytes: assets.reduce((sum, a) => sum + a.gzipBytes, 0),
      },
      firstVisit: {
        requests: network.length,
        transferBytes: network.reduce((sum, r) => sum + r.bytes, 0),
        wasmBytes: network.filter(isWasm).reduce((sum, r) => sum + r.bytes, 0),
        serviceWorkerRequests: network.filter((r) => r.byServiceWorker).length,
      },
      startup: { firstVisit: first.startup, repeatVisits: repeats.map((r) => r.startup) },
      engine: { method: ENGINE_METHOD, fromNetwork: first.engine, fromCache: repeats.map((r) => r.engine) },
      core: coreSizes(distDir),
      firstGifs,
      firstFileLists,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** An empty profile, files chosen as soon as Convert shows (before the idle-time preloading): choice → file list. */
async function fileListOnFirstVisit(url: string, files: InputSet): Promise<FirstFileList> {
  const profile = mkdtempSync(join(tmpdir(), 'png-to-gif-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    serviceWorkers: 'allow',
    // The probes poll with string predicates, which the app's CSP (no unsafe-eval) would refuse.
    bypassCSP: true,
  });
  const result: FirstFileList = { ms: null, error: null };
  try {
    const page = await context.newPage();
    await openConverter(page, url);
    await page.evaluate(FILE_LIST_PROBE);
    const choice = await chooseFiles(page, files.files);
    if (!choice.accepted) throw new Error(`files refused: ${choice.reason}`);
    result.ms = await fileListVisibleMs(page);
  } catch (error) {
    result.error = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return result;
}

/** An empty profile, the photo chosen as soon as Convert shows, then Convert: the wait a first visitor sees. */
async function firstGifOnFirstVisit(url: string, photo: InputSet): Promise<FirstGif> {
  const profile = mkdtempSync(join(tmpdir(), 'png-to-gif-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    serviceWorkers: 'allow',
    // The probes poll with string predicates, which the app's CSP (no unsafe-eval) would refuse.
    bypassCSP: true,
  });
  const result: FirstGif = { ms: null, fileListVisibleMs: null, error: null };
  try {
    const page = await context.newPage();
    await openConverter(page, url);
    const first = await firstVisitConversion(page, photo.files);
    result.fileListVisibleMs = first.fileListVisibleMs;
    result.ms = first.timing.ms;
  } catch (error) {
    result.error = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return result;
}
