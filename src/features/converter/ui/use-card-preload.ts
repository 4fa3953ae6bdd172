import { useEffect, useState } from 'react';
import { whenIdle } from '@/shared/lib/when-idle';
import { preloadCards } from './lazy-cards';

/**
 * Fetches the cards a choice of files reveals in an idle moment; returns whether they are in. On a first
 * visit they come first: a few KB, where the engine is megabytes. On a page the service worker serves,
 * both are local, and the cards wait until the engine has settled (`engineSettled`, use-idle-warm-up.ts):
 * evaluating their modules during the engine's load held the core's worker back
 * (tests/bench/probes/engine-load.ts).
 */
export function useCardPreload(engineSettled: boolean): boolean {
  const [loaded, setLoaded] = useState(false);
  // No navigator while the page is prerendered at build time; only the effect reads the answer.
  const [servedFromCache] = useState(
    () => typeof navigator !== 'undefined' && navigator.serviceWorker?.controller != null,
  );
  const mayLoad = !servedFromCache || engineSettled;
  useEffect(() => {
    if (!mayLoad) return;
    return whenIdle(() => void preloadCards().then(() => setLoaded(true)), 500);
  }, [mayLoad]);
  return loaded;
}
