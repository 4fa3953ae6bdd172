import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings';
import { CONVERT_AHEAD_MAX_PIXELS, convertsAhead, sameRequest } from './convert-ahead';

const file = (name: string) => new File([new Uint8Array(8)], name);
const a = file('a.png');
const b = file('b.png');
const animated = { ...DEFAULT_SETTINGS, mode: 'animated' as const };

describe('convertsAhead', () => {
  it('makes one GIF of few enough pixels ahead: a still, or an animation of them all', () => {
    expect(convertsAhead({ files: [a], settings: DEFAULT_SETTINGS }, [4000 * 3000])).toBe(true);
    expect(convertsAhead({ files: [a, b], settings: animated }, [1920 * 1080, 1920 * 1080])).toBe(true);
    expect(convertsAhead({ files: [a, b], settings: animated }, [CONVERT_AHEAD_MAX_PIXELS, 1])).toBe(false);
  });

  it('makes a batch of few enough pixels in all ahead', () => {
    expect(convertsAhead({ files: [a, b], settings: DEFAULT_SETTINGS }, [1920 * 1080, 1920 * 1080])).toBe(true);
    expect(convertsAhead({ files: [a, b], settings: DEFAULT_SETTINGS }, [CONVERT_AHEAD_MAX_PIXELS, 1])).toBe(false);
  });

  it('leaves a "Fit under" search and an empty choice to the click', () => {
    expect(convertsAhead({ files: [a], settings: { ...DEFAULT_SETTINGS, targetBytes: 500_000 } }, [100])).toBe(false);
    expect(convertsAhead({ files: [], settings: DEFAULT_SETTINGS }, [])).toBe(false);
  });
});

describe('sameRequest', () => {
  const request = { files: [a, b], settings: animated, frameDelays: [null, 200] };

  it('is the same GIF: the same File objects in order, equal settings and timing', () => {
    expect(sameRequest(request, { ...request, settings: { ...animated } })).toBe(true);
    // No override and an override of null say the same.
    expect(
      sameRequest({ files: [a], settings: animated }, { files: [a], settings: animated, frameDelays: [null] }),
    ).toBe(true);
  });

  it('is another GIF when a file, its place, a setting, a delay or an APNG frame differs', () => {
    expect(sameRequest(request, { ...request, files: [b, a] })).toBe(false);
    expect(sameRequest(request, { ...request, files: [a, file('b.png')] })).toBe(false);
    expect(sameRequest(request, { ...request, settings: { ...animated, quality: 50 } })).toBe(false);
    expect(sameRequest(request, { ...request, frameDelays: [null, 300] })).toBe(false);
    expect(sameRequest(request, { ...request, animationFrames: [null, 2] })).toBe(false);
  });
});
