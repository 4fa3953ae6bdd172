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
