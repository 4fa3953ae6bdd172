/**
 * Where a conversion's time goes in Chromium, stage by stage, through the real browser engine (the
 * User Timing mark runtime/browser-runtime.ts leaves), for one or several decode workers.
 *
 *   npx tsx tests/bench/probes/stage-times.ts [runs=3] [decoders=1,0] [case-dir...]
 *
 * Case dirs default to the bench's inputs (npm run bench draws them); decoders 0 = the default (one per core).
 * Animations (several files) convert as one animated GIF, a single file as a still.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../browser';
import type { Harness } from '../../e2e/engine-harness/harness';
import { INPUTS_DIR } from '../../bench/paths';
import { spread } from '../../bench/stats';
import { table } from '../../bench/report';
import { STAGES } from '@/features/converter/rules/stage-times';
import { startEngineHarness } from '../../support/engine-harness';

const [runsArg, decodersArg, ...dirs] = process.argv.slice(2);
const runs = Number(runsArg ?? 3);
const decoderCounts = (decodersArg ?? '1,0').split(',').map(Number);
const caseDirs = dirs.length
  ? dirs
  : ['anim-800x600-photo', 'anim-1920x1080-photo', 'still-4000x3000-photo'].map((id) => join(INPUTS_DIR, id));

const server = await startEngineHarness();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const rows: string[][] = [];
try {
  for (const decoders of decoderCounts) {
    const page = await browser.newPage();
    await page.goto(`${server.url}${decoders ? `?decoders=${decoders}` : ''}`);
    for (const dir of caseDirs) {
      const files = readdirSync(dir)
        .filter((name) => name.endsWith('.png'))
        .sort()
        .map((name) => join(dir, name));
      await page.locator('#files').setInputFiles(files);
      const details: Record<string, number>[] = [];
      for (let run = 0; run <= runs; run++) {
        await page.evaluate(`performance.clearMarks('png2gif:stages')`);
        const mode = files.length > 1 ? 'animated' : 'static';
        const result = await page.evaluate(
          (m) => (window as unknown as { harness: Harness }).harness.convert({ mode: m }),
          mode as 'animated' | 'static',
        );
        if (!result.ok) throw new Error(`${dir}: ${result.message}`);
        const detail = (await page.evaluate(`performance.getEntriesByName('png2gif:stages')[0].detail`)) as Record<
          string,
          number
        >;
        // What no stage accounts for: the job's own glue (planning, messages, clean-up).
        const staged = STAGES.reduce((sum, stage) => sum + (detail[stage] ?? 0), 0);
        if (run > 0) details.push({ ...detail, unstaged: detail.totalMs! - staged }); // run 0 warms up
      }
      const median = (stage: string) => Math.round(spread(details.map((d) => d[stage] ?? 0)).median);
      rows.push([
        dir.split('/').at(-1)!,
        decoders ? String(decoders) : 'default',
        ...[...STAGES, 'unstaged', 'totalMs'].map((s) => String(median(s))),
      ]);
      console.log(rows.at(-1)!.join('  '));
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(
  `\nmedian ms over ${runs} runs after a warm-up; load ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
console.log(table(['case', 'decoders', ...STAGES, 'unstaged', 'total'], rows));
