/**
 * `npm run bench:page`: Lighthouse's mobile profile (simulated slow 4G, 4× CPU slowdown) on the production
 * build served by `vite preview`, each page `--runs` times in a fresh Chromium, medians against the targets.
 * A benchmark, not a test: it reports and exits 0; 1 only when the harness breaks.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { assertChromiumInstalled, CHROMIUM_PATH } from '../browser';
import { startPreviewServer } from '../support/preview-server';
import { buildApp } from './build-app';
import { lighthouseTable, readLighthouseRun, type LighthouseRun } from './lighthouse-summary';
import { DIST_DIR, RESULTS_DIR } from './paths';

const USAGE = `Usage: npm run bench:page -- [options]
  --runs N         Lighthouse runs per page (default 3)
  --paths a,b      pages to measure (default /,/terms,/privacy,/cookies,/feedback)
  --skip-build     serve the existing dist/ instead of running npm run build
  --dist DIR       serve another build (implies --skip-build): before/after with the same command
  --port N         port for vite preview (default: a free port)`;

interface PageOptions {
  runs: number;
  paths: string[];
  skipBuild: boolean;
  dist: string | null;
  port: number | undefined;
}

function parse(argv: string[]): PageOptions | null {
  const options: PageOptions = {
    runs: 3,
    paths: ['/', '/terms', '/privacy', '/cookies', '/feedback'],
    skipBuild: false,
    dist: null,
    port: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value\n${USAGE}`);
      return next;
    };
    if (arg === '--help' || arg === '-h') return null;
    else if (arg === '--runs') options.runs = Math.max(1, Number.parseInt(value(), 10));
    else if (arg === '--paths') options.paths = value().split(',');
    else if (arg === '--skip-build') options.skipBuild = true;
    else if (arg === '--dist') options.dist = value();
    else if (arg === '--port') options.port = Number.parseInt(value(), 10);
    else throw new Error(`unknown option ${arg}\n${USAGE}`);
  }
  if (options.dist) options.skipBuild = true;
  return options;
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'];

async function lighthouseRun(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    return readLighthouseRun(result.lhr as unknown as Parameters<typeof readLighthouseRun>[0]);
  } finally {
    await chrome.kill();
  }
}

async function main(): Promise<void> {
  const options = parse(process.argv.slice(2));
  if (!options) {
    console.log(USAGE);
    return;
  }
  assertChromiumInstalled();
  if (!options.skipBuild) buildApp();
  const distDir = options.dist ? resolve(options.dist) : DIST_DIR;
  const server = await startPreviewServer({ port: options.port, outDir: distDir });
  const load = () => loadavg()[0]!.toFixed(2);
  const loadAtStart = load();
  const pages: { path: string; runs: LighthouseRun[] }[] = options.paths.map((path) => ({ path, runs: [] }));
  try {
    // Pages in turn, run by run, so that a burst of load on the machine does not fall on one page only.
    for (let run = 0; run < options.runs; run++) {
      for (const page of pages) {
        page.runs.push(await lighthouseRun(server.origin + page.path));
        console.log(`run ${run + 1}/${options.runs} ${page.path}: performance ${page.runs.at(-1)!.performance}`);
      }
    }
  } finally {
    await server.stop();
  }
  const table = lighthouseTable(pages);
  console.log(`\nLighthouse mobile, ${distDir}, medians of ${options.runs} (min–max), load ${loadAtStart}–${load()}\n`);
  console.log(table);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ dist: distDir, pages }, null, 2));
  console.log(`\n${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
