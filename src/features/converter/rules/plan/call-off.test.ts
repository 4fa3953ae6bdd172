import { describe, expect, it } from 'vitest';
import { callOffWay, STOP_STEP_FROM_PIXELS } from './call-off';

const frames = (count: number, width = 1920, height = 1080) => Array.from({ length: count }, () => ({ width, height }));

describe('callOffWay', () => {
  it('stops everything at once when no grace is given, whatever runs', () => {
    expect(callOffWay(undefined, null, frames(1))).toBe('now');
    expect(callOffWay(undefined, 'encode', frames(10))).toBe('now');
  });

  it('stops only what runs the step of a big job under way', () => {
    expect(callOffWay(1000, 'encode', frames(10))).toBe('cores');
    expect(callOffWay(1000, 'encode', [{ width: 4000, height: 3000 }])).toBe('cores');
    expect(callOffWay(1000, 'optimise', frames(10))).toBe('optimisers');
  });

  it('lets a small job finish its step, and waits for a safe point between steps', () => {
    expect(callOffWay(1000, 'encode', frames(1))).toBe('grace');
    expect(callOffWay(1000, 'optimise', [{ width: 320, height: 240 }])).toBe('grace');
    expect(callOffWay(1000, null, frames(10))).toBe('grace');
  });

  it('counts every frame’s pixels against the bound', () => {
    const side = Math.sqrt(STOP_STEP_FROM_PIXELS / 2);
    expect(callOffWay(1000, 'encode', frames(2, side, side))).toBe('cores');
    expect(callOffWay(1000, 'encode', frames(2, side, side - 1))).toBe('grace');
  });
});
