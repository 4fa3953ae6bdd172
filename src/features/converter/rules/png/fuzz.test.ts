import { describe, expect, it } from 'vitest';
import { fuzz, runIntake, seedFiles } from '../../../../../tests/support/fuzz-png';

/**
 * Seeded fuzzing of the validator, the APNG parser and compositor (tests/support/fuzz-png.ts): mutated
 * PNGs and APNGs give only the typed refusals, never another error, a hang, or an allocation beyond what
 * their header allowed. A longer run: `npx tsx tests/tools/fuzz-inputs.ts --seed <n> --count <m>`.
 */
describe('intake fuzzing', () => {
  it('every seed file is accepted as it is', () => {
    for (const bytes of seedFiles()) expect(runIntake(bytes).outcome).toBe('accepted');
  });

  it('3000 mutated PNG and APNG files: only "Failed to load image" (or the memory pre-flight) comes out', () => {
    const summary = fuzz(20261122, 3000);
    expect(summary.failures.map(({ index, mutations, problem }) => ({ index, mutations, problem }))).toEqual([]);
    // The mutations reach every outcome: still accepted, refused with a reason, refused for its size.
    expect(summary.outcomes.accepted).toBeGreaterThan(100);
    expect(summary.outcomes.refused).toBeGreaterThan(1000);
  }, 60_000);
});
