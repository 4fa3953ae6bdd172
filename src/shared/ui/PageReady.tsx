import { useEffect } from 'react';

/**
 * Rendered after a page's content: once it has hydrated, the prerendered page stops being inert (it is until
 * then, so that a click or a typed letter is not lost on markup without its code).
 */
export function PageReady() {
  useEffect(() => document.getElementById('root')?.removeAttribute('inert'), []);
  return null;
}
