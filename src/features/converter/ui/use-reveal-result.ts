import { useEffect, type RefObject } from 'react';
import { revealResult, type FocusAtResult } from './reveal-result';

/** Marks the Convert card: focus there when a result arrives moves to the result (reveal-result.ts). */
export const CONVERT_CARD_ATTRIBUTE = 'data-convert-card';

function focusAtResult(): FocusAtResult {
  const active = document.activeElement;
  if (!active || active === document.body) return 'nowhere';
  return active.closest(`[${CONVERT_CARD_ATTRIBUTE}]`) ? 'convert' : 'elsewhere';
}

/**
 * Brings a new result into view: the card scrolls to just under the sticky header when its action is out of
 * sight (smoothly unless the person asks for reduced motion), and the card's heading, if given, takes the
 * focus, so a screen reader says the GIF is ready and the next Tab reaches Download. A failure has no
 * heading to focus: the progress card's live region says it.
 */
export function useRevealResult(
  result: unknown,
  refs: {
    card: RefObject<HTMLElement | null>;
    heading?: RefObject<HTMLElement | null>;
    action: RefObject<HTMLElement | null>;
  },
): void {
  const { card, heading, action } = refs;
  useEffect(() => {
    if (!result || !card.current || !action.current) return;
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const { top, bottom } = action.current.getBoundingClientRect();
    const reveal = revealResult(
      { top, bottom },
      { top: Math.max(0, header), bottom: window.innerHeight },
      focusAtResult(),
    );
    if (reveal.focus) heading?.current?.focus({ preventScroll: true });
    if (reveal.scroll) {
      const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      card.current.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
    }
  }, [result, card, heading, action]);
}
