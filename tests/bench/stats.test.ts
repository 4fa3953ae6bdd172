import { describe, expect, it } from 'vitest';
import { spread } from './stats';

describe('spread', () => {
  it('gives the middle value of an odd count, whatever the order', () => {
    expect(spread([30, 10, 20])).toEqual({ median: 20, min: 10, max: 30 });
  });

  it('averages the two middle values of an even count', () => {
    expect(spread([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4 });
  });

  it('refuses an empty list', () => {
    expect(() => spread([])).toThrow();
  });
});
