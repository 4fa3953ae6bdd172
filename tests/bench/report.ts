import type { CaseResult } from './case-runner';
import type { EngineCaseTime } from './engines';
import type { MemoryResult } from './memory';
import type { EngineLoad, PageMetrics, Startup } from './page-metrics';
import { spread, type Spread } from './stats';
import { targetRatio } from './cases';
import { FRAMING_COST_TARGET, formatAdded, type FramingResult } from './framing';
import { STAGES } from '@/features/converter/rules/stage-times';

export const formatMs = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '—' : ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;

export const formatBytes = (bytes: number | null | undefined): string => {
  if (bytes === null || bytes === undefined) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
};

const formatSpread = (time: Spread | null): string =>
  time ? `${formatMs(time.median)} (${formatMs(time.min)}–${formatMs(time.max)})` : '—';

const formatSsim = (value: number | undefined): string => (value === undefined ? '—' : value.toFixed(4));

/** Plain text table, columns padded to their widest cell. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function appWay({ app }: CaseResult): string {
  if (app.note) return app.note;
  if (app.error) return `failed: ${app.error}`;
  const settings = [
    app.modeControl && app.modeControl !== 'selected' ? app.modeControl : null,
    app.qualityControl === 'no quality control' ? app.qualityControl : null,
  ].filter(Boolean);
  return [app.way, ...settings].join(', ');
}

function targetCell(r: CaseResult): string {
  const target = targetRatio(r.id);
  if (target === null) return '—';
  if (r.ratio === null) return `≤ ${target}`;
  return `≤ ${target} ${r.ratio <= target ? 'met' : 'MISSED'}`;
}

/** Target: the quality work (content analysis and the optimiser pass) at most this share of the time. */
export const QUALITY_WORK_TARGET = 0.2;

/**
 * The share of the time the quality work took: the `analyse` and `optimise` stages against click to result
 * (the engine's time plus `ui`; a batch: its conversions' summed time). The pass also writes the GIF, which
 * any encoder must, so this is an upper bound (tests/bench/probes/quality-cost.ts times the plain encode).
 */
export function qualityWorkShare(stages: Record<string, number> | null): number | null {
  if (!stages || !stages.totalMs) return null;
  return ((stages.analyse ?? 0) + (stages.optimise ?? 0)) / (stages.totalMs + (stages.ui ?? 0));
}

const formatShare = (share: number | null) =>
  share === null ? '—' : `${Math.round(share * 100)} %${share <= QUALITY_WORK_TARGET ? '' : ' (over)'}`;

/** Where the app's time went per case: medians of each stage (ms), less sensitive to load than totals. */
export function stagesTable(results: readonly CaseResult[]): string {
  const columns = [...STAGES, 'other', 'ui', 'ui-before', 'ui-after', 'totalMs', 'ahead'];
  const rows = results.map((r) => [
    r.title,
    ...columns.map((stage) => (r.stages ? formatMs(r.stages[stage]) : '—')),
    formatShare(qualityWorkShare(r.stages)),
  ]);
  return [
    "Where the app's time goes (median of the measured runs; a batch sums its side-by-side conversions;",
    'other = the engine total outside its stages; ui = click to result minus the engine, ui-before its part',
    "from the click to the engine, ui-after from the engine's end to the ready text; ahead = the part of the",
    'engine total made before the click, by a conversion started while the files were looked at; — = the build leaves no',
    `stage marks). Quality work = analyse + optimise, its share of click to result (target ≤ ${QUALITY_WORK_TARGET * 100} %;`,
    "the pass's own GIF writing included):",
    table(['case', ...columns.map((c) => (c === 'totalMs' ? 'engine total' : c)), 'quality work'], rows),
  ].join('\n');
}

const MIB = 1024 * 1024;
const check = (ok: boolean | null) => (ok === null ? '' : ok ? ' (met)' : ' (MISSED)');
const atMost = (value: number | null | undefined, limit: number) =>
  check(value === null || value === undefined ? null : value <= limit);

