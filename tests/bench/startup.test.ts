import { describe, expect, it } from 'vitest';
import { timeToInteractive } from './startup';

describe('timeToInteractive', () => {
  it('is the moment the controls show when no long task follows', () => {
    expect(timeToInteractive(300, [{ start: 100, end: 250 }])).toBe(300);
  });

  it('waits for long tasks that start within the quiet window, chained', () => {
    const tasks = [
      { start: 1000, end: 1100 },
      { start: 400, end: 500 },
      { start: 4000, end: 4100 },
    ];
    // 500 → next task at 1000 starts within 2 s → 1100; the one at 4000 is beyond 1100 + 2000.
    expect(timeToInteractive(300, tasks)).toBe(1100);
  });

  it('counts a long task already running when the controls show', () => {
    expect(timeToInteractive(300, [{ start: 200, end: 700 }])).toBe(700);
  });
});
