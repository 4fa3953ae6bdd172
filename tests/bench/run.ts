/**
 * `npm run bench`: the app against native ffmpeg on the same machine, in one run.
 * A benchmark, not a test: it reports and exits 0 however slow the machine is; it exits 1 only
 * when the harness itself breaks.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { assertChromiumInstalled, CHROMIUM_ARGS, CHROMIUM_PATH } from '../browser';
import { CONVERSION_TIMEOUT_MS, runConversionCase, type CaseResult } from './case-runner';
import { CONVERSION_CASES, FIRST_VISIT_PHOTO, quickVariant, type ConversionCase } from './cases';
import { ensureCaseInputs, ensureNoiseInputs } from './inputs/write-inputs';
import { measureMemory, type MemoryResult } from './memory';
import { NATIVE_MISSING_HINT, nativeFfmpegVersion } from './native-ffmpeg';
import { parseOptions, USAGE } from './options';
import { measurePage, type PageMetrics } from './page-metrics';
import { DIST_DIR, RESULTS_DIR, REPO_ROOT } from './paths';
import { debianMissingHint } from './inputs/debian-pictures';
import { startPreviewServer } from '../support/preview-server';
import { buildApp } from './build-app';
import {
  casesTable,
  enginesTable,
  engineStagesTable,
  framingTable,
  memoryReport,
  pageReport,
  stagesTable,
} from './report';
import { timeCasesInEngines, type EngineTimes } from './engines';
import type { InputSet } from './inputs/write-inputs';

/** Ten PNGs just under the 50 MB limit: 4800×3600 RGB noise ≈ 51.8 MB each (limit 52,428,800 bytes). */
const MEMORY_INPUTS = { full: { width: 4800, height: 3600 }, quick: { width: 1600, height: 1200 } };
const UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024;

const TINY_CASE: ConversionCase = {
  id: 'tiny-64x48',
  title: 'tiny',
  kind: 'still',
  content: 'generated-photo',
  files: 1,
  width: 64,
  height: 48,
  seed: 7,
};

/** Chosen right after a first load, for the file list's time. */
const FIRST_VISIT_CARDS: ConversionCase = {
  id: 'first-visit-3x800x600-testcard',
  title: 'first visit file list',
  kind: 'animated',
  content: 'testcard',
  files: 3,
  width: 800,
  height: 600,
  seed: 71,
};

const log = (line: string) => console.log(line);

const loadLine = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) {
    log(USAGE);
    return;
  }
  assertChromiumInstalled();
  const ffmpegVersion = nativeFfmpegVersion();
  if (!ffmpegVersion) log(NATIVE_MISSING_HINT);

  if (!options.skipBuild) {
    log('Building the app (npm run build)…');
    buildApp();
  }
  const distDir = options.dist ? resolve(options.dist) : DIST_DIR;
  const server = await startPreviewServer({ port: options.port, outDir: distDir });
  log(`Serving ${distDir} at ${server.origin}; load average (1, 5, 15 min) ${loadLine()}`);
  const loadAtStart = loadLine();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const started = Date.now();
  const cases: CaseResult[] = [];
  const ran: { conversionCase: ConversionCase; inputs: InputSet; chromium: CaseResult }[] = [];
  const engines: EngineTimes[] = [];
  let page: PageMetrics | null = null;
  let memory: MemoryResult | null = null;

  try {
    if (options.cases.includes('page')) {
      log('Page: first paint size, first visit, time to interactive, engine load…');
      let photo = null;
      try {
        photo = ensureCaseInputs(FIRST_VISIT_PHOTO);
      } catch (error) {
        log(debianMissingHint(error instanceof Error ? error.message.split('\n')[0]! : String(error)));
      }
      const cards = ensureCaseInputs(FIRST_VISIT_CARDS);
      page = await measurePage(server.origin, ensureCaseInputs(TINY_CASE), photo, options.runs, distDir, cards);
    }
    const selected = CONVERSION_CASES.filter((c) => options.cases.includes(c.id));
    for (const base of selected) {
      const conversionCase = options.quick ? quickVariant(base) : base;
      log(`Case ${conversionCase.title}:`);
      let inputs;
      try {
        inputs = ensureCaseInputs(conversionCase);
      } catch (error) {
        log(debianMissingHint(error instanceof Error ? error.message.split('\n')[0]! : String(error)));
        continue;
      }
      const result = await runConversionCase(browser, server.origin, conversionCase, inputs, {
        runs: options.runs,
        quality: options.quality,
        nativeAvailable: ffmpegVersion !== null,
        framings: options.framings,
        log,
      });
      cases.push(result);
      ran.push({ conversionCase, inputs, chromium: result });
    }
    if (ran.length > 0 && options.engines.length > 0) {
      log(`The conversion cases in Chromium, ${options.engines.join(', ')}, run by run in turn:`);
      engines.push(
        ...(await timeCasesInEngines(options.engines, server.origin, ran, {
          runs: options.runs,
          quality: options.quality,
          lookMs: options.lookMs,
          conversionTimeoutMs: CONVERSION_TIMEOUT_MS,
          log,
        })),
      );
    }
    if (options.cases.includes('memory')) {
      const { width, height } = options.quick ? MEMORY_INPUTS.quick : MEMORY_INPUTS.full;
      log(`Memory: 10 × ${width}x${height} noise PNGs…`);
      const inputs = ensureNoiseInputs(`memory-${width}x${height}`, 10, width, height);
      memory = await measureMemory(server.origin, inputs);
      if (memory.fileBytes.some((bytes) => bytes >= UPLOAD_LIMIT_BYTES)) log('  warning: a memory input is over 50 MB');
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  const environment = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryBytes: totalmem(),
    node: process.version,
    chromium: browser.version(),
    nativeFfmpeg: ffmpegVersion,
    quick: options.quick,
    runs: options.runs,
    appQuality: options.quality ?? 'app default',
    framings: options.framings,
    durationS: Math.round((Date.now() - started) / 1000),
    dist: distDir,
    loadAtStart,
    loadAtEnd: loadLine(),
  };

  log('');
  log(
    `PNG to GIF bench — ${environment.date} — ${environment.cores} × ${environment.cpu} — Chromium ${environment.chromium}` +
      ` — ${ffmpegVersion ?? 'no native ffmpeg'} — ${options.runs} warm run(s) after 1 warm-up` +
      ` — app quality ${options.quality ?? 'default'}${options.quick ? ' — QUICK' : ''}`,
  );
  log(`Load average (1, 5, 15 min): ${environment.loadAtStart} at the start, ${environment.loadAtEnd} at the end`);
  if (cases.length > 0) log(`\n${casesTable(cases)}\n\n${stagesTable(cases)}`);
  if (options.framings.length > 0) log(`\n${framingTable(cases)}`);
  if (engines.length > 0) log(`\n${enginesTable(cases, engines)}\n\n${engineStagesTable(cases, engines)}`);
  if (page) log(`\n${pageReport(page)}`);
  if (memory) log(`\n${memoryReport(memory)}`);

  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `bench-${environment.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ environment, cases, engines, page, memory }, null, 2)}\n`);
  log(`\nSSIM: mean over frames, luma (BT.601), 8×8 windows every 4 px, each GIF frame against its source PNG`);
  log(
    `area-downscaled to the output size. Times: app = click on Convert → result in the page; native = ffmpeg process wall clock.`,
  );
  log(`Written ${file} (${environment.durationS} s)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
