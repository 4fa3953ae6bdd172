import { describe, expect, it } from 'vitest';
import {
  bandSourceFirstRow,
  bandSplitRow,
  buildPlan,
  delayToCentiseconds,
  frameArgument,
  helperSourceFirstRow,
  inputFileName,
  optimisationFor,
  planLayout,
  type FrameSource,
} from './plan';
import { estimateHeapBytes, NO_DEVICE_FIGURE_HEAP_BYTES } from './memory';
import { DITHERED_SMOOTH_SHARE } from '../gif/lossy-budget';
import { DEFAULT_SETTINGS, type ConversionSettings } from '../settings';

const settings = (overrides: Partial<ConversionSettings> = {}): ConversionSettings => ({
  ...DEFAULT_SETTINGS,
  ...overrides,
});
const sources = (...sizes: [number, number][]): FrameSource[] =>
  sizes.map(([width, height], i) => ({ name: `f${i}.png`, width, height }));
const opaque = { smoothGradient: false, transparent: false };

/** The value following a flag in an argument list. */
const arg = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('planLayout', () => {
  it('refuses an empty file list with its message', () => {
    expect(() => planLayout(settings({ mode: 'animated' }), [])).toThrow('No files provided');
    expect(() => planLayout(settings(), [])).toThrow('No files provided');
  });
  it('static mode makes one frame from the first file', () => {
    const layout = planLayout(settings(), sources([640, 480], [100, 100]));
    expect(layout.frames).toHaveLength(1);
    expect(layout.frames[0]).toMatchObject({ name: 'f0.png', delayCs: 50, inputFile: 'frame0000.rgba' });
    expect([layout.width, layout.height]).toEqual([640, 480]);
  });
  it('samples about 2^18 pixels of the job for the palette histogram, every pixel of a small one', () => {
    const big = planLayout(
      settings({ mode: 'animated' }),
      sources(...Array.from({ length: 10 }, () => [1920, 1080] as [number, number])),
    );
    // 10 × 1920 × 1080 = 20,736,000 pixels: every 79th.
    expect(big.frames.map((f) => f.histogram.step)).toEqual(Array(10).fill(79));
    expect(planLayout(settings(), sources([320, 200])).frames[0]!.histogram).toEqual({
      step: 1,
      shown: { width: 320, height: 200 },
    });
    // A picture shown smaller is sampled as shown: 1920x1440 = 2,764,800 pixels, every 10th.
    expect(planLayout(settings(), sources([4000, 3000])).frames[0]!.histogram).toEqual({
      step: 10,
      shown: { width: 1920, height: 1440 },
    });
  });
  it('animated mode makes one frame per file, in order, on the first frame’s canvas', () => {
    const layout = planLayout(settings({ mode: 'animated' }), sources([200, 100], [100, 100], [400, 100]));
    expect(layout.frames.map((f) => f.name)).toEqual(['f0.png', 'f1.png', 'f2.png']);
    expect(layout.frames.map((f) => f.inputFile)).toEqual(['frame0000.rgba', 'frame0001.rgba', 'frame0002.rgba']);
    expect(layout.frames.map((f) => f.placement)).toEqual([
      { x: 0, y: 0, width: 200, height: 100 },
      { x: 50, y: 0, width: 100, height: 100 },
      { x: 0, y: 25, width: 200, height: 50 },
    ]);
  });
  it('with resize on and aspect ratio off every frame fills the exact size', () => {
    const layout = planLayout(
      settings({ mode: 'animated', resize: true, width: 300, height: 300, maintainAspectRatio: false }),
      sources([600, 100], [100, 600]),
    );
    expect([layout.width, layout.height]).toEqual([300, 300]);
    expect(layout.frames.every((f) => f.placement.width === 300 && f.placement.height === 300)).toBe(true);
  });
  it('turns the frame delay into exact centiseconds, with per-frame overrides', () => {
    const frames = [...sources([10, 10], [10, 10]), { name: 'x.png', width: 10, height: 10, delayMs: 1230 }];
    const layout = planLayout(settings({ mode: 'animated', frameDelay: 200 }), frames);
    expect(layout.frames.map((f) => f.delayCs)).toEqual([20, 20, 123]);
  });
  it('rounds each override to whole centiseconds in frame order, never to 0, and writes them in the GIF timing', () => {
    const delays = [120, 34, undefined, 125, 4];
    const frames = sources(...delays.map(() => [10, 10] as [number, number])).map((source, i) =>
      delays[i] === undefined ? source : { ...source, delayMs: delays[i] },
    );
    const layout = planLayout(settings({ mode: 'animated', frameDelay: 500 }), frames);
    expect(layout.frames.map((f) => [f.name, f.delayCs])).toEqual([
      ['f0.png', 12],
      ['f1.png', 3],
      ['f2.png', 50],
      ['f3.png', 13],
      ['f4.png', 1],
    ]);
    // Static mode is one frame: the first file, with its own delay.
    expect(planLayout(settings(), frames).frames.map((f) => f.delayCs)).toEqual([12]);
  });
  it('carries the loop choice as a NETSCAPE2.0 count: 0 forever, plays − 1, or none', () => {
    expect(planLayout(settings({ loop: true }), sources([1, 1])).loopCount).toBe(0);
    expect(planLayout(settings({ loop: false }), sources([1, 1])).loopCount).toBeNull();
    expect(planLayout(settings({ loop: true, loopPlays: 3 }), sources([1, 1])).loopCount).toBe(2);
    expect(planLayout(settings({ loop: false, loopPlays: 3 }), sources([1, 1])).loopCount).toBeNull();
  });
  it('boomerang and hold make the frame sequence, one input file per GIF frame', () => {
    const four = sources(...Array<[number, number]>(4).fill([10, 10]));
    const layout = planLayout(
      settings({ mode: 'animated', frameDelay: 100, boomerang: true, holdLastFrame: true, holdLastFrameMs: 1500 }),
      four,
    );
    expect(layout.frames.map((f) => f.sourceIndex)).toEqual([0, 1, 2, 3, 2, 1]);
    expect(layout.frames.map((f) => f.name)).toEqual(['f0.png', 'f1.png', 'f2.png', 'f3.png', 'f2.png', 'f1.png']);
    expect(layout.frames.map((f) => f.delayCs)).toEqual([10, 10, 10, 150, 10, 10]);
    expect(layout.frames.map((f) => f.inputFile)).toEqual([0, 1, 2, 3, 4, 5].map(inputFileName));
    // Static mode ignores the animation extras.
    const still = planLayout(settings({ boomerang: true, holdLastFrame: true, frameStep: 2 }), four);
    expect(still.frames).toHaveLength(1);
  });
  it('dropping frames keeps the duration', () => {
    const five = sources(...Array<[number, number]>(5).fill([10, 10]));
    const layout = planLayout(settings({ mode: 'animated', frameDelay: 100, frameStep: 2 }), five);
    expect(layout.frames.map((f) => [f.sourceIndex, f.delayCs])).toEqual([
      [0, 20],
      [2, 20],
      [4, 10],
    ]);
  });
  it('estimates memory, marks big jobs for an engine restart and refuses impossible ones', () => {
    const small = planLayout(settings({ mode: 'animated' }), sources(...Array(10).fill([800, 600])));
    expect(small.estimatedHeapBytes).toBe(estimateHeapBytes(10, 800, 600));
    expect(small.restartAfter).toBe(false);
    const huge = settings({ mode: 'animated', resize: true, width: 3840, height: 2160 });
    expect(planLayout(huge, sources(...Array(10).fill([3840, 2160]))).restartAfter).toBe(true);
    expect(() => planLayout(huge, sources(...Array(60).fill([3840, 2160])))).toThrow(/Use at most 37 frames/);
  });
});

