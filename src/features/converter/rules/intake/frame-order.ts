/** Frame order operations. Each returns a new array and leaves its input untouched. */

let collator: Intl.Collator | null = null;

/**
 * Creates the collator ahead of the first sort (idempotent). Its first creation loads the browser's collation
 * data, several milliseconds: not while the module loads with the page, and not when files are chosen.
 */
export function prepareNaturalOrder(): Intl.Collator {
  return (collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' }));
}

/** Natural order by name: 'frame2' before 'frame10', case-insensitive; stable for equal names. */
export function sortNaturally<T extends { name: string }>(items: readonly T[]): T[] {
  const naturalOrder = prepareNaturalOrder();
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => naturalOrder.compare(a.item.name, b.item.name) || a.index - b.index)
    .map(({ item }) => item);
}

/** Moves the item at `from` to position `to` (both clamped to the array). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  if (from < 0 || from >= result.length) return result;
  const target = Math.max(0, Math.min(result.length - 1, to));
  const [moved] = result.splice(from, 1);
  result.splice(target, 0, moved as T);
  return result;
}

export function moveUp<T>(items: readonly T[], index: number): T[] {
  return index <= 0 ? [...items] : moveItem(items, index, index - 1);
}

export function moveDown<T>(items: readonly T[], index: number): T[] {
  return index >= items.length - 1 ? [...items] : moveItem(items, index, index + 1);
}

export function reversed<T>(items: readonly T[]): T[] {
  return [...items].reverse();
}
