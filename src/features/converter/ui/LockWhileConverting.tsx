import type { ReactNode } from 'react';
import classes from './Converter.module.css';
import { useConversionLock } from './use-conversion-lock';

/**
 * Locks a card while a conversion runs, without re-rendering it: inert at once (no pointer, no keyboard
 * focus, out of the accessibility tree until the job ends), dimmed once the job lasts (Converter.module.css).
 * Locking each control through its props re-rendered dozens of Mantine controls in the click's render, and a
 * disabled fieldset made Chromium disable them one by one, both on the main thread that hands the frames
 * over (tests/bench/README.md). The store refuses every change while converting, whatever the page shows.
 */
export function LockWhileConverting({ children }: { children: ReactNode }) {
  const locked = useConversionLock();
  return (
    <div className={classes.lock} inert={locked} data-locked={locked || undefined}>
      {children}
    </div>
  );
}