describe("a 48 MP photo on a phone's budget (a browser that reports no device memory)", () => {
  const phone = { heapLimit: NO_DEVICE_FIGURE_HEAP_BYTES };
  const photo = sources([8000, 6000]);

  it('converts at the settings: capped at 1920, pre-shrunk to twice that, never whole at full size', () => {
    const layout = planLayout(settings(), photo, null, phone);
    expect([layout.width, layout.height]).toEqual([1920, 1440]);
    expect(layout.frames[0]!.decoded).toEqual({ width: 3840, height: 2880 });
    expect(layout.estimatedHeapBytes).toBeLessThan(NO_DEVICE_FIGURE_HEAP_BYTES);
    const large = planLayout(settings({ resize: true, width: 3840, height: 2160 }), photo, null, phone);
    expect([large.width, large.height]).toEqual([2880, 2160]);
  });

  it('an animation too big for the budget is refused with the size that would work, which then converts', () => {
    // Ten 8000x4500 photos played forth and back at 3840x2160: 18 frames, about 1.4 GB planned.
    const frames = sources(...Array.from({ length: 10 }, () => [8000, 4500] as [number, number]));
    const asked = settings({ mode: 'animated', resize: true, width: 3840, height: 2160, boomerang: true });
    expect(() => planLayout(asked, frames, null, { heapLimit: 2048 * 1024 * 1024 })).not.toThrow();
    let message = '';
    try {
      planLayout(asked, frames, null, phone);
    } catch (error) {
      message = (error as Error).message;
    }
    const [, width, height] = /or turn on Resize and choose (\d+)x(\d+) or smaller\.$/.exec(message) ?? [];
    expect(message).toMatch(
      /^This GIF would need about \d+ MB of memory, more than the converter can use in this browser \(1280 MB\)/,
    );
    const fitted = planLayout({ ...asked, width: Number(width), height: Number(height) }, frames, null, phone);
    expect(fitted.estimatedHeapBytes).toBeLessThanOrEqual(NO_DEVICE_FIGURE_HEAP_BYTES);
  });
});

