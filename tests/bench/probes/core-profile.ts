/**
 * The engine core's job time under Node, on the app's own plan for a set of PNGs (the conversion job's
 * content analysis, then buildPlan): the palette (cut from the colour histogram and refined, as the job
 * makes it) and the whole one-graph job, median CPU time of N runs (steadier than wall time on a shared machine), with the output's sha256 (to check a core change keeps its bytes).
 *
 *   npx tsx tests/bench/probes/core-profile.ts <core-dir> <runs> <png-set-dir>...
 *
 * <core-dir> holds ffmpeg-core.js/.wasm (e.g. wasm-assets/core or an experimental build); with
 * `node --cpu-prof` and a --profiling-funcs build it shows where the core's time goes.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  gradientStats,
  isSmoothGradient,
  mergeStats,
  EMPTY_STATS,
} from '@/features/converter/rules/palette/content-analysis';
import { buildPlan, planLayout } from '@/features/converter/rules/plan/plan';
import { HistogramBuilder, refinePaletteFile } from '@/features/converter/rules/palette/refine';
import { paletteFileFromHistogram } from '@/features/converter/rules/palette/cut';
import { PALETTE_REFINE_ITERATIONS } from '@/features/converter/rules/palette/quality';
import { DEFAULT_SETTINGS } from '@/features/converter/rules/settings';
import { decodePng } from '../../fixtures/pngs';

interface Core {
  exec(...args: string[]): number;
  reset(): void;
  setLogger(logger: (entry: { message: string }) => void): void;
  FS: { writeFile(path: string, data: Uint8Array, opts?: object): void; readFile(path: string): Uint8Array };
}

const [coreDir, runsArg, ...sets] = process.argv.slice(2);
if (!coreDir || !sets.length) throw new Error('usage: core-profile.ts <core-dir> <runs> <png-set-dir>...');
const runs = Number(runsArg ?? 3);
const js = resolve(coreDir, 'ffmpeg-core.js');
const globals = globalThis as unknown as { self?: { location?: { href: string } } };
globals.self ??= globalThis as never;
globals.self.location = { href: pathToFileURL(js).href };
const { default: create } = (await import(pathToFileURL(js).href)) as {
  default: (o: { wasmBinary: Uint8Array }) => Promise<Core>;
};
const core = await create({ wasmBinary: readFileSync(resolve(coreDir, 'ffmpeg-core.wasm')) });
const log: string[] = [];
core.setLogger(({ message }) => log.push(message));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const dir of sets) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort();
  const images = files.map((f) => decodePng(readFileSync(join(dir, f))));
  const settings = { ...DEFAULT_SETTINGS, mode: images.length > 1 ? ('animated' as const) : ('static' as const) };
  const layout = planLayout(
    settings,
    images.map((image, i) => ({ name: files[i]!, width: image.width, height: image.height })),
  );
  let stats = EMPTY_STATS;
  for (const image of images) {
    stats = mergeStats(stats, gradientStats(image.data, image.width, image.height));
  }
  const plan = buildPlan(layout, settings, {
    smoothGradient: isSmoothGradient(stats),
    transparent: false,
  });
  const write = () => {
    const cpu = process.cpuUsage();
    layout.frames.forEach((frame) => core.FS.writeFile(frame.inputFile, images[frame.sourceIndex]!.data));
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / 1000;
  };
  const exec = (args: string[]) => {
    log.length = 0;
    const cpu = process.cpuUsage();
    const code = core.exec(...args);
    core.reset();
    if (code !== 0) throw new Error(`${basename(dir)}: exit ${code}\n${log.join('\n')}`);
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / 1000;
  };
  const times = { write: [] as number[], palette: [] as number[], whole: [] as number[] };
  let hash = '';
  for (let run = 0; run < runs; run++) {
    times.write.push(write());
    const cpu = process.cpuUsage();
    const histogram = new HistogramBuilder();
    for (const frame of layout.frames)
      histogram.addShown(images[frame.sourceIndex]!.data, frame.decoded, frame.histogram);
    const colours = histogram.build();
    const palette = paletteFileFromHistogram(colours, plan.palette.maxColors);
    core.FS.writeFile(plan.paletteFile, refinePaletteFile(palette, colours, PALETTE_REFINE_ITERATIONS));
    const used = process.cpuUsage(cpu);
    times.palette.push((used.user + used.system) / 1000);
    times.whole.push(exec(plan.args));
    hash = createHash('sha256').update(core.FS.readFile(plan.outputFile)).digest('hex').slice(0, 16);
  }
  console.log(
    `${basename(dir)}: write ${median(times.write).toFixed(0)} ms, palette ${
      times.palette.length ? median(times.palette).toFixed(0) : '-'
    } ms, whole job ${median(times.whole).toFixed(0)} ms (min ${Math.min(...times.whole).toFixed(0)}) gif ${hash}` +
      ` [${plan.args.filter((a) => a.includes('palette')).join(' ')}]`,
  );
}
