import { describe, expect, it } from 'vitest';
import { assignDecodesAhead, KeptDecodes } from './kept-decodes';

const track = (max: number) => {
  const released: string[] = [];
  const kept = new KeptDecodes<string>((value) => released.push(value), max);
  return { kept, released };
};

describe('KeptDecodes', () => {
  it('gives back the least recently used values to stay within its pixels', () => {
    const { kept, released } = track(100);
    expect(kept.keep(1, 'a', 40)).toBe(true);
    expect(kept.keep(2, 'b', 40)).toBe(true);
    expect(kept.get(1)).toBe('a'); // now b is the oldest
    expect(kept.keep(3, 'c', 40)).toBe(true);
    expect(released).toEqual(['b']);
    expect(kept.keys().sort()).toEqual([1, 3]);
    expect(kept.get(2)).toBeUndefined();
  });

  it('refuses a value larger than the bound and keeps what it had', () => {
    const { kept, released } = track(100);
    kept.keep(1, 'a', 60);
    expect(kept.keep(2, 'huge', 101)).toBe(false);
    expect(kept.keys()).toEqual([1]);
    expect(released).toEqual([]);
  });

  it('replaces a key kept again and releases the old value', () => {
    const { kept, released } = track(100);
    kept.keep(1, 'old', 30);
    kept.keep(1, 'new', 30);
    expect(released).toEqual(['old']);
    expect(kept.get(1)).toBe('new');
  });

  it('hands a value over to its taker: kept no more, and not released', () => {
    const { kept, released } = track(100);
    kept.keep(1, 'a', 60);
    expect(kept.take(1)).toBe('a');
    expect(kept.take(1)).toBeUndefined();
    expect(kept.keys()).toEqual([]);
    expect(released).toEqual([]);
    // Its pixels no longer count: another value of their size fits.
    expect(kept.keep(2, 'b', 60)).toBe(true);
    expect(kept.keys()).toEqual([2]);
  });

  it('keeps only the values of a new choice', () => {
    const { kept, released } = track(100);
    kept.keep(1, 'a', 10);
    kept.keep(2, 'b', 10);
    kept.keep(3, 'c', 10);
    kept.keepOnly([2]);
    expect(released.sort()).toEqual(['a', 'c']);
    expect(kept.keys()).toEqual([2]);
  });
});

describe('assignDecodesAhead', () => {
  it('spreads the files over the workers by pixels, in order', () => {
    expect(assignDecodesAhead([40, 30, 20, 10], 2, 100)).toEqual([0, 1, 1, 0]);
  });

  it('leaves out files that are not to be decoded ahead or do not fit any more', () => {
    expect(assignDecodesAhead([null, 60, 60, 30], 2, 80)).toEqual([null, 0, 1, null]);
    expect(assignDecodesAhead([120], 2, 100)).toEqual([null]);
  });
});