export function casesTable(results: readonly CaseResult[]): string {
  const header = [
    'case',
    'app ran as',
    'app median (min–max)',
    'native median (min–max)',
    'app/native',
    'target',
    'load 1m',
    'app bytes',
    'native bytes',
    'app SSIM',
    'native SSIM',
    'output',
    'frames app/native',
  ];
  const rows = results.map((r) => [
    r.title,
    appWay(r),
    formatSpread(r.app.time),
    r.native ? (r.native.error ? `failed: ${r.native.error}` : formatSpread(r.native.time)) : 'no native ffmpeg',
    r.ratio === null ? '—' : r.ratio.toFixed(2),
    targetCell(r),
    r.load ? `${r.load.median.toFixed(1)} (${r.load.min.toFixed(1)}–${r.load.max.toFixed(1)})` : '—',
    formatBytes(r.app.outputBytes),
    formatBytes(r.native?.outputBytes),
    formatSsim(r.app.quality?.ssim),
    formatSsim(r.native?.quality?.ssim),
    r.outputSize,
    `${r.app.quality?.frames ?? '—'}/${r.native?.quality?.frames ?? '—'}`,
  ]);
  return table(header, rows);
}

const startupLine = (label: string, s: Startup) =>
  `${label}: first contentful paint ${formatMs(s.firstContentfulPaintMs)}, Convert shown ${formatMs(s.convertShownMs)}, ` +
  `time to interactive ${formatMs(s.timeToInteractiveMs)} (${s.longTasks} long task(s))`;

const engineLine = (label: string, e: EngineLoad) =>
  `${label}: wasm ${e.wasmRequests === 0 ? 'not fetched by the page' : `${formatBytes(e.wasmTransferBytes)} transferred in ${formatMs(e.wasmFetchMs)}`}; ` +
  `tiny conversion first ${formatMs(e.firstTinyConversionMs)}, second ${formatMs(e.secondTinyConversionMs)} ` +
  `→ engine wait ≈ ${formatMs(e.engineWaitMs)}; core load in the page ${formatMs(e.engineLoadMs)}${e.error ? ` (error: ${e.error})` : ''}`;

/** Median (min–max) of the visits that measured it, and how many did. */
function visitsSpread(values: readonly (number | null | undefined)[]): { text: string; median: number | null } {
  const measured = values.filter((v): v is number => v !== null && v !== undefined);
  if (measured.length === 0) return { text: '—', median: null };
  const s = spread(measured);
  const range = measured.length > 1 ? ` (${formatMs(s.min)}–${formatMs(s.max)})` : '';
  return { text: `${formatMs(s.median)}${range}, ${measured.length} visit(s)`, median: s.median };
}

