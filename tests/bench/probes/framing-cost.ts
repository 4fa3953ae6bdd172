/**
 * What a crop and a rotation cost a conversion in Chromium, through the real browser engine (the engine
 * harness page, convert() call → GIF Blob): each case converted as it is, turned a quarter, and cropped by 2 %
 * at each side and turned, the three in turn, run after run, so that they share the machine's load. The
 * framed runs change the turn (right, left) and move the crop by a pixel each run, so that no run reuses the
 * previous one's facts, as the first conversion after a change of the crop does not; the plain runs do, as a
 * conversion after the decode ahead does. Besides the whole time, the decode and analyse stages (the
 * `png2gif:stages` mark): where the cut and the facts of the cut pixels are, apart from the stages whose time
 * follows the picture's content (a turned pan is differenced and compressed along other rows).
 *
 *   npx tsx tests/bench/probes/framing-cost.ts [runs=3] [case-dir...]
 *
 * Case dirs default to the bench's inputs (npm run bench draws them). Animations (several files) convert as
 * one animated GIF, a single file as a still.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../browser';
import type { Harness } from '../../e2e/engine-harness/harness';
import { INPUTS_DIR } from '../../bench/paths';
import { spread } from '../../bench/stats';
import { table } from '../../bench/report';
import { startEngineHarness } from '../../support/engine-harness';
import { pngSize } from '@/features/converter/rules/png/size';
import { rotateLeft, rotateRight, UPRIGHT } from '@/features/converter/rules/framing';
import type { ConversionSettings } from '@/features/converter/rules/settings';

const [runsArg, ...dirs] = process.argv.slice(2);
const runs = Number(runsArg ?? 3);
const caseDirs = dirs.length
  ? dirs
  : ['anim-800x600-photo', 'anim-1920x1080-photo', 'still-4000x3000-photo'].map((id) => join(INPUTS_DIR, id));

const server = await startEngineHarness();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const rows: string[][] = [];
try {
  const page = await browser.newPage();
  await page.goto(server.url);
  for (const dir of caseDirs) {
    const files = readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => join(dir, name));
    const size = pngSize(new Uint8Array(readFileSync(files[0]!)))!;
    const mode = files.length > 1 ? 'animated' : 'static';
    const inset = { x: Math.round(size.width * 0.02), y: Math.round(size.height * 0.02) };
    const turn = (run: number) => (run % 2 ? rotateRight(UPRIGHT) : rotateLeft(UPRIGHT));
    const variants: [string, (run: number) => Partial<ConversionSettings>][] = [
      ['as it is', () => ({ mode })],
      ['turned', (run) => ({ mode, orientation: turn(run) })],
      [
        'cropped 2 %, turned',
        (run) => ({
          mode,
          orientation: turn(run),
          crop: { x: inset.x + run, y: inset.y, width: size.width - 2 * inset.x, height: size.height - 2 * inset.y },
        }),
      ],
    ];
    await page.locator('#files').setInputFiles(files);
    const times = variants.map(() => [] as number[]);
    const cutting = variants.map(() => [] as number[]);
    for (let run = 0; run <= runs; run++) {
      for (const [index, [name, settings]] of variants.entries()) {
        const result = await page.evaluate(
          (s) => (window as unknown as { harness: Harness }).harness.convert(s),
          settings(run),
        );
        if (!result.ok) throw new Error(`${dir} ${name}: ${result.message}`);
        const stages = (await page.evaluate(`performance.getEntriesByName('png2gif:stages').at(-1).detail`)) as Record<
          string,
          number
        >;
        if (run === 0) continue; // warms up
        times[index]!.push(result.engineMs);
        cutting[index]!.push((stages.decode ?? 0) + (stages.analyse ?? 0));
      }
    }
    const base = spread(times[0]!).median;
    for (const [index, [name]] of variants.entries()) {
      const median = spread(times[index]!).median;
      rows.push([
        dir.split('/').at(-1)!,
        name,
        String(Math.round(median)),
        `${((median / base - 1) * 100).toFixed(1)} %`,
        String(Math.round(spread(cutting[index]!).median)),
      ]);
      console.log(rows.at(-1)!.join('  '));
    }
  }
  await page.close();
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
console.log(table(['case', 'framing', 'convert → GIF (ms)', 'against as it is', 'decode + analyse (ms)'], rows));
