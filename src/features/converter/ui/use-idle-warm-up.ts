import { useEffect, useState } from 'react';
import { whenIdle } from '@/shared/lib/when-idle';
import { useConverter } from '../store/use-converter';

/** How long other idle work waits for a slow engine download before it goes ahead anyway. */
const ENGINE_WAIT_MS = 2000;

/**
 * Loads the engine once the browser is idle, so the first conversion does not wait for the wasm to
 * download and compile. Returns whether the engine is in (or failed to load, or is slow to): idle work
 * that keeps the page's main thread busy waits for that. Rendering the settings ahead is React work in
 * small slices; alongside the engine's load it held back the core's worker, which needs the main thread to
 * start and to answer (a Chromium trace: tests/bench/probes/trace-engine-load.ts).
 */
export function useIdleWarmUp(): boolean {
  const warmUp = useConverter((s) => s.warmUp);
  const [engineSettled, setEngineSettled] = useState(false);
  useEffect(
    () =>
      whenIdle(() => {
        const waited = new Promise<void>((resolve) => setTimeout(resolve, ENGINE_WAIT_MS));
        void Promise.race([warmUp(), waited]).then(() => setEngineSettled(true));
      }, 3000),
    [warmUp],
  );
  return engineSettled;
}
