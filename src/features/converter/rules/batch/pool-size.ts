import { outputSize, type Size } from '../dimensions';
import { estimateHeapBytes } from '../plan/memory';
import type { ConversionSettings } from '../settings';

/**
 * How many engine instances run side by side. Each instance is a core (its own wasm heap, which
 * never shrinks) plus a decode worker, so parallelism is bounded by cores and by memory.
 */
export const MAX_POOL_SIZE = 4;
/** The memory a batch may hold at once across its parallel jobs (decoded pixels + wasm heaps). */
export const BATCH_MEMORY_BUDGET_BYTES = 1.5 * 1024 ** 3;

/**
 * One instance per reported core, at most MAX_POOL_SIZE. `requested` (the `?pool=` parameter used to
 * measure) can only lower it, never raise it, so it cannot make the page use more memory than usual.
 * Safari's engine (`vendor` Apple's: every browser on iPhone and iPad) reports 4 cores for any device of
 * fewer than 8, against fingerprinting: there the pool counts on the 2 every device has, as each instance
 * is a wasm heap a phone must hold (on two cores, four instances were also the slower batch).
 */
export function poolSize(
  hardwareConcurrency: number | undefined,
  requested: number | null = null,
  vendor = '',
): number {
  const reported = Number.isInteger(hardwareConcurrency) && hardwareConcurrency! > 0 ? hardwareConcurrency! : 2;
  const cores = vendor.startsWith('Apple') && reported < 8 ? Math.min(reported, 2) : reported;
  const size = Math.min(MAX_POOL_SIZE, cores);
  return requested !== null && requested >= 1 ? Math.min(size, requested) : size;
}

/** The `pool` query parameter as a positive integer, or null when absent or unusable. */
export function requestedPoolSize(search: string): number | null {
  const raw = new URLSearchParams(search).get('pool');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
}

/** How many jobs of a batch may run at once: the pool, or fewer when the biggest job would break the budget. */
export function batchConcurrency(pool: number, largestJobBytes: number): number {
  const affordable = largestJobBytes > 0 ? Math.floor(BATCH_MEMORY_BUDGET_BYTES / largestJobBytes) : pool;
  return Math.max(1, Math.min(pool, affordable));
}

/**
 * The memory one still of a batch holds while it converts: the PNG decoded to RGBA in the decode worker,
 * plus the core's heap for one frame of the output size (rules/plan/memory.ts).
 */
export function stillJobBytes(settings: ConversionSettings, source: Size): number {
  const output = outputSize(settings, source);
  return source.width * source.height * 4 + estimateHeapBytes(1, output.width, output.height);
}
