/**
 * What the quality work costs at default settings (the bench's target: ≤ 20 % of conversion time): the
 * content analysis (smooth-block share, exact-palette fit) and the optimiser pass (lossy LZW, frame
 * differencing), against the whole conversion on the Node core (the pass included). CPU time of this
 * process, the median of a few runs, so other load on the machine inflates both sides alike; the
 * browser's wall-clock stages are tests/bench/probes/stage-times.ts. The pass writes the GIF in place of
 * the core's encoder, so its second share leaves out what writing the frames whole and lossless costs
 * (gifAsMapped, timed on the same frames): the part of the pass that is quality work.
 *
 *   npx tsx tests/bench/probes/quality-cost.ts [runs=3] <png or folder of frames>...
 */
import { lzw } from '../../support/node-lzw';
import { gradientStats, PaletteFit } from '@/features/converter/rules/palette/content-analysis';
import { gifAsMapped, optimiseGifInRuns } from '@/features/converter/rules/gif/optimiser';
import { parseGif } from '@/features/converter/rules/gif/file';
import { HistogramBuilder, refinePalette } from '@/features/converter/rules/palette/refine';
import { PALETTE_REFINE_ITERATIONS } from '@/features/converter/rules/palette/quality';
import { DEFAULT_SETTINGS } from '@/features/converter/rules/settings';
import { runConversionJob } from '@/features/converter/runtime/conversion-job';
import { decodedFrame } from '../../support/compose';
import { pngInputsAt } from '../../support/node-engine';
import { loadNodeCore } from '../../support/node-core';

const args = process.argv.slice(2);
const runs = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 3;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const ffmpeg = await loadNodeCore();
console.log(
  `load ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
for (const path of args) {
  const inputs = pngInputsAt(path);
  const settings = { ...DEFAULT_SETTINGS, mode: inputs.length > 1 ? ('animated' as const) : ('static' as const) };
  const samples = { total: [] as number[], analysis: [] as number[], optimise: [] as number[], plain: [] as number[] };
  let summary = '';
  for (let run = 0; run <= runs; run++) {
    let started = cpuMs();
    // The job as node-engine.ts runs it, its pass timed where it runs (on the core's indexed frames).
    let optimise = 0;
    let plain = 0;
    const { gif, plan } = await runConversionJob(ffmpeg, {
      settings,
      sources: inputs.map(({ name, image }) => ({ name, width: image.width, height: image.height })),
      readFrame: async (frame) => decodedFrame(inputs[frame.sourceIndex]!.image, frame, settings),
      optimise: async (input, options, cut) => {
        // What writing these frames costs without the pass (whole frames, lossless LZW): the share of any GIF writer.
        const plainStarted = cpuMs();
        gifAsMapped(lzw, input);
        plain = cpuMs() - plainStarted;
        const passStarted = cpuMs();
        const out = optimiseGifInRuns(lzw, input, options, cut);
        optimise = cpuMs() - passStarted;
        return out;
      },
    });
    const total = cpuMs() - started - plain;
    started = cpuMs();
    const histogram = new HistogramBuilder();
    const pixels = inputs.reduce((sum, { image }) => sum + image.width * image.height, 0);
    for (const { image } of inputs) {
      gradientStats(image.data, image.width, image.height);
      new PaletteFit().add(image.data);
      histogram.add(image.data, Math.max(1, Math.floor(pixels / (1 << 18))));
    }
    // The refinement, on the GIF's own table (the cut palette, as the job refines it).
    const table = parseGif(gif).globalPalette ?? parseGif(gif).frames[0]!.localPalette!;
    if (!plan.exactPalette) refinePalette(table, histogram.build(), PALETTE_REFINE_ITERATIONS);
    const analysis = cpuMs() - started;
    if (run === 0) continue; // warm-up
    samples.total.push(total);
    samples.analysis.push(analysis);
    samples.optimise.push(optimise);
    samples.plain.push(plain);
    summary = `${inputs.length} x ${plan.width}x${plan.height}, ${plan.palette.dither}, lossiness ${plan.palette.lossiness ?? 0}, ${(gif.length / 1024).toFixed(0)} KiB`;
  }
  const [total, analysis, optimise, plain] = [samples.total, samples.analysis, samples.optimise, samples.plain].map(
    median,
  ) as [number, number, number, number];
  const share = (ms: number) => `${((ms / total) * 100).toFixed(1)} %`;
  console.log(
    `${path.split('/').slice(-2).join('/')}: ${summary}; conversion ${total.toFixed(0)} ms CPU; analysis ` +
      `${analysis.toFixed(0)} ms (${share(analysis)}, refinement included); optimiser ${optimise.toFixed(0)} ms (${share(optimise)}); ` +
      `quality work ${share(analysis + optimise)}; without the plain encode the pass replaces (${plain.toFixed(0)} ms) ` +
      `${share(analysis + optimise - plain)}`,
  );
}
