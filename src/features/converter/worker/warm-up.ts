import type { ConverterEngine } from '../engine/contracts';

/**
 * Loads the engine once the page is idle, so the first conversion does not wait for the ~30 MB core
 * and the page's first paint does not compete with it. Returns a function that cancels the schedule.
 */
export function warmUpWhenIdle(engine: ConverterEngine, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => engine.warmUp(), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(() => engine.warmUp(), 0);
  return () => clearTimeout(handle);
}
