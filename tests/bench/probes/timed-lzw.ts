import type { LzwEncoder } from '@/features/converter/rules/gif/lzw';

/**
 * `encoder()`'s LZW with the time of its calls added up in `spent` (reset it between runs): the wasm's share
 * of the optimiser pass, for the probes that split the pass (optimiser-stages.ts, engine-optimiser-worker.ts).
 */
export function timedLzw(encoder: () => LzwEncoder): { lzw: LzwEncoder; spent: { encode: number; budgets: number } } {
  const spent = { encode: 0, budgets: 0 };
  const lzw: LzwEncoder = {
    encode(image, errorBudget, band) {
      const started = performance.now();
      const result = encoder().encode(image, errorBudget, band);
      spent.encode += performance.now() - started;
      return result;
    },
    budgets(indices, width, palette, rule) {
      const started = performance.now();
      const result = encoder().budgets(indices, width, palette, rule);
      spent.budgets += performance.now() - started;
      return result;
    },
  };
  return { lzw, spent };
}
