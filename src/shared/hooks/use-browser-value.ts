import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * A value only the reader's browser knows (today's date in their locale and time zone, an optional API):
 * `prerendered` (by default null, unknown) in the HTML prerendered at build time and while it hydrates, so
 * that hydration matches, then the browser's value. `read` must return a primitive, so that two reads of the
 * same value are equal.
 */
export function useBrowserValue<T extends string | number | boolean>(
  read: () => T,
  prerendered: T | null = null,
): T | null {
  return useSyncExternalStore<T | null>(never, read, () => prerendered);
}
