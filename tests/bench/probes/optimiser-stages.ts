/**
 * Where the optimiser pass's time goes on GIFs saved by optimiser-capture.ts, given to it as the app does:
 * the core's indexed frames (each frame's indices decoded here first), run by run as the two workers get
 * them. Per run: the whole pass, the LZW encoder's calls (the wasm and its copies) and the rest (composing,
 * differencing, cutting, writing the GIF), with each output's SHA-256.
 *
 *   [BEFORE=<copy of src/features/converter/rules>] npx tsx tests/bench/probes/optimiser-stages.ts [runs=3] <capture-dir> [name-filter]
 *
 * BEFORE: that copy's pass too (`cp -r src/features/converter/rules .before/` before a change, untracked), the
 * two in turn run after run so that they meet the same load (BEFORE_LAST=1: the copy second); the same SHA-256
 * means the same bytes. Keep the copy inside the checkout: imported from /tmp, the same code took twice as long
 * outside the LZW.
 */
import { lzw } from '../../support/node-lzw';
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as current from '@/features/converter/rules/gif/optimiser';
import { runInput } from '@/features/converter/rules/gif/optimiser';
import { frameIndices, parseGif, type GifFile } from '@/features/converter/rules/gif/file';
import { timedLzw } from './timed-lzw';

const args = process.argv.slice(2);
const runs = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 3;
const [dir, filter] = args as [string, string | undefined];
type Pass = typeof current.optimiseRun;
const passes: [string, Pass][] = [['after', current.optimiseRun]];
if (process.env.BEFORE) {
  const before = (await import(join(process.env.BEFORE, 'gif/optimiser.ts'))) as typeof current;
  if (process.env.BEFORE_LAST) passes.push(['before', before.optimiseRun]);
  else passes.unshift(['before', before.optimiseRun]);
}
console.log(
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);

const { lzw: timed, spent } = timedLzw(() => lzw);

for (const name of readdirSync(dir)
  .filter((f) => f.endsWith('.gif') && (!filter || f.includes(filter)))
  .sort()) {
  const parsed = parseGif(new Uint8Array(readFileSync(join(dir, name))));
  const file: GifFile = {
    ...parsed,
    frames: parsed.frames.map((frame) => ({ ...frame, indices: frameIndices(frame) })),
  };
  const options = JSON.parse(readFileSync(join(dir, name.replace(/\.gif$/, '.json')), 'utf8'));
  const given = options.runs ?? [{ firstFrame: 0, frameCount: file.frames.length }];
  for (const [r, run] of given.entries()) {
    const part = runInput(file, run);
    const times = new Map<string, { all: number; encode: number; budgets: number }[]>();
    const outs = new Map<string, Uint8Array | null>();
    for (let n = 0; n < runs; n++) {
      for (const [label, pass] of passes) {
        spent.encode = spent.budgets = 0;
        const started = performance.now();
        outs.set(label, pass(timed, part.input, options, part.run));
        const all = performance.now() - started;
        times.set(label, [...(times.get(label) ?? []), { all, encode: spent.encode, budgets: spent.budgets }]);
      }
    }
    for (const [label] of passes) {
      const best = times.get(label)!.reduce((a, b) => (b.all < a.all ? b : a));
      const out = outs.get(label);
      const sha = out ? createHash('sha256').update(out).digest('hex').slice(0, 16) : 'null';
      console.log(
        `${name.padEnd(30)} run ${r} ${label.padEnd(6)} lossiness ${String(options.lossiness).padStart(3)}  all ${best.all.toFixed(0).padStart(5)} ms  lzw ${best.encode.toFixed(0).padStart(5)}  budgets ${best.budgets.toFixed(0).padStart(3)}  rest ${(best.all - best.encode - best.budgets).toFixed(0).padStart(4)}  ${out?.length ?? 0} B  ${sha}`,
      );
    }
  }
}
