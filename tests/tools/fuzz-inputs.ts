import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fuzz } from '../support/fuzz-png';

/**
 * A longer fuzzing run than the unit suite's: `npx tsx tests/tools/fuzz-inputs.ts --seed 7 --count 100000`.
 * Failing files are written to test-results/fuzz/ for a unit test to replay.
 */
const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    count: { type: 'string', default: '50000' },
  },
});
const seed = Number(values.seed);
const count = Number(values.count);
const started = performance.now();
const summary = fuzz(seed, count);
const seconds = (performance.now() - started) / 1000;
console.log(`seed ${seed}: ${count} files in ${seconds.toFixed(1)} s`, summary.outcomes);
if (summary.failures.length > 0) {
  const dir = join('test-results', 'fuzz');
  mkdirSync(dir, { recursive: true });
  for (const failure of summary.failures) {
    writeFileSync(join(dir, `seed-${seed}-case-${failure.index}.png`), failure.bytes);
    console.log(`case ${failure.index} (${failure.mutations.join(', ')}): ${failure.problem}`);
  }
  process.exitCode = 1;
}
