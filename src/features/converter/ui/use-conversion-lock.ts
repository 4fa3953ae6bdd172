import { startTransition, useEffect, useState } from 'react';
import { useConverter } from '../store/use-converter';

/**
 * Whether the controls a conversion locks are locked: at once when it starts, and once it ends, in a
 * transition after the render that shows the result, so the result is on screen first. Unlocking
 * re-renders the list, the settings and the upload area (dozens of Mantine controls): it no longer holds
 * up the result (the store refuses changes while converting, whatever the controls show). Not a deferred
 * value: that also re-rendered every locking card in a low-priority render at the start, which each
 * progress update restarted, so the page kept rendering its controls while the workers needed the cores.
 */
export function useConversionLock(): boolean {
  const converting = useConverter((s) => s.machine.status === 'converting');
  const [held, setHeld] = useState(converting);
  // Locked in the very render that starts the conversion (React re-runs this component at once).
  if (converting && !held) setHeld(true);
  useEffect(() => {
    if (!converting && held) startTransition(() => setHeld(false));
  }, [converting, held]);
  return converting || held;
}
