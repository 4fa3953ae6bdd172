/**
 * engine-optimiser.ts's page side: what the runtime does on the page's thread before the optimiser workers
 * start (runtime/optimiser-workers.ts optimiseOnWorkers): whether the runs are worth cutting, and each run's
 * copy of its frames.
 */
import { runInput, runsWorthCutting, type OptimiseRun } from '@/features/converter/rules/gif/optimiser';
import { frameIndices, parseGif, type GifFile } from '@/features/converter/rules/gif/file';

(window as unknown as Record<string, unknown>).mainThread = async (
  options: { lossiness: number },
  runs: OptimiseRun[],
): Promise<{ cutting: number; copies: number }> => {
  const parsed = parseGif(new Uint8Array(await (await fetch('/capture.gif')).arrayBuffer()));
  const file: GifFile = {
    ...parsed,
    frames: parsed.frames.map((frame) => ({ ...frame, indices: frameIndices(frame) })),
  };
  let started = performance.now();
  const cut = runsWorthCutting(file, options, runs);
  const cutting = performance.now() - started;
  started = performance.now();
  for (const run of cut ?? []) {
    const part = runInput(file, run).input as GifFile;
    part.frames.map((frame) => ({ ...frame, indices: frame.indices?.slice() }));
  }
  return { cutting, copies: performance.now() - started };
};
