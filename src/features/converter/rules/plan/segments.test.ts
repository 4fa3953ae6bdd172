import { describe, expect, it } from 'vitest';
import { optimiseRunsFor, splitFrames } from './segments';

describe('splitFrames', () => {
  it('splits a large animation into two consecutive runs covering every frame', () => {
    expect(splitFrames(10, 1920, 1080)).toEqual([
      { firstFrame: 0, frameCount: 5 },
      { firstFrame: 5, frameCount: 5 },
    ]);
    expect(splitFrames(3, 1920, 1080)).toEqual([
      { firstFrame: 0, frameCount: 2 },
      { firstFrame: 2, frameCount: 1 },
    ]);
  });

  it('keeps stills and small animations on one core', () => {
    expect(splitFrames(1, 4000, 3000)).toBeNull();
    expect(splitFrames(10, 400, 300)).toBeNull();
  });
});

describe('optimiseRunsFor', () => {
  it('cuts only big opaque animations, as the engine splits its encode', () => {
    const frames = Array.from({ length: 10 });
    expect(optimiseRunsFor({ frames, width: 1920, height: 1080, transparent: false })).toEqual([
      { firstFrame: 0, frameCount: 5 },
      { firstFrame: 5, frameCount: 5 },
    ]);
    expect(optimiseRunsFor({ frames, width: 1920, height: 1080, transparent: true })).toBeNull();
    expect(optimiseRunsFor({ frames, width: 320, height: 240, transparent: false })).toBeNull();
    expect(optimiseRunsFor({ frames: [1], width: 4000, height: 3000, transparent: false })).toBeNull();
  });
});