export function pageReport(page: PageMetrics): string {
  const { firstPaint, firstVisit, startup, engine, firstGifs, firstFileLists } = page;
  const engineReady = visitsSpread(engine.fromCache.map((e) => e.engineLoadMs));
  const firstGif = visitsSpread(firstGifs.map((g) => g.ms));
  const fileList = visitsSpread(firstGifs.map((g) => g.fileListVisibleMs));
  const failures = firstGifs.flatMap((g) => (g.error ? [g.error] : []));
  const cardsList = visitsSpread(firstFileLists.map((l) => l.ms));
  const cardsFailures = firstFileLists.flatMap((l) => (l.error ? [l.error] : []));
  return [
    `First paint JS + CSS: ${formatBytes(firstPaint.gzipBytes)} gzip (${formatBytes(firstPaint.bytes)} raw) in ${firstPaint.assets.length} file(s): ` +
      firstPaint.assets.map((a) => `${a.path} ${formatBytes(a.gzipBytes)}`).join(', '),
    `First visit transfer: ${formatBytes(firstVisit.transferBytes)} in ${firstVisit.requests} request(s), of which wasm ${formatBytes(firstVisit.wasmBytes)} and the rest ${formatBytes(firstVisit.transferBytes - firstVisit.wasmBytes)}; ` +
      `${firstVisit.serviceWorkerRequests} request(s) by a service worker (as served by vite preview, no compression)`,
    startupLine('Startup, first visit', startup.firstVisit),
    ...startup.repeatVisits.map((s, n) => startupLine(`Startup, repeat visit ${n + 1}`, s)),
    engineLine('Engine from the network', engine.fromNetwork),
    ...engine.fromCache.map((e, n) => engineLine(`Engine from the cache, visit ${n + 1}`, e)),
    `  (${engine.method})`,
    'Page targets (medians over the visits, min–max):',
    `  core wasm ${formatBytes(page.core.wasmBytes)} raw (${formatBytes(page.core.wasmGzipBytes)} gzip), target ≤ 1.5 MiB${atMost(page.core.wasmBytes, 1.5 * MIB)}`,
    `  first visit transfer ${formatBytes(firstVisit.transferBytes)}, target ≤ 2 MiB${atMost(firstVisit.transferBytes, 2 * MIB)}`,
    `  offline precache ${formatBytes(page.core.precacheBytes)} in ${page.core.precacheEntries} entries, target ≤ 2.5 MiB${atMost(page.core.precacheBytes, 2.5 * MIB)}`,
    `  engine ready from the service-worker cache ${engineReady.text} (core load measured in the page), target ≤ 60 ms${atMost(engineReady.median, 60)}`,
    `  first GIF on a first visit, 1920x1280 photo, Convert → result ${firstGifs.length ? firstGif.text : 'not measured'}${failures.length ? `; failed: ${failures.join('; ')}` : ''}, target ≤ 1.0 s${atMost(firstGif.median, 1000)}`,
    `  file list visible after choosing files: first visit ${fileList.text} (1920x1280 photo), ${formatMs(engine.fromNetwork.fileListVisibleMs)} (tiny, first visit), ` +
      `${visitsSpread(engine.fromCache.map((e) => e.fileListVisibleMs)).text} (tiny, repeat visits), target ≤ 150 ms${atMost(fileList.median, 150)}`,
    `  file list visible after choosing 3 test-card PNGs right after a first load ${firstFileLists.length ? cardsList.text : 'not measured'}` +
      `${cardsFailures.length ? `; failed: ${cardsFailures.join('; ')}` : ''}, target ≤ 150 ms${atMost(cardsList.median, 150)}`,
  ].join('\n');
}

export function memoryReport(memory: MemoryResult): string {
  const sizes = memory.fileBytes.map((b) => (b / 1e6).toFixed(1)).join(', ');
  return [
    `Memory, ${memory.files} PNGs (${sizes} MB): peak renderer RSS ${formatBytes(memory.rendererRss.peakBytes)} ` +
      `(before files ${formatBytes(memory.rendererRss.beforeFilesBytes)}, before Convert ${formatBytes(memory.rendererRss.beforeConvertBytes)}), ` +
      `peak page JS heap ${formatBytes(memory.jsHeapUsed.peakBytes)}; conversion ${formatMs(memory.conversionMs)}; ${memory.outcome}`,
    `  (${memory.method})`,
  ].join('\n');
}

/** Firefox and WebKit at most this many times Chromium's click-to-result time, case by case. */
export const ENGINE_RATIO_TARGET = 1.5;

/** An engine's median time against Chromium's for the same case, or null when either is missing. */
export function engineRatio(chromiumMs: number | null | undefined, engineMs: number | null | undefined): number | null {
  if (!chromiumMs || engineMs === null || engineMs === undefined) return null;
  return engineMs / chromiumMs;
}

/**
 * Click to result per case in each engine, and the ratio to Chromium's: `engines` starts with Chromium's
 * times, measured run by run in turn with the others'.
 */
