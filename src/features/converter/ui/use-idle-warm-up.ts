import { useEffect } from 'react';
import { whenIdle } from '@/shared/lib/when-idle';
import { useConverter } from '../store/use-converter';

/** Loads the engine cores once the browser is idle, so the first conversion does not wait for the wasm to download and compile. */
export function useIdleWarmUp(): void {
  const warmUp = useConverter((s) => s.warmUp);
  useEffect(() => whenIdle(warmUp, 3000), [warmUp]);
}
