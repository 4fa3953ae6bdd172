import { beforeAll, describe, expect, it } from 'vitest';
import { parseGif } from '@/features/converter/rules/gif/file';
import {
  gifAsMapped,
  optimiseGif,
  optimiseGifInRuns,
  type OptimiseRun,
} from '@/features/converter/rules/gif/optimiser';
import { perceivedError } from '@/features/converter/rules/gif/frame-diff';
import { MAX_BUDGET_SHARE } from '@/features/converter/rules/gif/lossy-budget';
import { DEFAULT_SETTINGS, type ConversionSettings } from '@/features/converter/rules/settings';
import { runConversionJob } from '@/features/converter/runtime/conversion-job';
import { cameraPan, grain, photoLike } from '../fixtures/content';
import { makeRgba, type Rgba } from '../fixtures/pngs';
import { decodedFrame } from '../support/compose';
import { decodeGif, meanAbsoluteError } from '../support/gif';
import { loadNodeCore, type NodeCore } from '../support/node-core';
import { convertImages } from '../support/node-engine';
import { lzw } from '../support/node-lzw';

let core: NodeCore;
beforeAll(async () => {
  core = await loadNodeCore();
});

const W = 160;
const H = 120;

/** A photo with a dark square moving across it: most pixels repeat from frame to frame. */
function panFrames(count: number): Rgba[] {
  const base = photoLike(W, H, 4);
  return Array.from({ length: count }, (_, i) =>
    makeRgba(W, H, (x, y) => {
      if (x >= 10 + i * 20 && x < 30 + i * 20 && y >= 40 && y < 60) return [20, 20, 30, 255];
      const k = (y * W + x) * 4;
      return [base.data[k]!, base.data[k + 1]!, base.data[k + 2]!, 255];
    }),
  );
}

/** A ball on a transparent background moving down-right. */
function ballFrames(count: number): Rgba[] {
  return Array.from({ length: count }, (_, i) =>
    makeRgba(W, H, (x, y) => {
      const inside = (x - 30 - i * 25) ** 2 + (y - 30 - i * 15) ** 2 < 20 ** 2;
      return inside ? [230, 80 + x, 40, 255] : [0, 0, 0, 0];
    }),
  );
}

const inputs = (frames: Rgba[]) => frames.map((image, i) => ({ name: `f${i}.png`, image, delayMs: 100 + i * 10 }));

/** The same conversion without the optimiser: the core's frames as they are, whole and lossless. */
async function withoutOptimiser(frames: Rgba[], settings: Partial<ConversionSettings> = {}): Promise<Uint8Array> {
  return (await encoderOnly(frames, settings)).gif;
}

async function encoderOnly(frames: Rgba[], settings: Partial<ConversionSettings> = {}) {
  const jobSettings: ConversionSettings = { ...DEFAULT_SETTINGS, mode: 'animated', ...settings };
  return runConversionJob(core, {
    settings: jobSettings,
    sources: frames.map((f, i) => ({ name: `f${i}.png`, width: f.width, height: f.height, delayMs: 100 + i * 10 })),
    readFrame: async (frame) => decodedFrame(frames[frame.sourceIndex]!, frame, jobSettings),
    optimise: async (input) => gifAsMapped(lzw, input),
  });
}

const shown = (gif: Uint8Array) => decodeGif(gif).frames.map((f) => f.image.data);

