import { describe, expect, it } from 'vitest';
import { formatLongDate } from './format-date';

describe('formatLongDate', () => {
  it('writes the day, the month name and the year for the given locale', () => {
    const date = new Date(2026, 10, 21);
    expect(formatLongDate(date, 'en-US')).toBe('November 21, 2026');
    expect(formatLongDate(date, 'en-GB')).toBe('21 November 2026');
    expect(formatLongDate(date, 'de-DE')).toBe('21. November 2026');
  });
});
