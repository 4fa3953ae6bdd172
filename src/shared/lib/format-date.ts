/** A calendar date written out for the reader's locale, e.g. "November 21, 2026" in en-US. */
export function formatLongDate(date: Date, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}
