import { describe, expect, it } from 'vitest';
import { fitInside, outputSize, placeFrame } from './dimensions';
import { DEFAULT_SETTINGS } from './settings';

const auto = DEFAULT_SETTINGS;
const resized = (width: number, height: number, maintainAspectRatio = true) => ({
  ...DEFAULT_SETTINGS,
  resize: true,
  width,
  height,
  maintainAspectRatio,
});

describe('outputSize, resize off', () => {
  it('keeps images up to 1920 on the larger side as they are', () => {
    expect(outputSize(auto, { width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
    expect(outputSize(auto, { width: 1920, height: 1080 })).toEqual({ width: 1920, height: 1080 });
    expect(outputSize(auto, { width: 1, height: 1 })).toEqual({ width: 1, height: 1 });
  });
  it('caps the larger side at 1920, proportionally, landscape and portrait', () => {
    expect(outputSize(auto, { width: 4000, height: 3000 })).toEqual({ width: 1920, height: 1440 });
    expect(outputSize(auto, { width: 3000, height: 4000 })).toEqual({ width: 1440, height: 1920 });
    expect(outputSize(auto, { width: 3840, height: 2160 })).toEqual({ width: 1920, height: 1080 });
    expect(outputSize(auto, { width: 20000, height: 3 })).toEqual({ width: 1920, height: 1 });
  });
});

describe('outputSize, resize on', () => {
  it('fits the first frame’s proportions in the chosen size, never distorting it', () => {
    expect(outputSize(resized(800, 600), { width: 1000, height: 500 })).toEqual({ width: 800, height: 400 });
    expect(outputSize(resized(800, 600), { width: 300, height: 600 })).toEqual({ width: 300, height: 600 });
    expect(outputSize(resized(1920, 1080), { width: 32, height: 32 })).toEqual({ width: 1080, height: 1080 });
  });
  it('uses exactly the chosen size with aspect ratio off', () => {
    expect(outputSize(resized(400, 300, false), { width: 1000, height: 1000 })).toEqual({ width: 400, height: 300 });
  });
  it('clamps width to 100–3840 and height to 100–2160, non-numbers to the minimum', () => {
    expect(outputSize(resized(50, 5000, false), { width: 10, height: 10 })).toEqual({ width: 100, height: 2160 });
    expect(outputSize(resized(9999, 0, false), { width: 10, height: 10 })).toEqual({ width: 3840, height: 100 });
    expect(outputSize(resized(Number.NaN, 300, false), { width: 10, height: 10 })).toEqual({ width: 100, height: 300 });
  });
});

describe('fitInside and placeFrame', () => {
  it('scales up or down to touch the box, at least 1 px', () => {
    expect(fitInside({ width: 10, height: 5 }, { width: 100, height: 100 })).toEqual({ width: 100, height: 50 });
    expect(fitInside({ width: 1, height: 1000 }, { width: 100, height: 100 })).toEqual({ width: 1, height: 100 });
  });
  it('centres a frame of other proportions on the canvas', () => {
    expect(placeFrame({ width: 100, height: 100 }, { width: 200, height: 100 }, true)).toEqual({
      x: 50,
      y: 0,
      width: 100,
      height: 100,
    });
    expect(placeFrame({ width: 400, height: 100 }, { width: 200, height: 100 }, true)).toEqual({
      x: 0,
      y: 25,
      width: 200,
      height: 50,
    });
  });
  it('fills the canvas when aspect ratio is not kept', () => {
    expect(placeFrame({ width: 400, height: 100 }, { width: 200, height: 100 }, false)).toEqual({
      x: 0,
      y: 0,
      width: 200,
      height: 100,
    });
  });
});
