/** Without requestIdleCallback, the thread counts as idle when a timer this long fires this close to on time. */
const PROBE_MS = 50;
const ON_TIME_MS = 10;

/**
 * Runs `task` once the browser is idle (at the latest after `timeoutMs`) and returns a cancel function.
 * Safari has no requestIdleCallback: there short timers stand in, the task running after the first that
 * fires on time (a busy thread runs its timers late). One timer of up to a second let a Convert clicked
 * sooner find the checks ahead not yet made.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const deadline = performance.now() + timeoutMs;
  let timer = 0;
  const probe = () => {
    const due = performance.now() + Math.min(PROBE_MS, timeoutMs);
    timer = window.setTimeout(
      () => {
        const now = performance.now();
        if (now - due <= ON_TIME_MS || now >= deadline) task();
        else probe();
      },
      Math.min(PROBE_MS, timeoutMs),
    );
  };
  probe();
  return () => window.clearTimeout(timer);
}

/**
 * Runs `task` in an idle moment (at the latest `timeoutMs` later) once the window's load event has fired;
 * returns a cancel function.
 */
export function whenLoadedAndIdle(task: () => void, timeoutMs: number): () => void {
  let cancelIdle = () => {};
  const onLoad = () => (cancelIdle = whenIdle(task, timeoutMs));
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    cancelIdle();
  };
}
