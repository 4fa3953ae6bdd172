import type { ReactNode } from 'react';
import classes from './Converter.module.css';
import { useConversionLock } from './use-conversion-lock';

/**
 * Locks a card while a conversion runs, without re-rendering it: a disabled fieldset disables its native
 * controls, and its style the others (sliders, segmented controls, drag handles, the crop box). Locking each
 * control through its props re-rendered dozens of Mantine controls in the click's render, on the main
 * thread that hands the frames over. The store refuses every change while converting, whatever the page shows.
 */
export function LockWhileConverting({ children }: { children: ReactNode }) {
  const locked = useConversionLock();
  return (
    <fieldset className={classes.lock} disabled={locked} aria-disabled={locked || undefined}>
      {children}
    </fieldset>
  );
}
