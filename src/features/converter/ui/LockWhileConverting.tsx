import type { ReactNode } from 'react';
import classes from './Converter.module.css';
import { useConversionLock } from './use-conversion-lock';

/**
 * Locks a card while a conversion runs, without re-rendering it: inert (no pointer, no keyboard focus) and
 * dimmed. Locking each control through its props re-rendered dozens of Mantine controls in the click's
 * render, and a disabled fieldset cost Chromium 14–27 ms to disable them one by one, both on the main thread
 * that hands the frames over. The store refuses every change while converting, whatever the page shows.
 */
export function LockWhileConverting({ children }: { children: ReactNode }) {
  const locked = useConversionLock();
  return (
    <div className={classes.lock} inert={locked} data-locked={locked || undefined}>
      {children}
    </div>
  );
}
