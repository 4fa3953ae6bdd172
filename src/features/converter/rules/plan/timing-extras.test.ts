import { describe, expect, it } from 'vitest';
import {
  describePlays,
  effectiveFrameRate,
  formatDuration,
  formatFrameRate,
  frameSequence,
  jobLoopCount,
  keptFrames,
  netscapeLoopCount,
  totalDurationMs,
  type TimingChoice,
} from './timing-extras';

const plain: TimingChoice = {
  loop: true,
  loopPlays: 'forever',
  boomerang: false,
  holdLastFrame: false,
  holdLastFrameMs: 2000,
  frameStep: 1,
};
const order = (delays: number[], timing: Partial<TimingChoice>) =>
  frameSequence(delays, { ...plain, ...timing }).map((f) => f.sourceIndex);

describe('netscapeLoopCount', () => {
  it('forever is count 0, loop off is no extension', () => {
    expect(netscapeLoopCount(true, 'forever')).toBe(0);
    expect(netscapeLoopCount(false, 'forever')).toBeNull();
    expect(netscapeLoopCount(false, 5)).toBeNull();
  });
  it('P plays in total are written as count P − 1 (browsers play count N as N + 1 plays)', () => {
    expect(netscapeLoopCount(true, 2)).toBe(1);
    expect(netscapeLoopCount(true, 3)).toBe(2);
    expect(netscapeLoopCount(true, 100)).toBe(99);
    // One play is the same as no loop; the count cannot exceed 16 bits.
    expect(netscapeLoopCount(true, 1)).toBeNull();
    expect(netscapeLoopCount(true, 70_000)).toBe(0xffff);
  });
  it("keeps an APNG's play count while the loop settings are default; a chosen count or loop off wins", () => {
    expect(jobLoopCount(true, 'forever', 0)).toBe(0);
    expect(jobLoopCount(true, 'forever', 1)).toBeNull();
    expect(jobLoopCount(true, 'forever', 3)).toBe(2);
    expect(jobLoopCount(true, 5, 3)).toBe(4);
    expect(jobLoopCount(false, 'forever', 3)).toBeNull();
    expect(jobLoopCount(true, 'forever', null)).toBe(0);
  });
  it('says what the choice means', () => {
    expect(describePlays(false, 3)).toBe('Plays once');
    expect(describePlays(true, 'forever')).toBe('Plays forever');
    expect(describePlays(true, 3)).toMatch(/^Plays 3 times in total/);
  });
});

describe('frameSequence', () => {
  it('plays every file once, in order, with its delay', () => {
    expect(frameSequence([100, 200, 300], plain)).toEqual([
      { sourceIndex: 0, delayMs: 100 },
      { sourceIndex: 1, delayMs: 200 },
      { sourceIndex: 2, delayMs: 300 },
    ]);
  });
  it('boomerang: 1..N..2, without repeating the end frames, each with its own delay', () => {
    expect(order([1, 2, 3, 4, 5], { boomerang: true })).toEqual([0, 1, 2, 3, 4, 3, 2, 1]);
    expect(frameSequence([10, 20, 30], { ...plain, boomerang: true }).map((f) => f.delayMs)).toEqual([10, 20, 30, 20]);
    // Two frames have nothing in between: forward is already the round trip.
    expect(order([1, 2], { boomerang: true })).toEqual([0, 1]);
  });
  it('hold replaces the last file’s delay, also at the boomerang’s turn', () => {
    expect(frameSequence([100, 100, 100], { ...plain, holdLastFrame: true, holdLastFrameMs: 3000 }).at(-1)).toEqual({
      sourceIndex: 2,
      delayMs: 3000,
    });
    const turn = frameSequence([100, 100, 100], {
      ...plain,
      boomerang: true,
      holdLastFrame: true,
      holdLastFrameMs: 900,
    });
    expect(turn.map((f) => f.delayMs)).toEqual([100, 100, 900, 100]);
    // Off: the hold delay is ignored.
    expect(frameSequence([100, 100], { ...plain, holdLastFrameMs: 900 }).at(-1)?.delayMs).toBe(100);
  });
  it('frames kept: every step-th and always the last, the dropped delays added to the one before', () => {
    expect(keptFrames(7, 3)).toEqual([0, 3, 6]);
    expect(keptFrames(6, 3)).toEqual([0, 3, 5]);
    expect(keptFrames(1, 2)).toEqual([0]);
    const kept = frameSequence([100, 100, 100, 100, 100, 100], { ...plain, frameStep: 2 });
    expect(kept).toEqual([
      { sourceIndex: 0, delayMs: 200 },
      { sourceIndex: 2, delayMs: 200 },
      { sourceIndex: 4, delayMs: 100 },
      { sourceIndex: 5, delayMs: 100 },
    ]);
    expect(totalDurationMs(kept.map((f) => f.delayMs))).toBe(600);
  });
});

describe('duration and frame rate', () => {
  it('adds up one play and divides frames by it', () => {
    expect(totalDurationMs([100, 200, 300])).toBe(600);
    expect(effectiveFrameRate([100, 100, 100, 100])).toBe(10);
    expect(effectiveFrameRate([])).toBeNull();
  });
  it('formats both for people', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(3450)).toBe('3.5 s');
    expect(formatDuration(12_000)).toBe('12 s');
    expect(formatFrameRate(12.5)).toBe('12.5 fps');
    expect(formatFrameRate(1000 / 30)).toBe('33.3 fps');
  });
});
