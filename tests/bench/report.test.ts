import { describe, expect, it } from 'vitest';
import {
  engineRatio,
  enginesTable,
  engineStagesTable,
  formatBytes,
  formatMs,
  pageReport,
  qualityWorkShare,
  table,
} from './report';
import type { EngineLoad, PageMetrics, Startup } from './page-metrics';

describe('table', () => {
  it('pads every column to its widest cell', () => {
    expect(table(['a', 'bb'], [['ccc', 'd']])).toBe(['a    bb', '---  --', 'ccc  d'].join('\n'));
  });
});

describe('qualityWorkShare', () => {
  it('is analyse + optimise against click to result (the engine and the page), none without marks', () => {
    expect(qualityWorkShare({ analyse: 20, optimise: 280, palette: 100, totalMs: 570, ui: 30 })).toBeCloseTo(0.5);
    // A batch has no ui: its conversions' summed time.
    expect(qualityWorkShare({ analyse: 0, optimise: 100, totalMs: 1000 })).toBeCloseTo(0.1);
    expect(qualityWorkShare(null)).toBeNull();
    expect(qualityWorkShare({ optimise: 0, totalMs: 0 })).toBeNull();
  });
});

describe('engines', () => {
  it("is an engine's median against Chromium's, none when either is missing", () => {
    expect(engineRatio(1000, 1250)).toBeCloseTo(1.25);
    expect(engineRatio(null, 1250)).toBeNull();
    expect(engineRatio(0, 1250)).toBeNull();
    expect(engineRatio(1000, null)).toBeNull();
  });

  it('tables each case in each engine, with the ratio to Chromium and the cases over the target', () => {
    const cases = [
      { id: 'a', title: 'case a' },
      { id: 'b', title: 'case b' },
    ];
    const time = (caseId: string, median: number) => ({
      caseId,
      runsMs: [median],
      time: { median, min: median, max: median },
      stages: null,
      error: null,
    });
    const text = enginesTable(cases, [
      { engine: 'chromium', version: 'Chromium 156', cases: [time('a', 1000), time('b', 2000)] },
      { engine: 'firefox', version: 'Firefox 153', cases: [time('a', 1200), time('b', 3200)] },
      {
        engine: 'webkit',
        version: 'WebKitGTK 2.50',
        cases: [{ caseId: 'a', runsMs: [], time: null, stages: null, error: 'failed: x' }],
      },
    ]);
    expect(text).toContain("Chromium's (target ≤ 1.5× for firefox and webkit):");
    expect(text).toContain('  firefox: Firefox 153');
    expect(text.split('\n').slice(-2)).toEqual([
      'case a  1000 ms   1200 ms 1.20×         failed: x',
      'case b  2000 ms   3200 ms 1.60× (over)  —',
    ]);
  });
});

describe('engineStagesTable', () => {
  it("gives each engine's stages per case, with the ratio to Chromium's stages long enough to judge", () => {
    const stages = (decode: number, encode: number) => ({ decode, encode, totalMs: decode + encode });
    const time = (stageMs: Record<string, number> | null) => ({
      caseId: 'a',
      runsMs: [1],
      time: { median: 1, min: 1, max: 1 },
      stages: stageMs,
      error: null,
    });
    const text = engineStagesTable(
      [{ id: 'a', title: 'case a' }],
      [
        { engine: 'chromium', cases: [time(stages(400, 10))] },
        { engine: 'firefox', cases: [time(null)] },
        { engine: 'webkit', cases: [time(stages(1000, 30))] },
      ],
    );
    const rows = text.split('\n').slice(-2);
    expect(rows[0]).toMatch(/^case a +chromium +.*400 ms +.*10 ms +.* 410 ms$/);
    expect(rows[1]).toContain('1000 ms 2.5×');
    expect(rows[1]).toContain('30 ms ');
    expect(rows[1]).not.toContain('30 ms 3.0×');
    expect(rows[1]).toMatch(/1030 ms 2\.5×$/);
    expect(text).not.toContain('firefox');
  });
});

describe('formatters', () => {
  it('shows milliseconds, seconds past ten seconds, and a dash for nothing', () => {
    expect(formatMs(1234.4)).toBe('1234 ms');
    expect(formatMs(12_345)).toBe('12.3 s');
    expect(formatMs(null)).toBe('—');
  });

  it('shows bytes in base 1024 units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.00 MB');
  });
});

describe('pageReport', () => {
  const startup: Startup = { firstContentfulPaintMs: 100, convertShownMs: 120, timeToInteractiveMs: 130, longTasks: 0 };
  const engine = (engineLoadMs: number | null): EngineLoad => ({
    wasmRequests: 1,
    wasmTransferBytes: 0,
    wasmFetchMs: 5,
    firstTinyConversionMs: 90,
    secondTinyConversionMs: 40,
    engineWaitMs: 50,
    engineLoadMs,
    fileListVisibleMs: 30,
    error: null,
  });
  const page = (
    fromCache: (number | null)[],
    firstGifs: PageMetrics['firstGifs'],
    firstFileLists: PageMetrics['firstFileLists'] = [],
  ): PageMetrics => ({
    firstPaint: { assets: [], bytes: 0, gzipBytes: 0 },
    firstVisit: { requests: 1, transferBytes: 1000, wasmBytes: 500, serviceWorkerRequests: 0 },
    startup: { firstVisit: startup, repeatVisits: fromCache.map(() => startup) },
    engine: { method: 'm', fromNetwork: engine(300), fromCache: fromCache.map(engine) },
    core: { wasmBytes: 1000, wasmGzipBytes: 500, precacheBytes: 2000, precacheEntries: 3 } as PageMetrics['core'],
    firstGifs,
    firstFileLists,
  });
  const line = (report: string, start: string) => report.split('\n').find((l) => l.trimStart().startsWith(start));

  it('judges the engine load and the first GIF by the median of the visits, with their range', () => {
    const report = pageReport(
      page(
        [90, 50, null, 55],
        [
          { ms: 1200, fileListVisibleMs: 160, error: null },
          { ms: 800, fileListVisibleMs: 100, error: null },
          { ms: 900, fileListVisibleMs: 120, error: null },
        ],
      ),
    );
    expect(line(report, 'engine ready')).toContain('55 ms (50 ms–90 ms), 3 visit(s)');
    expect(line(report, 'engine ready')).toMatch(/\(met\)$/);
    expect(line(report, 'first GIF')).toContain('900 ms (800 ms–1200 ms), 3 visit(s)');
    expect(line(report, 'file list')).toContain('120 ms (100 ms–160 ms)');
    expect(line(report, 'file list')).toMatch(/\(met\)$/);
  });

  it('judges the file list of three test cards on first visits by its median', () => {
    const lists = [180, 140, 120, null].map((ms) => ({ ms, error: ms === null ? 'no list' : null }));
    const report = pageReport(page([50], [], lists));
    expect(line(report, 'file list visible after choosing 3')).toMatch(/140 ms \(120 ms–180 ms\).*no list.*\(met\)$/);
  });

  it('says a missed target and a failed visit', () => {
    const report = pageReport(page([62, 70], [{ ms: null, fileListVisibleMs: null, error: 'timed out' }]));
    expect(line(report, 'engine ready')).toMatch(/66 ms .*\(MISSED\)$/);
    expect(line(report, 'first GIF')).toContain('failed: timed out');
  });
});