describe('delayToCentiseconds', () => {
  it('rounds to the nearest centisecond, at least 1, at most 65535', () => {
    expect(delayToCentiseconds(500)).toBe(50);
    expect(delayToCentiseconds(50)).toBe(5);
    expect(delayToCentiseconds(2000)).toBe(200);
    expect(delayToCentiseconds(55)).toBe(6);
    expect(delayToCentiseconds(0)).toBe(1);
    expect(delayToCentiseconds(10_000_000)).toBe(65535);
  });
});

describe('buildPlan', () => {
  const layoutOf = (s: ConversionSettings, n = 1) => planLayout(s, sources(...Array(n).fill([320, 240])));

  it('feeds raw RGBA frames of the output size, each with its delay, and hands the optimiser palette indices', () => {
    const s = settings({ mode: 'animated', frameDelay: 120 });
    const { args, outputFile, optimisation } = buildPlan(layoutOf(s, 2), s, opaque);
    expect(args.slice(0, 6)).toEqual([
      '-canvas', '320x240', '-frame', 'frame0000.rgba,320,240,0,0,320,240,12', '-frame', 'frame0001.rgba,320,240,0,0,320,240,12',
    ]); // prettier-ignore
    // An animation always goes through the optimiser (frame differencing): it writes the GIF.
    expect(optimisation).not.toBeNull();
    expect(args.slice(-2)).toEqual(['-indices-out', 'output.idx']);
    expect(outputFile).toBe('output.idx');
  });
  it('lets the core write the GIF of a still only when no optimiser follows (lossless), indices otherwise', () => {
    const lossless = settings({ quality: 100 });
    const gif = buildPlan(layoutOf(lossless), lossless, opaque);
    expect([gif.optimisation, gif.outputFile, gif.args.slice(-2)]).toEqual([null, 'output.gif', ['-o', 'output.gif']]);
    const lossy = settings({ quality: 80 });
    const indices = buildPlan(layoutOf(lossy), lossy, opaque);
    // Nothing to band at 80 %: 128 colours and lossiness 40 (quality.ts NOTHING_TO_BAND).
    expect([indices.optimisation, indices.args.slice(-2)]).toEqual([{ lossiness: 40 }, ['-indices-out', 'output.idx']]);
  });
  it('hands frames larger than their placement over at full size, for the core to scale with lanczos', () => {
    const s = settings({ mode: 'animated' });
    const layout = planLayout(s, sources([4000, 3000], [1000, 1000]));
    expect(layout.frames.map((f) => f.decoded)).toEqual([
      { width: 4000, height: 3000 },
      { width: 1000, height: 1000 },
    ]);
    const plan = buildPlan(layout, s, opaque);
    const frameArgs = (args: string[]) => args.filter((_, i, all) => all[i - 1] === '-frame');
    expect(frameArgs(plan.args)).toEqual([
      'frame0000.rgba,4000,3000,0,0,1920,1440,50',
      'frame0001.rgba,1000,1000,240,0,1440,1440,50',
    ]);
    // The full-size pixels sit in the core's file system: the heap estimate counts them.
    expect(layout.estimatedHeapBytes).toBeGreaterThan(4000 * 3000 * 4);
  });

  it('decodes a size estimate sample at its placements, with the sizes its tiles are cut at', () => {
    const s = settings({ mode: 'animated', resize: true, maintainAspectRatio: false, width: 320, height: 240 });
    const layout = planLayout(s, sources([4000, 3000], [200, 100]), null, { sampleOf: { width: 1920, height: 1440 } });
    expect(layout.frames.map((f) => [f.decoded, f.placement, f.tilesAt])).toEqual([
      [
        { width: 320, height: 240 },
        { x: 0, y: 0, width: 320, height: 240 },
        { width: 1920, height: 1440 },
      ],
      // Scaled up by the core, as in a conversion.
      [
        { width: 200, height: 100 },
        { x: 0, y: 0, width: 320, height: 240 },
        { width: 1920, height: 1440 },
      ],
    ]);
    // A conversion's frames say nothing of tiles.
    expect(planLayout(s, sources([4000, 3000])).frames[0]!.tilesAt).toBeUndefined();
    // Nothing full-size sits in the core's file system.
    expect(layout.estimatedHeapBytes).toBe(planLayout(s, sources([320, 240], [200, 100])).estimatedHeapBytes);
  });

  it('lets the browser pre-shrink a 20000x20000 PNG to twice its placement', () => {
    const layout = planLayout(settings(), sources([20000, 20000]));
    expect(layout.frames[0]!.decoded).toEqual({ width: 3840, height: 3840 });
  });

  it('describes a frame as file, source size, placement and delay', () => {
    expect(frameArgument('f.rgba', { width: 4000, height: 3000 }, { x: 0, y: 60, width: 800, height: 600 }, 7)).toBe(
      'f.rgba,4000,3000,0,60,800,600,7',
    );
  });
  it('splits a large animation into two runs that read the same palette', () => {
    const s = settings({ mode: 'animated' });
    const layout = planLayout(s, sources(...Array(5).fill([1920, 1080])));
    const plan = buildPlan(layout, s, opaque);
    const [first, second] = plan.split!.runs;
    expect(first.args.filter((a) => a === '-frame')).toHaveLength(3);
    expect(arg(second.args, '-frame')).toMatch(/^frame0003\.rgba,/);
    // Shrunk frames: each core scales its own.
    const big = buildPlan(planLayout(s, sources(...Array(5).fill([3840, 2160]))), s, opaque).split!;
    expect(big.runs.map((run) => arg(run.args, '-frame'))).toEqual([
      'frame0000.rgba,3840,2160,0,0,1920,1080,50',
      'frame0003.rgba,3840,2160,0,0,1920,1080,50',
    ]);
    for (const run of plan.split!.runs) expect(arg(run.args, '-palette-in')).toBe(plan.paletteFile);
    expect(arg(second.args, '-filter')).toMatch(/^\[frames\]\[palette\]paletteuse=/);
    expect(arg(second.args, '-indices-out')).toBe(second.outputFile);
    expect(plan.split!.runs.map((run) => run.outputFile)).toEqual(['run0.idx', 'run1.idx']);
  });
  it('maps quality to the palette size', () => {
    for (const [quality, smoothGradient, colours] of [
      [100, true, 256],
      [60, true, 192],
      [60, false, 128],
      [10, true, 16],
    ] as const) {
      const s = settings({ quality });
      const plan = buildPlan(layoutOf(s), s, { smoothGradient, transparent: false });
      // The engine cuts a palette of this size from the histogram; the core reads it.
      expect(plan.palette.maxColors).toBe(colours);
      expect(arg(plan.args, '-palette-in')).toBe(plan.paletteFile);
    }
  });
  it('dithers smooth gradients by default and follows the override', () => {
    const s = settings();
    const filter = (st: ConversionSettings, smoothGradient: boolean) =>
      arg(buildPlan(layoutOf(st), st, { smoothGradient, transparent: false }).args, '-filter');
    expect(filter(s, false)).toContain('paletteuse=dither=none:alpha_threshold=128');
    expect(filter(s, true)).toContain('paletteuse=dither=atkinson:alpha_threshold=128');
    const animated = settings({ mode: 'animated' });
    expect(
      arg(buildPlan(layoutOf(animated, 3), animated, { smoothGradient: true, transparent: false }).args, '-filter'),
    ).toContain('paletteuse=dither=bayer:bayer_scale=3:alpha_threshold=128');
    expect(filter(settings({ dither: 'diffusion' }), false)).toContain('paletteuse=dither=sierra2_4a:');
    expect(filter(settings({ dither: 'none' }), true)).toContain('paletteuse=dither=none:');
  });
  it('cuts transparency at the chosen alpha threshold, in the single and the split plan', () => {
    const s = settings({ alphaThreshold: 40 });
    const plan = buildPlan(layoutOf(s), s, { smoothGradient: false, transparent: true });
    expect(arg(plan.args, '-filter')).toContain('paletteuse=dither=none:alpha_threshold=40');
    const big = settings({ mode: 'animated', alphaThreshold: 200 });
    const frames = Array.from({ length: 10 }, (_, i) => ({ name: `f${i}`, width: 1920, height: 1080 }));
    const split = buildPlan(planLayout(big, frames), big, { smoothGradient: false, transparent: true }).split;
    expect(split?.runs.map((run) => arg(run.args, '-filter'))).toEqual([
      expect.stringContaining('alpha_threshold=200'),
      expect.stringContaining('alpha_threshold=200'),
    ]);
  });
  it('cuts at half opacity by default, at the faintest pixels with a matte, and at the chosen threshold with or without one', () => {
    const cut = (st: ConversionSettings) =>
      arg(buildPlan(layoutOf(st), st, { smoothGradient: false, transparent: true }).args, '-filter');
    expect(cut(settings())).toContain('alpha_threshold=128');
    expect(cut(settings({ matte: '#ffffff' }))).toContain('alpha_threshold=8');
    expect(cut(settings({ matte: '#ffffff', alphaThreshold: 128 }))).toContain('alpha_threshold=128');
    expect(cut(settings({ matte: null, alphaThreshold: 8 }))).toContain('alpha_threshold=8');
  });
  it('asks the core to dither soft edges only when chosen without a matte, in the single and the split plan', () => {
    const frames = Array.from({ length: 10 }, (_, i) => ({ name: `f${i}`, width: 1920, height: 1080 }));
    const dithers = (s: ConversionSettings) => {
      const plan = buildPlan(planLayout(s, frames), s, { smoothGradient: false, transparent: true });
      const runs = [plan.args, ...(plan.split?.runs.map((run) => run.args) ?? [])];
      return runs.map((args) => (args.includes('-alpha-dither') ? arg(args, '-alpha-dither') : 'none'));
    };
    expect(dithers(settings({ mode: 'animated', softEdges: 'dither' }))).toEqual(['1', '1', '1']);
    expect(dithers(settings({ mode: 'animated' }))).toEqual(['none', 'none', 'none']);
    expect(dithers(settings({ mode: 'animated', softEdges: 'dither', matte: '#ffffff' }))).toEqual([
      'none',
      'none',
      'none',
    ]);
  });
  it('asks the muxer to loop forever or play once', () => {
    const on = settings({ loop: true, quality: 100 });
    const off = settings({ loop: false, quality: 100 });
    expect(arg(buildPlan(layoutOf(on), on, opaque).args, '-loop')).toBe('0');
    expect(arg(buildPlan(layoutOf(off), off, opaque).args, '-loop')).toBe('-1');
  });
  it('names the output converted_[animated_]<timestamp>.gif', () => {
    const s = settings({ mode: 'animated' });
    expect(buildPlan(layoutOf(s, 2), s, opaque, 42).fileName).toBe('converted_animated_42.gif');
    expect(buildPlan(layoutOf(settings()), settings(), opaque, 42).fileName).toBe('converted_42.gif');
  });
});

