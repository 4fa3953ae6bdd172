import { describe, expect, it } from 'vitest';
import {
  EMPTY_STATS,
  GIF_PALETTE_SIZE,
  gradientStats,
  isSmoothGradient,
  mergeStats,
  PaletteFit,
} from './content-analysis';
import type { Placement, Size } from '../dimensions';
import { ContentTally, FrameAnalyser, type ContentFacts } from './frame-facts';
import { alphaThresholdOf, applyMatte, hasTransparentPixels, type TransparencyOptions } from './matte';

interface Frame {
  rgba: Uint8Array;
  decoded: Size;
  placement: Placement;
}

function frame(width: number, height: number, pixel: (x: number, y: number) => number[], placement?: Placement): Frame {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rgba.set(pixel(x, y), (y * width + x) * 4);
  return { rgba, decoded: { width, height }, placement: placement ?? { x: 0, y: 0, width, height } };
}

/** Deterministic noise. */
const noise = (x: number, y: number, seed = 0) => (((x + seed) * 73856093) ^ (y * 19349663)) % 251;

/** The analysis as one pass over every frame in turn, on one thread: what the per-frame facts must add up to. */
function oneAnalysis(frames: readonly Frame[], canvas: Size, options: TransparencyOptions): ContentFacts {
  let stats = EMPTY_STATS;
  let transparent = false;
  let unscaled = true;
  const fit = new PaletteFit();
  for (const { rgba, decoded, placement } of frames) {
    applyMatte(rgba, options);
    stats = mergeStats(stats, gradientStats(rgba, decoded.width, decoded.height));
    const covers =
      placement.x <= 0 && placement.y <= 0 && placement.width >= canvas.width && placement.height >= canvas.height;
    transparent ||= !covers || hasTransparentPixels(rgba, alphaThresholdOf(options));
    fit.add(rgba);
    unscaled &&= placement.width === decoded.width && placement.height === decoded.height;
  }
  return {
    smoothGradient: isSmoothGradient(stats),
    transparent,
    exactColours:
      unscaled && fit.colours && fit.colours.length + (transparent ? 1 : 0) <= GIF_PALETTE_SIZE ? fit.colours : null,
  };
}

/** The same frames as the app analyses them: each where it was decoded, the facts combined afterwards. */
function tallied(frames: readonly Frame[], canvas: Size, options: TransparencyOptions): ContentFacts {
  const tally = new ContentTally(canvas);
  const analyser = new FrameAnalyser();
  // Sampled as the plan samples it: as the frame is shown, at its placement's size.
  const sampling = (f: Frame) => ({ step: 1, shown: { width: f.placement.width, height: f.placement.height } });
  for (const f of frames) tally.add(analyser.prepare(f.rgba.slice(), f.decoded, options, sampling(f)), f);
  return tally.facts;
}

const OPAQUE: TransparencyOptions = { matte: null, alphaThreshold: 128 };

function expectSameFacts(make: () => Frame[], canvas: Size, options: TransparencyOptions = OPAQUE) {
  const expected = oneAnalysis(make(), canvas, options);
  expect(tallied(make(), canvas, options)).toEqual(expected);
  return expected;
}

