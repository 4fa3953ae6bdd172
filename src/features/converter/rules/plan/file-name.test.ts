import { describe, expect, it } from 'vitest';
import { outputFileName } from './file-name';

describe('outputFileName', () => {
  it('names a static GIF converted_<timestamp>.gif', () => {
    expect(outputFileName('static', 1732200000000)).toBe('converted_1732200000000.gif');
  });
  it('adds animated_ for an animation', () => {
    expect(outputFileName('animated', 42)).toBe('converted_animated_42.gif');
  });
  it('uses the current time by default', () => {
    const before = Date.now();
    const stamp = Number(/^converted_(\d+)\.gif$/.exec(outputFileName('static'))?.[1]);
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Date.now());
  });
});
