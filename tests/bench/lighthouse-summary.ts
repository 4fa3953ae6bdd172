import { spread } from './stats';

/** What one Lighthouse run says of a page: category scores (0–1) and the paint and blocking metrics (ms). */
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

/** The targets for `/` and the legal pages, Lighthouse's mobile profile, on the median of the runs. */
export const PAGE_TARGETS = {
  performance: 0.95,
  fcpMs: 1200,
  lcpMs: 1800,
  tbtMs: 150,
  seo: 1,
  accessibility: 1,
  bestPractices: 1,
} as const;

interface LighthouseJson {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
}

function score(report: LighthouseJson, id: string): number {
  const value = report.categories[id]?.score;
  if (typeof value !== 'number') throw new Error(`the Lighthouse report has no ${id} score`);
  return value;
}

function metric(report: LighthouseJson, id: string): number {
  const value = report.audits[id]?.numericValue;
  if (typeof value !== 'number') throw new Error(`the Lighthouse report has no ${id} value`);
  return value;
}

/** Reads a Lighthouse JSON report (`lhr`). */
export function readLighthouseRun(report: LighthouseJson): LighthouseRun {
  return {
    performance: score(report, 'performance'),
    accessibility: score(report, 'accessibility'),
    bestPractices: score(report, 'best-practices'),
    seo: score(report, 'seo'),
    fcpMs: metric(report, 'first-contentful-paint'),
    lcpMs: metric(report, 'largest-contentful-paint'),
    tbtMs: metric(report, 'total-blocking-time'),
    cls: metric(report, 'cumulative-layout-shift'),
    speedIndexMs: metric(report, 'speed-index'),
  };
}

/** The median of every field over the runs of one page. */
export function medianRun(runs: readonly LighthouseRun[]): LighthouseRun {
  const median = (pick: (run: LighthouseRun) => number) => spread(runs.map(pick)).median;
  return {
    performance: median((r) => r.performance),
    accessibility: median((r) => r.accessibility),
    bestPractices: median((r) => r.bestPractices),
    seo: median((r) => r.seo),
    fcpMs: median((r) => r.fcpMs),
    lcpMs: median((r) => r.lcpMs),
    tbtMs: median((r) => r.tbtMs),
    cls: median((r) => r.cls),
    speedIndexMs: median((r) => r.speedIndexMs),
  };
}

/** The targets a page's median misses, by name; empty when it meets them all. */
export function missedTargets(median: LighthouseRun): string[] {
  const missed: string[] = [];
  if (median.performance < PAGE_TARGETS.performance) missed.push('performance');
  if (median.fcpMs > PAGE_TARGETS.fcpMs) missed.push('FCP');
  if (median.lcpMs > PAGE_TARGETS.lcpMs) missed.push('LCP');
  if (median.tbtMs > PAGE_TARGETS.tbtMs) missed.push('TBT');
  if (median.seo < PAGE_TARGETS.seo) missed.push('SEO');
  if (median.accessibility < PAGE_TARGETS.accessibility) missed.push('accessibility');
  if (median.bestPractices < PAGE_TARGETS.bestPractices) missed.push('best practices');
  return missed;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const range = (runs: readonly LighthouseRun[], pick: (run: LighthouseRun) => number, format: (v: number) => string) => {
  const { median, min, max } = spread(runs.map(pick));
  return runs.length > 1 ? `${format(median)} (${format(min)}–${format(max)})` : format(median);
};

/** A Markdown table: one row per page, medians with min–max, and the targets each misses. */
export function lighthouseTable(pages: readonly { path: string; runs: readonly LighthouseRun[] }[]): string {
  const rows = pages.map(({ path, runs }) => {
    const missed = missedTargets(medianRun(runs));
    return [
      path,
      range(
        runs,
        (r) => r.performance,
        (v) => v.toFixed(2),
      ),
      range(runs, (r) => r.fcpMs, seconds),
      range(runs, (r) => r.lcpMs, seconds),
      range(
        runs,
        (r) => r.tbtMs,
        (v) => `${Math.round(v)} ms`,
      ),
      range(
        runs,
        (r) => r.cls,
        (v) => v.toFixed(3),
      ),
      [medianRun(runs).accessibility, medianRun(runs).bestPractices, medianRun(runs).seo]
        .map((v) => v.toFixed(2))
        .join(' / '),
      missed.length === 0 ? 'met' : `missed: ${missed.join(', ')}`,
    ];
  });
  const header = ['page', 'performance', 'FCP', 'LCP', 'TBT', 'CLS', 'a11y / BP / SEO', 'targets'];
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