describe('the optimiser in a real conversion', () => {
  it('an opaque animation: frames cropped to what changes, the same pictures, delays and loop, smaller', async () => {
    const frames = panFrames(5);
    const { gif } = await convertImages(core, inputs(frames), { mode: 'animated', quality: 100 });
    const plain = await withoutOptimiser(frames, { quality: 100 });
    expect(gif.length).toBeLessThan(plain.length);
    expect(shown(gif)).toEqual(shown(plain));
    const decoded = decodeGif(gif);
    expect(decoded.frames.map((f) => f.delayCs)).toEqual([10, 11, 12, 13, 14]);
    expect(decoded.loopCount).toBe(0);
    decoded.frames.forEach((frame, i) => expect(meanAbsoluteError(frame.image, frames[i]!)).toBeLessThan(6));
    const rects = parseGif(gif).frames.map((f) => f.width * f.height);
    expect(Math.max(...rects.slice(1))).toBeLessThan((W * H) / 4);
  });

  it('transparent frames: differenced too, the page shows where the ball was, never the previous frame', async () => {
    const frames = ballFrames(4);
    const { gif } = await convertImages(core, inputs(frames), { mode: 'animated', quality: 100 });
    const plain = await withoutOptimiser(frames, { quality: 100 });
    expect(gif.length).toBeLessThan(plain.length);
    expect(shown(gif)).toEqual(shown(plain));
    const decoded = decodeGif(gif);
    decoded.frames.forEach((frame, i) => {
      for (let p = 3; p < frame.image.data.length; p += 4) expect(frame.image.data[p]).toBe(frames[i]!.data[p]);
    });
    expect(
      parseGif(gif)
        .frames.slice(1)
        .every((f) => f.width < W && f.height < H),
    ).toBe(true);
  });

  it('lossy: smaller than lossless, frames within the error budget, timing and transparency kept', async () => {
    const frames = [0, 1, 2].map((i) => grain(W, H, i + 7));
    frames[1] = makeRgba(W, H, (x, y) => {
      const k = (y * W + x) * 4;
      return x < 20 ? [0, 0, 0, 0] : [frames[1]!.data[k]!, frames[1]!.data[k + 1]!, frames[1]!.data[k + 2]!, 255];
    });
    const plain = await withoutOptimiser(frames);
    const lossless = optimiseGif(lzw, plain, { lossiness: 0 });
    const lossy = optimiseGif(lzw, plain, { lossiness: 40 });
    expect(lossless.length).toBeLessThanOrEqual(plain.length);
    expect(lossy.length).toBeLessThan(lossless.length * 0.95);
    const [want, got] = [decodeGif(plain), decodeGif(lossy)];
    expect(got.frames.map((f) => f.delayCs)).toEqual(want.frames.map((f) => f.delayCs));
    expect(got.loopCount).toBe(want.loopCount);
    // Busy blocks get up to MAX_BUDGET_SHARE of the budget (lossy-budget.ts), plus the carried error, in the
    // encoder's measure (frame-diff.ts perceivedError).
    const limit = 1.75 * Math.sqrt(MAX_BUDGET_SHARE * 400) + 1;
    got.frames.forEach((frame, f) => {
      const a = frame.image.data;
      const b = want.frames[f]!.image.data;
      for (let p = 0; p < a.length; p += 4) {
        expect(a[p + 3]).toBe(b[p + 3]);
        const off = Math.sqrt(perceivedError(a[p]! - b[p]!, a[p + 1]! - b[p + 1]!, a[p + 2]! - b[p + 2]!));
        if (off > limit) expect.fail(`frame ${f} pixel ${p / 4} off by ${off.toFixed(1)}`);
      }
      expect(meanAbsoluteError(frame.image, frames[f]!)).toBeLessThan(
        meanAbsoluteError(want.frames[f]!.image, frames[f]!) + 6,
      );
    });
  });

  it('a big animation is optimised in two runs at once: lossless the one-run GIF, lossy within the budget', async () => {
    const frames = cameraPan(10); // 10 × 800x600: big enough to be cut in two runs
    const settings: ConversionSettings = { ...DEFAULT_SETTINGS, mode: 'animated' };
    // The job hands the pass the encoder's GIF and the plan's runs (the browser runs them on two workers).
    let plain: Uint8Array = new Uint8Array();
    let runs: readonly OptimiseRun[] | null = null;
    let lossiness = 0;
    const { gif } = await runConversionJob(core, {
      settings,
      sources: frames.map((f, i) => ({ name: `f${i}.png`, width: f.width, height: f.height })),
      readFrame: async (frame) => decodedFrame(frames[frame.sourceIndex]!, frame, settings),
      optimise: async (encoded, options, cut) => {
        [plain, runs, lossiness] = [gifAsMapped(lzw, encoded), cut, options.lossiness];
        return optimiseGifInRuns(lzw, encoded, options, cut);
      },
    });
    expect(runs).toEqual([
      { firstFrame: 0, frameCount: 5 },
      { firstFrame: 5, frameCount: 5 },
    ]);
    expect(lossiness).toBeGreaterThan(0);
    const lossless = optimiseGifInRuns(lzw, plain, { lossiness: 0 }, runs);
    expect(lossless).toEqual(optimiseGif(lzw, plain, { lossiness: 0 }));
    expect(gif.length).toBeLessThan(lossless.length);
    const [want, got] = [decodeGif(plain), decodeGif(gif)];
    expect(got.frames.map((f) => f.delayCs)).toEqual(want.frames.map((f) => f.delayCs));
    expect(got.loopCount).toBe(want.loopCount);
    // An animation's budget is even; a pixel left from the frame before may be off by its own error.
    const limit = 1.75 * Math.sqrt(MAX_BUDGET_SHARE * 10 * lossiness) + 1;
    got.frames.forEach((frame, f) => {
      const a = frame.image.data;
      const b = want.frames[f]!.image.data;
      let worst = 0;
      let clear = 0;
      for (let p = 0; p < a.length; p += 4) {
        if (a[p + 3] !== 255) clear++;
        worst = Math.max(worst, Math.sqrt(perceivedError(a[p]! - b[p]!, a[p + 1]! - b[p + 1]!, a[p + 2]! - b[p + 2]!)));
      }
      expect(clear, `frame ${f}`).toBe(0);
      expect(worst, `frame ${f}`).toBeLessThanOrEqual(limit);
    });
  }, 120_000);
});
