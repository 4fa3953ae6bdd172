import { useEffect } from 'react';
import { useConverter } from '../store/use-converter';

/** Loads the engine once the browser is idle, so the first conversion does not wait for ~30 MB of wasm. */
export function useIdleWarmUp(): void {
  const warmUp = useConverter((s) => s.warmUp);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => warmUp(), { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    // Safari has no requestIdleCallback.
    const timer = window.setTimeout(warmUp, 1000);
    return () => window.clearTimeout(timer);
  }, [warmUp]);
}
