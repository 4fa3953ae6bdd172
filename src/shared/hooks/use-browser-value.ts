import { useDeferredValue } from 'react';

/**
 * A value only the reader's browser knows (today's date in their locale and time zone, an optional API):
 * `prerendered` (by default null, unknown) in the HTML prerendered at build time and while it hydrates, so
 * that hydration matches, then the browser's value. `read` must return a primitive, so that two reads of the
 * same value are equal.
 *
 * The browser's value follows in a deferred render, which yields to the browser like hydration itself: read
 * from an external store, it was a synchronous re-render right after each hydrated part, in the same long task.
 */
export function useBrowserValue<T extends string | number | boolean>(
  read: () => T,
  prerendered: T | null = null,
): T | null {
  return useDeferredValue<T | null>(typeof window === 'undefined' ? prerendered : read(), prerendered);
}
