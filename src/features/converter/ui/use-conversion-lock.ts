import { startTransition, useEffect, useState } from 'react';
import type { ConverterStoreState } from '../store/converter-store';
import { useConverterStore, type ConverterStore } from '../store/use-converter';

const isConverting = (state: ConverterStoreState) => state.machine.status === 'converting';

/**
 * Whether the controls a conversion locks are locked: at once when it starts, and once it ends, in a
 * transition after the render that shows the result, so the result is on screen first. Followed through a
 * subscription, not a selector: the end of a conversion then re-renders nothing else with the result. The
 * cards lock through LockWhileConverting, which re-renders only its wrapper; the store refuses changes
 * while converting, whatever the controls show.
 */
export function useConversionLock(): boolean {
  const store = useConverterStore();
  const [locked, setLocked] = useState(() => isConverting(store.getState()));
  useEffect(
    // A click that starts a conversion locks in the same render as its progress (both urgent updates).
    () =>
      followConverting(store, (converting) => (converting ? setLocked(true) : startTransition(() => setLocked(false)))),
    [store],
  );
  return locked;
}

/**
 * Calls `follow` with whether a conversion runs, now and whenever that changes, outside React (nothing
 * re-renders for it); returns the unsubscribe.
 */
export function followConverting(store: ConverterStore, follow: (converting: boolean) => void): () => void {
  follow(isConverting(store.getState()));
  return store.subscribe((state, previous) => {
    if (isConverting(state) !== isConverting(previous)) follow(isConverting(state));
  });
}
