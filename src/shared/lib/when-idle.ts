/**
 * Runs `task` once the browser is idle (at the latest after `timeoutMs`) and returns a cancel function.
 * Safari has no requestIdleCallback: there a plain timer stands in.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, Math.min(timeoutMs, 1000));
  return () => window.clearTimeout(timer);
}
