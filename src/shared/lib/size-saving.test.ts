import { describe, expect, it } from 'vitest';
import { describeSaving, sizeSavingPercent } from './size-saving';

describe('size saving', () => {
  it('compares output with inputs in whole percent', () => {
    expect(sizeSavingPercent(1000, 380)).toBe(62);
    expect(sizeSavingPercent(1000, 1150)).toBe(-15);
    expect(sizeSavingPercent(0, 10)).toBeNull();
  });
  it('reads as a sentence', () => {
    expect(describeSaving(62)).toBe('62% smaller');
    expect(describeSaving(-15)).toBe('15% larger');
    expect(describeSaving(0)).toBe('Same size');
  });
});
