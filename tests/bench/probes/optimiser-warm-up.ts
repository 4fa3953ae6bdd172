/**
 * What the pass's warm-up (rules/gif/optimiser-warm-up.ts) buys a new worker: the first optimiser run of a fresh
 * process, cold or after warmUpOptimiser(lzw), on the core's indexed frames of a 10 × 800x600 camera pan (the
 * first of the two runs the browser makes). Each sample is its own Node process, cold and warm in turn.
 *
 *   npx tsx tests/bench/probes/optimiser-warm-up.ts [samples=5]
 */
import { lzw } from '../../support/node-lzw';
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SETTINGS } from '@/features/converter/rules/settings';
import { optimiseRun, runInput, type OptimiseRun, type OptimiserInput } from '@/features/converter/rules/gif/optimiser';
import { warmUpOptimiser } from '@/features/converter/rules/gif/optimiser-warm-up';
import { runConversionJob } from '@/features/converter/runtime/conversion-job';
import { cameraPan } from '../../fixtures/content';
import { decodedFrame } from '../../support/compose';
import { loadNodeCore } from '../../support/node-core';
import { spread } from '../../bench/stats';

const [mode, samplesArg] = process.argv.slice(2);

if (mode === 'cold' || mode === 'warm') {
  // One sample: the frames from the Node core (not timed), then the warm-up if asked, then the first run.
  const frames = cameraPan(10);
  const settings = { ...DEFAULT_SETTINGS, mode: 'animated' as const };
  let captured: { input: OptimiserInput; lossiness: number; runs: readonly OptimiseRun[] } | null = null;
  await runConversionJob(await loadNodeCore(), {
    settings,
    sources: frames.map((f, i) => ({ name: `f${i}.png`, width: f.width, height: f.height })),
    readFrame: async (frame) => decodedFrame(frames[frame.sourceIndex]!, frame, settings),
    optimise: async (input, options, runs) => {
      captured = { input, lossiness: options.lossiness, runs: runs! };
      return new Uint8Array();
    },
  });
  const { input, lossiness, runs } = captured!;
  let warmUp = 0;
  if (mode === 'warm') {
    const started = performance.now();
    warmUpOptimiser(lzw);
    warmUp = performance.now() - started;
  }
  const part = runInput(input, runs[0]!);
  const started = performance.now();
  optimiseRun(lzw, part.input, { lossiness }, part.run);
  console.log(JSON.stringify({ warmUp, first: performance.now() - started }));
} else {
  const samples = Number(mode ?? samplesArg ?? 5);
  const self = fileURLToPath(import.meta.url);
  const results: Record<'cold' | 'warm', { warmUp: number; first: number }[]> = { cold: [], warm: [] };
  for (let i = 0; i < samples; i++) {
    for (const kind of ['cold', 'warm'] as const) {
      const out = execFileSync(process.execPath, ['--import', 'tsx', self, kind], { encoding: 'utf8' });
      results[kind].push(JSON.parse(out.trim().split('\n').at(-1)!));
    }
  }
  const median = (values: number[]) => Math.round(spread(values).median);
  console.log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}; ${samples} processes each`,
  );
  for (const kind of ['cold', 'warm'] as const) {
    const rows = results[kind];
    console.log(
      `${kind}: first run ${median(rows.map((r) => r.first))} ms median (${rows.map((r) => Math.round(r.first)).join(', ')})` +
        (kind === 'warm' ? `, after a warm-up of ${median(rows.map((r) => r.warmUp))} ms` : ''),
    );
  }
}