describe('when the optimiser runs', () => {
  it('runs for animations, and for stills only when lossy', () => {
    const palette = { maxColors: 256, dither: 'none' as const };
    expect(optimisationFor({ frames: [1, 2], palette })).toEqual({ lossiness: 0 });
    expect(optimisationFor({ frames: [1], palette })).toBeNull();
    expect(optimisationFor({ frames: [1], palette: { ...palette, lossiness: 0 } })).toBeNull();
    expect(optimisationFor({ frames: [1], palette: { ...palette, lossiness: 30 } })).toEqual({ lossiness: 30 });
  });
  it('lets a still dithered by diffusion spend more of the budget on its smooth areas, not an animation', () => {
    for (const dither of ['atkinson', 'sierra2_4a'] as const) {
      expect(optimisationFor({ frames: [1], palette: { maxColors: 256, dither, lossiness: 65 } })).toEqual({
        lossiness: 65,
        smoothShare: DITHERED_SMOOTH_SHARE,
      });
      expect(optimisationFor({ frames: [1, 2], palette: { maxColors: 256, dither, lossiness: 22 } })).toEqual({
        lossiness: 22,
      });
    }
    expect(optimisationFor({ frames: [1], palette: { maxColors: 256, dither: 'bayer', lossiness: 65 } })).toEqual({
      lossiness: 65,
    });
  });
});

