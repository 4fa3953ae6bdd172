import { describe, expect, it } from 'vitest';
import type { ApngFrame } from '../png/apng-parse';
import { expandFrames, frameCountOf, type CheckedFile } from './frame-sources';

const frame = (delayMs: number): ApngFrame => ({
  width: 4,
  height: 4,
  x: 0,
  y: 0,
  delayMs,
  dispose: 'none',
  blend: 'source',
  data: [],
});
const still: CheckedFile = { name: 'still.png', header: { width: 40, height: 30 }, animation: null };
const apng: CheckedFile = {
  name: 'anim.png',
  header: { width: 20, height: 10 },
  animation: { plays: 2, frames: [frame(100), frame(250), frame(40)] },
};

describe('expandFrames', () => {
  it('an APNG alone in animated mode: every frame with its own delay, and its play count', () => {
    const { frames, plays } = expandFrames([apng], { mode: 'animated' });
    expect(frames.map((f) => [f.source.name, f.source.delayMs, f.picture, f.fileIndex])).toEqual([
      ['anim.png', 100, 0, 0],
      ['anim.png', 250, 1, 0],
      ['anim.png', 40, 2, 0],
    ]);
    expect(frames[0]!.source).toMatchObject({ width: 20, height: 10 });
    expect(plays).toBe(2);
  });

  it('static mode: the default image of the first file', () => {
    const { frames, plays } = expandFrames([apng, still], { mode: 'static' });
    expect(frames).toEqual([{ source: { name: 'anim.png', width: 20, height: 10 }, fileIndex: 0, picture: 'default' }]);
    expect(plays).toBeNull();
  });

  it('static mode, an expanded frame: that frame', () => {
    const { frames } = expandFrames([apng], { mode: 'static', animationFrames: [1] });
    expect(frames.map((f) => f.picture)).toEqual([1]);
  });

  it('mixed with still PNGs, with overrides; the play count only applies to an APNG alone', () => {
    const { frames, plays } = expandFrames([still, apng], { mode: 'animated', frameDelays: [300, null] });
    expect(frames.map((f) => [f.fileIndex, f.picture, f.source.delayMs])).toEqual([
      [0, 'file', 300],
      [1, 0, 100],
      [1, 1, 250],
      [1, 2, 40],
    ]);
    expect(plays).toBeNull();
  });

  it('expanded frames: one frame each, in the items order, an override wins', () => {
    const { frames, plays } = expandFrames([apng, apng, apng], {
      mode: 'animated',
      animationFrames: [2, 0, 1],
      frameDelays: [null, 500, null],
    });
    expect(frames.map((f) => [f.fileIndex, f.picture, f.source.delayMs])).toEqual([
      [0, 2, 40],
      [1, 0, 500],
      [2, 1, 250],
    ]);
    expect(plays).toBeNull();
  });

  it('a frame the animation does not have is a programming error', () => {
    expect(() => expandFrames([apng], { mode: 'animated', animationFrames: [7] })).toThrow(RangeError);
  });
});

describe('frameCountOf', () => {
  it('counts an unexpanded APNG as its frames', () => {
    const animation = { frameCount: 5 };
    expect(frameCountOf([{ animation, frame: null }])).toBe(5);
    expect(
      frameCountOf([
        { animation, frame: 1 },
        { animation: null, frame: null },
      ]),
    ).toBe(2);
  });
});