describe('per-frame facts, combined', () => {
  it('a smooth gradient: the same smooth and clean verdicts, many colours', () => {
    const facts = expectSameFacts(() => [0, 1, 2].map((i) => frame(160, 120, (x, y) => [x / 2 + i, y / 2, 128, 255])), {
      width: 160,
      height: 120,
    });
    expect(facts.smoothGradient).toBe(true);
  });

  it('few colours per frame: the exact palette in order of first appearance over all frames', () => {
    const make = () => [0, 1, 2].map((i) => frame(20, 10, (x) => [(x % 5) * 50, i * 100, 7, 255]));
    const facts = expectSameFacts(make, { width: 20, height: 10 });
    expect(facts.exactColours).toHaveLength(15);
  });

  it('colours that fit one palette per frame but not together: no exact palette', () => {
    // 150 colours per frame, 300 in all.
    const make = () => [0, 1].map((i) => frame(150, 2, (x) => [x, i * 200, 0, 255]));
    expect(expectSameFacts(make, { width: 150, height: 2 }).exactColours).toBeNull();
  });

  it('255 colours and one frame with transparent pixels: the transparent entry decides', () => {
    const make = () => [
      frame(255, 1, (x) => [x, 0, 0, 255]),
      frame(255, 1, (x) => (x === 3 ? [0, 0, 0, 0] : [x, 0, 0, 255])),
    ];
    const facts = expectSameFacts(make, { width: 255, height: 1 });
    expect(facts.transparent).toBe(true);
    expect(facts.exactColours).toHaveLength(255);
    const tooMany = () => [
      frame(256, 1, (x) => [x, 0, 0, 255]),
      frame(256, 1, (x) => (x === 3 ? [0, 0, 0, 0] : [x, 0, 0, 255])),
    ];
    expect(expectSameFacts(tooMany, { width: 256, height: 1 }).exactColours).toBeNull();
  });

  it('soft edges on a matte, a frame that does not cover the canvas, a scaled frame', () => {
    const soft = (x: number, y: number) => [200, 30, noise(x, y) % 3, (x * 9 + y) % 256];
    for (const alphaThreshold of [100, null])
      expectSameFacts(
        () => [frame(30, 30, soft), frame(30, 30, soft)],
        { width: 30, height: 30 },
        { matte: '#ffffff', alphaThreshold },
      );
    const placed = expectSameFacts(() => [frame(20, 20, () => [1, 2, 3, 255], { x: 5, y: 5, width: 20, height: 20 })], {
      width: 30,
      height: 30,
    });
    expect(placed.transparent).toBe(true);
    const scaled = expectSameFacts(() => [frame(20, 20, () => [1, 2, 3, 255], { x: 0, y: 0, width: 40, height: 40 })], {
      width: 40,
      height: 40,
    });
    expect(scaled.exactColours).toBeNull();
  });

  it("counts no colours of a frame the core scales: its pixels are not the GIF's", () => {
    const { rgba, decoded } = frame(20, 20, (x) => [x, 0, 0, 255]);
    const analyser = new FrameAnalyser();
    expect(analyser.prepare(rgba.slice(), decoded, OPAQUE).palette.colours).toHaveLength(20);
    const shrunk = analyser.prepare(rgba.slice(), decoded, OPAQUE, { step: 1, shown: { width: 10, height: 10 } });
    expect(shrunk.palette).toEqual({ colours: null, transparent: false });
  });

  it('with dithered soft edges, promises no exact palette for a partly transparent frame, and may make any of it transparent', () => {
    const dithered = { matte: null, alphaThreshold: 128, softEdges: 'dither' as const };
    const analyser = new FrameAnalyser();
    // Nearly opaque (alpha 200): cut at 128 it stays opaque; dithered, some of it becomes transparent.
    const nearly = frame(4, 1, (x) => [x, 0, 0, 200]);
    expect(analyser.prepare(nearly.rgba.slice(), nearly.decoded, OPAQUE).transparent).toBe(false);
    const soft = analyser.prepare(nearly.rgba.slice(), nearly.decoded, dithered);
    expect(soft.transparent).toBe(true);
    expect(soft.palette).toEqual({ colours: null, transparent: false });
    // Only fully opaque and fully transparent pixels: nothing to dither, the colours are kept.
    const hard = frame(4, 1, (x) => (x === 0 ? [0, 0, 0, 0] : [x, 0, 0, 255]));
    const kept = analyser.prepare(hard.rgba.slice(), hard.decoded, dithered);
    expect(kept.palette).toEqual({ colours: [1, 2, 3].map((x) => x << 16), transparent: true });
  });

  it('blends the frame onto the matte in place, as the core must get it', () => {
    const { rgba, decoded } = frame(2, 1, (x) => (x === 0 ? [0, 0, 0, 128] : [10, 20, 30, 10]));
    new FrameAnalyser().prepare(rgba, decoded, { matte: '#ffffff', alphaThreshold: 64 });
    expect([...rgba]).toEqual([127, 127, 127, 255, 0, 0, 0, 0]);
  });

  it("on a matte, by default calls transparent only the faintest pixels, which the matte's threshold cuts", () => {
    const faint = frame(2, 1, (x) => [0, 0, 0, x === 0 ? 255 : 7]);
    const kept = frame(2, 1, (x) => [0, 0, 0, x === 0 ? 255 : 8]);
    const matte = { matte: '#ffffff', alphaThreshold: null };
    expect(new FrameAnalyser().prepare(faint.rgba, faint.decoded, matte).transparent).toBe(true);
    expect(new FrameAnalyser().prepare(kept.rgba, kept.decoded, matte).transparent).toBe(false);
    expect([...kept.rgba]).toEqual([0, 0, 0, 255, 247, 247, 247, 255]);
  });
});

describe('PaletteFit', () => {
  it('forgets everything on clear, as a fresh one', () => {
    const fit = new PaletteFit();
    fit.add(Uint8Array.of(1, 2, 3, 255, 0, 0, 0, 0));
    fit.clear();
    fit.add(Uint8Array.of(4, 5, 6, 255));
    expect([fit.colours, fit.transparent]).toEqual([[0x040506], false]);
  });
});

describe('FrameAnalyser', () => {
  it('gives the same facts frame after frame as a fresh analyser per frame', () => {
    const shared = new FrameAnalyser();
    const frames = [
      frame(40, 30, (x, y) => [x * 6, y * 8, noise(x, y) % 7, 255]),
      frame(40, 30, (x) => [(x % 4) * 60, 0, 0, x % 9 === 0 ? 0 : 255]),
      frame(40, 30, (x, y) => [noise(x, y), noise(y, x), 3, 255]),
    ];
    for (const f of [...frames, ...frames]) {
      expect(shared.prepare(f.rgba.slice(), f.decoded, OPAQUE)).toEqual(
        new FrameAnalyser().prepare(f.rgba.slice(), f.decoded, OPAQUE),
      );
    }
  });
});
