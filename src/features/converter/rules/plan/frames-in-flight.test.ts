import { describe, expect, it } from 'vitest';
import { FRAMES_IN_FLIGHT_BYTES, framesInFlight } from '@/features/converter/rules/plan/frames-in-flight';

const rgba = (width: number, height: number) => width * height * 4;

describe('framesInFlight', () => {
  it('asks for every frame of a small animation at once', () => {
    // Ten 800x600 frames, each with a copy for the helper core: 38.4 MB in all.
    expect(framesInFlight(2 * rgba(800, 600), 2)).toBeGreaterThanOrEqual(10);
  });

  it('keeps big frames at the decode workers’ parallelism', () => {
    expect(framesInFlight(2 * rgba(1920, 1080), 2)).toBe(2);
    expect(framesInFlight(rgba(4800, 3600), 4)).toBe(4);
  });

  it('stays within the budget beyond the parallelism', () => {
    const frame = rgba(1000, 1000);
    const ahead = framesInFlight(frame, 2);
    expect(ahead * frame).toBeLessThanOrEqual(FRAMES_IN_FLIGHT_BYTES);
    expect((ahead + 1) * frame).toBeGreaterThan(FRAMES_IN_FLIGHT_BYTES);
  });

  it('asks for one frame at least', () => {
    expect(framesInFlight(rgba(20000, 20000), 0)).toBe(1);
    expect(framesInFlight(0, 0, 0)).toBe(1);
  });
});