describe('the rows a banded still gives its helper', () => {
  it('a still placed as it is: from the seam; scaled: a Lanczos window above it; else all of them', () => {
    const flat = planLayout(settings(), sources([1600, 1000]));
    expect(helperSourceFirstRow(flat)).toBe(bandSplitRow(1000));
    // 4000x3000 scaled to 1920x1440: canvas row 720 is about source row 1500, its window starts rows above.
    const big = planLayout(settings(), sources([4000, 3000]));
    const { decoded, placement } = big.frames[0]!;
    const first = helperSourceFirstRow(big);
    expect((first * placement.height) / decoded.height).toBeLessThan(720);
    expect(first).toBeGreaterThan((decoded.height * 720) / placement.height - 12);
    // Small stills are not banded, animations are split by frames: the helper gets whole pictures.
    expect(helperSourceFirstRow(planLayout(settings(), sources([640, 480])))).toBe(0);
    expect(helperSourceFirstRow(planLayout(settings({ mode: 'animated' }), sources([1920, 1080], [1920, 1080])))).toBe(
      0,
    );
  });

  it('reads from the placement’s first row on the band, and all of a picture that misses the band', () => {
    const source = { width: 100, height: 100 };
    expect(bandSourceFirstRow(source, { x: 0, y: 0, width: 100, height: 100 }, 40)).toBe(40);
    expect(bandSourceFirstRow(source, { x: 0, y: 30, width: 100, height: 100 }, 40)).toBe(10);
    expect(bandSourceFirstRow(source, { x: 0, y: 0, width: 100, height: 100 }, 200)).toBe(0);
  });
});