export function enginesTable(
  cases: readonly Pick<CaseResult, 'id' | 'title'>[],
  engines: readonly { engine: string; version: string; cases: readonly EngineCaseTime[] }[],
): string {
  const [chromium, ...others] = engines;
  const median = (times: readonly EngineCaseTime[] | undefined, id: string) =>
    times?.find((c) => c.caseId === id)?.time?.median ?? null;
  const rows = cases.map((r) => [
    r.title,
    ...engines.map(({ engine, cases: times }) => {
      const time = times.find((c) => c.caseId === r.id);
      if (!time?.time) return time?.error ?? '—';
      const ratio = engine === chromium?.engine ? null : engineRatio(median(chromium?.cases, r.id), time.time.median);
      const verdict = ratio === null ? '' : ` ${ratio.toFixed(2)}×${ratio <= ENGINE_RATIO_TARGET ? '' : ' (over)'}`;
      return `${formatMs(time.time.median)}${verdict}`;
    }),
  ]);
  return [
    `Click to result per engine (median of the measured runs, the engines in turn run by run), and the ratio to`,
    `Chromium's (target ≤ ${ENGINE_RATIO_TARGET}× for ${others.map(({ engine }) => engine).join(' and ')}):`,
    ...engines.map(({ engine, version }) => `  ${engine}: ${version}`),
    table(['case', ...engines.map(({ engine }) => engine)], rows),
  ].join('\n');
}

/** What each framing adds to click to result, per case: medians of the runs and of the per-run ratios (min–max). */
export function framingTable(
  results: readonly (Pick<CaseResult, 'title'> & { framing?: FramingResult | null })[],
): string {
  const rows = results.flatMap(({ title, framing }) => {
    if (!framing) return [];
    if (framing.framed.every((f) => !f.time))
      return [[title, '—', formatSpread(framing.plain.time), '—', framing.error ?? '—', '—']];
    return framing.framed.map((f) => [
      title,
      f.framing,
      formatSpread(framing.plain.time),
      formatSpread(f.time),
      f.ratio
        ? `${formatAdded(f.ratio.median)} (${formatAdded(f.ratio.min)} to ${formatAdded(f.ratio.max)})${framing.error ? `; stopped: ${framing.error}` : ''}`
        : (framing.error ?? '—'),
      f.ratio ? (f.ratio.median - 1 <= FRAMING_COST_TARGET ? 'met' : 'MISSED') : '—',
    ]);
  });
  return [
    'Crop and rotation (--framing), set on the page, against plain runs driven alike, in turn run by run; both pause',
    "before Convert for the size estimate of their settings. Added = each run's framed time ÷ its plain time, median",
    `(min to max); turn = a quarter right, crop = 2 % off each side, moved by a pixel each run (target ≤ +${FRAMING_COST_TARGET * 100} %):`,
    table(['case', 'framing', 'plain median (min–max)', 'framed median (min–max)', 'added', 'target'], rows),
  ].join('\n');
}

/**
 * Where each engine's time went per case (medians of the stage mark, as in Chromium's own stage table), with
 * each stage's ratio to Chromium's where it is long enough to judge: which stage an engine is slow in.
 */
export function engineStagesTable(
  cases: readonly Pick<CaseResult, 'id' | 'title'>[],
  engines: readonly { engine: string; cases: readonly EngineCaseTime[] }[],
): string {
  const columns = ['list-to-click', ...STAGES, 'other', 'ui-before', 'ui-after', 'totalMs'];
  const chromium = engines[0];
  const rows = cases.flatMap((r) =>
    engines.flatMap(({ engine, cases: times }) => {
      const stages = times.find((c) => c.caseId === r.id)?.stages;
      if (!stages) return [];
      const reference = engine === chromium?.engine ? null : chromium?.cases.find((c) => c.caseId === r.id)?.stages;
      return [
        [
          r.title,
          engine,
          ...columns.map((stage) => {
            const ms = stages[stage];
            const base = reference?.[stage];
            const judged = base !== undefined && base >= 20 && ms !== undefined && stage !== 'list-to-click';
            const ratio = judged ? ` ${(ms / base).toFixed(1)}×` : '';
            return `${formatMs(ms)}${ratio}`;
          }),
        ],
      ];
    }),
  );
  return [
    "Where each engine's time goes (median ms of the measured runs; × = against Chromium's stage of 20 ms or more;",
    'list-to-click = from the file list on screen to the click on Convert, the time the engine had for its work ahead):',
    table(['case', 'engine', ...columns.map((c) => (c === 'totalMs' ? 'engine total' : c))], rows),
  ].join('\n');
}
