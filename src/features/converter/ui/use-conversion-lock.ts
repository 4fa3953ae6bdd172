import { startTransition, useEffect, useState } from 'react';
import type { ConverterStoreState } from '../store/converter-store';
import { useConverterStore } from '../store/use-converter';

const isConverting = (state: ConverterStoreState) => state.machine.status === 'converting';

/**
 * Whether the controls a conversion locks are locked: at once when it starts, and once it ends, in a
 * transition after the render that shows the result, so the result is on screen first. Unlocking
 * re-renders the list, the settings and the upload area (dozens of Mantine controls): it no longer holds
 * up the result (the store refuses changes while converting, whatever the controls show). Followed through
 * a subscription, not a selector: the end of a conversion then re-renders none of them with the result.
 * Not a deferred value: that also re-rendered every locking card in a low-priority render at the start,
 * which each progress update restarted, so the page kept rendering its controls while the workers needed the cores.
 */
export function useConversionLock(): boolean {
  const store = useConverterStore();
  const [locked, setLocked] = useState(() => isConverting(store.getState()));
  useEffect(() => {
    // A click that starts a conversion locks in the same render as its progress (both urgent updates).
    const follow = (converting: boolean) => (converting ? setLocked(true) : startTransition(() => setLocked(false)));
    follow(isConverting(store.getState()));
    return store.subscribe((state, previous) => {
      if (isConverting(state) !== isConverting(previous)) follow(isConverting(state));
    });
  }, [store]);
  return locked;
}
