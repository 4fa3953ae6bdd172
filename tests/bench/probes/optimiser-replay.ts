/**
 * Times the optimiser pass alone on GIFs saved by optimiser-capture.ts and prints each output's SHA-256,
 * to compare a change of the pass before and after (same bytes, less time).
 *
 *   npx tsx tests/bench/probes/optimiser-replay.ts [runs=3] <capture-dir> [name-filter]
 *
 * ONE_RUN=1: the whole animation in one run, as before the pass was cut in two (optimiseRunsFor).
 */
import { lzw } from '../../support/node-lzw';
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { optimiseGifInRuns } from '@/features/converter/rules/gif/optimiser';

const args = process.argv.slice(2);
const runs = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 3;
const [dir, filter] = args as [string, string | undefined];
console.log(
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
let sum = 0;
for (const name of readdirSync(dir)
  .filter((f) => f.endsWith('.gif') && (!filter || f.includes(filter)))
  .sort()) {
  const gif = new Uint8Array(readFileSync(join(dir, name)));
  const options = JSON.parse(readFileSync(join(dir, name.replace(/\.gif$/, '.json')), 'utf8'));
  const times: number[] = [];
  let out: Uint8Array = gif;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    out = process.env.ONE_RUN
      ? optimiseGifInRuns(lzw, gif, options, null)
      : optimiseGifInRuns(lzw, gif, options, options.runs ?? null);
    times.push(performance.now() - started);
    if (process.env.EACH) console.log(`  run ${run}: ${times.at(-1)!.toFixed(0)} ms`);
  }
  const best = Math.min(...times);
  sum += best;
  const sha = createHash('sha256').update(out).digest('hex').slice(0, 16);
  console.log(
    `${name.padEnd(36)} lossiness ${String(options.lossiness).padStart(3)} ${options.runs ? 'runs' : '    '}  ${best.toFixed(0).padStart(6)} ms  ${gif.length} → ${out.length}  ${sha}`,
  );
}
console.log(`total ${sum.toFixed(0)} ms`);
