import { useDeferredValue } from 'react';
import { useConverter } from '../store/use-converter';

/**
 * Whether the controls a conversion locks are locked: at once when it starts, and once it ends, in a
 * deferred render after the one that shows the result, so the result is on screen first. Unlocking
 * re-renders the list, the settings and the upload area (dozens of Mantine controls): it no longer holds
 * up the result (the store refuses changes while converting, whatever the controls show).
 */
export function useConversionLock(): boolean {
  const converting = useConverter((s) => s.machine.status === 'converting');
  const unlocking = useDeferredValue(converting);
  return converting || unlocking;
}
