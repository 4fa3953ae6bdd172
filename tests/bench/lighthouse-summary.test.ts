import { describe, expect, it } from 'vitest';
import { lighthouseTable, medianRun, missedTargets, readLighthouseRun, type LighthouseRun } from './lighthouse-summary';

const report = (performance: number, fcp: number, lcp: number, tbt: number) => ({
  categories: {
    performance: { score: performance },
    accessibility: { score: 1 },
    'best-practices': { score: 1 },
    seo: { score: 1 },
  },
  audits: {
    'first-contentful-paint': { numericValue: fcp },
    'largest-contentful-paint': { numericValue: lcp },
    'total-blocking-time': { numericValue: tbt },
    'cumulative-layout-shift': { numericValue: 0.001 },
    'speed-index': { numericValue: fcp },
  },
});

describe('Lighthouse summary', () => {
  it('reads the scores and metrics of a report', () => {
    expect(readLighthouseRun(report(0.97, 1100, 1150, 90))).toMatchObject({
      performance: 0.97,
      seo: 1,
      fcpMs: 1100,
      lcpMs: 1150,
      tbtMs: 90,
    });
  });

  it('refuses a report without a category', () => {
    expect(() => readLighthouseRun({ categories: {}, audits: {} })).toThrow(/performance/);
  });

  it('takes the median of each field and names the targets it misses', () => {
    const runs: LighthouseRun[] = [
      readLighthouseRun(report(0.99, 1000, 1100, 40)),
      readLighthouseRun(report(0.9, 1300, 1900, 400)),
      readLighthouseRun(report(0.96, 1100, 1200, 120)),
    ];
    const median = medianRun(runs);
    expect(median).toMatchObject({ performance: 0.96, fcpMs: 1100, lcpMs: 1200, tbtMs: 120 });
    expect(missedTargets(median)).toEqual([]);
    expect(missedTargets({ ...median, tbtMs: 151, seo: 0.91 })).toEqual(['TBT', 'SEO']);
    expect(lighthouseTable([{ path: '/', runs }])).toContain('| / | 0.96 (0.90–0.99) | 1.10 s (1.00 s–1.30 s) |');
  });
});
