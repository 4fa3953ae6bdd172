import { GifReader, GifWriter } from 'omggif';
import { describe, expect, it } from 'vitest';
import { parseGif } from './file';
import {
  gifAsMapped,
  joinOptimisedRuns,
  optimiseGif,
  optimiseGifInRuns,
  optimiseRun,
  runInput,
  runsWorthCutting,
} from './optimiser';
import { readIndexedFrames } from './indexed-frames';
import { MAX_BUDGET_SHARE } from './lossy-budget';
import { lzw } from '../../../../../tests/support/node-lzw';

const W = 64;
const H = 48;
/** 0 is transparent; 1–200 a grey-blue ramp; 201 red. */
const PALETTE = Array.from({ length: 256 }, (_, i) =>
  i === 201 ? 0xff0000 : (i << 16) | (i << 8) | Math.min(255, i + 40),
);

function random(seed: number) {
  return () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
}

interface Frame {
  indices: Uint8Array;
  transparent?: boolean;
}

/** A GIF of whole frames written by omggif, an independent encoder, as ffmpeg writes them. */
function wholeFrames(frames: Frame[], disposal: number, loop = 0): Uint8Array {
  const buffer = new Uint8Array(1 << 20);
  const writer = new GifWriter(buffer, W, H, { palette: PALETTE, loop });
  frames.forEach((frame, i) =>
    writer.addFrame(0, 0, W, H, [...frame.indices], {
      delay: 10 + i,
      disposal,
      ...(frame.transparent ? { transparent: 0 } : {}),
    }),
  );
  return buffer.slice(0, writer.end());
}

/**
 * The same frames as the core hands them over with -indices-out (indexed-frames.ts): each whole, with
 * the palette (0xAARRGGBB, entry 0 clear when a frame has transparency).
 */
function indexedFrames(frames: Frame[]) {
  const frameBytes = 8 + 1024 + W * H;
  const bytes = new Uint8Array(frames.length * frameBytes);
  const view = new DataView(bytes.buffer);
  frames.forEach((frame, n) => {
    const at = n * frameBytes;
    view.setUint32(at, W, true);
    view.setUint32(at + 4, H, true);
    PALETTE.forEach((rgb, i) =>
      view.setUint32(at + 8 + i * 4, (i === 0 && frame.transparent ? 0 : 0xff000000) | rgb, true),
    );
    bytes.set(frame.indices, at + 8 + 1024);
  });
  const transparent = frames.some((frame) => frame.transparent);
  return readIndexedFrames([bytes], { delaysCs: frames.map((_, i) => 10 + i), loopCount: 0, transparent });
}

/** Every frame as omggif shows it (RGBA), disposal methods applied. */
function composites(gif: Uint8Array): Uint8Array[] {
  const reader = new GifReader(gif);
  const canvas = new Uint8Array(reader.width * reader.height * 4);
  const out: Uint8Array[] = [];
  for (let i = 0; i < reader.numFrames(); i++) {
    const info = reader.frameInfo(i);
    const saved = info.disposal === 3 ? canvas.slice() : null;
    reader.decodeAndBlitFrameRGBA(i, canvas);
    out.push(canvas.slice());
    if (info.disposal === 2)
      for (let y = info.y; y < info.y + info.height; y++)
        canvas.fill(0, (y * reader.width + info.x) * 4, (y * reader.width + info.x + info.width) * 4);
    else if (saved) canvas.set(saved);
  }
  return out;
}

/** A noisy background with a red square at (x, y). */
function scene(
  x: number,
  y: number,
  seed = 1,
  background = (p: number, next: () => number) => 20 + ((p % W) * 2 + Math.floor(next() * 30)),
): Uint8Array {
  const next = random(seed);
  const indices = Uint8Array.from({ length: W * H }, (_, p) => background(p, next));
  for (let j = y; j < y + 8; j++) for (let i = x; i < x + 8; i++) indices[j * W + i] = 201;
  return indices;
}

/** A red square on a clear canvas. */
const sprite = (x: number, y: number) => scene(x, y, 1, () => 0);

const frameRects = (gif: Uint8Array) => parseGif(gif).frames.map((f) => [f.left, f.top, f.width, f.height]);

/**
 * Every pixel of every frame keeps its alpha and stays within the lossy bound: the budget (at most
 * MAX_BUDGET_SHARE of it in busy blocks) plus the error carried along the row, ¾ of it again.
 */
function expectWithinLossyBudget(expected: Uint8Array[], actual: Uint8Array[], lossiness: number): void {
  const limit = 1.75 * Math.sqrt(MAX_BUDGET_SHARE * 10 * lossiness) + 1;
  actual.forEach((frame, f) => {
    const want = expected[f]!;
    for (let p = 0; p < frame.length; p += 4) {
      expect(frame[p + 3]).toBe(want[p + 3]);
      const off = Math.hypot(frame[p]! - want[p]!, frame[p + 1]! - want[p + 1]!, frame[p + 2]! - want[p + 2]!);
      if (off > limit) expect.fail(`frame ${f} pixel ${p / 4} off by ${off.toFixed(1)} > ${limit.toFixed(1)}`);
    }
  });
}

describe('GIF optimiser, lossless', () => {
  it('crops an opaque animation to what changes and shows exactly the same frames', () => {
    const input = wholeFrames(
      [0, 1, 2, 3].map((i) => ({ indices: scene(4 + i * 6, 10 + i * 3) })),
      1,
    );
    const output = optimiseGif(lzw, input, { lossiness: 0 });
    expect(composites(output)).toEqual(composites(input));
    expect(output.length).toBeLessThan(input.length * 0.6);
    const rects = frameRects(output);
    expect(rects[0]).toEqual([0, 0, W, H]);
    expect(rects[1]).toEqual([4, 10, 14, 11]); // the old square's place and the new one's
    const reader = new GifReader(output);
    expect([0, 1, 2, 3].map((i) => reader.frameInfo(i).delay)).toEqual([10, 11, 12, 13]);
    expect(reader.loopCount()).toBe(0);
  });

  it('differences frames that use all 256 colours: each frame is transparent through an index it does not use', () => {
    // Every colour of the table on screen, so the shared table has no room for a transparent slot.
    const every = (p: number) => p % 256;
    const frames = [0, 1, 2].map((i) => ({ indices: scene(4 + i * 6, 10, 1, every) }));
    const input = wholeFrames(frames, 1);
    const output = optimiseGif(lzw, input, { lossiness: 0 });
    expect(composites(output)).toEqual(composites(input));
    const parsed = parseGif(output);
    expect(parsed.globalPalette!.length / 3).toBe(256);
    expect(frameRects(output)[1]).toEqual([4, 10, 14, 8]);
    const t = parsed.frames[1]!.transparentIndex;
    expect(t).not.toBeNull();
    expect(t).not.toBe(201); // red: the square needs it
  });

  it('keeps transparent frames right: what the sprite leaves is cleared, what it covers is drawn', () => {
    const frames = [0, 1, 2, 3, 4].map((i) => ({ indices: sprite(2 + i * 10, 30 - i * 5), transparent: true }));
    const input = wholeFrames(frames, 2);
    const output = optimiseGif(lzw, input, { lossiness: 0 });
    expect(composites(output)).toEqual(composites(input));
    expect(output.length).toBeLessThan(input.length);
    const parsed = parseGif(output);
    // Each frame but the last clears its own rectangle: the next picture is clear where the sprite was.
    expect(parsed.frames.slice(0, -1).every((f) => f.disposal === 2)).toBe(true);
    expect(parsed.frames[1]!.width).toBeLessThan(W);
  });

  it('mixes opaque and transparent frames, and frames that do not change', () => {
    const frames: Frame[] = [
      { indices: scene(0, 0) },
      { indices: scene(0, 0) },
      { indices: sprite(20, 20), transparent: true },
      { indices: sprite(20, 20), transparent: true },
      { indices: scene(30, 30) },
    ];
    const input = wholeFrames(frames, 2);
    const output = optimiseGif(lzw, input, { lossiness: 0 });
    expect(composites(output)).toEqual(composites(input));
    // Frame 1 must clear for the sprite (whole rectangle); frame 3 repeats frame 2: one transparent pixel.
    expect(frameRects(output)[1]).toEqual([0, 0, W, H]);
    expect(frameRects(output)[3]).toEqual([0, 0, 1, 1]);
  });

  it('returns the very same bytes when it cannot do better', () => {
    const input = wholeFrames([{ indices: new Uint8Array(W * H).fill(7) }], 0);
    const once = optimiseGif(lzw, input, { lossiness: 0 });
    expect(once.length).toBeLessThan(input.length / 5); // 256 colours in the table, one used
    expect(optimiseGif(lzw, once, { lossiness: 0 })).toBe(once);
    expect(optimiseGif(lzw, once, { lossiness: 80 })).toBe(once);
    const notAGif = Uint8Array.of(1, 2, 3);
    expect(optimiseGif(lzw, notAGif, { lossiness: 20 })).toBe(notAGif);
  });
});

describe('GIF optimiser, lossy', () => {
  const frames = [0, 1, 2].map((i) => ({ indices: scene(8 + i * 12, 12, i + 1) }));
  const input = wholeFrames(frames, 1);

  it.each([20, 60])('at lossiness %i is smaller, every pixel within the budget and transparency kept', (lossiness) => {
    const lossless = optimiseGif(lzw, input, { lossiness: 0 });
    const output = optimiseGif(lzw, input, { lossiness });
    expect(output.length).toBeLessThan(lossless.length);
    const [expected, actual] = [composites(input), composites(output)];
    expectWithinLossyBudget(expected, actual, lossiness);
  });

  it('re-encodes a still with holes straight from its indices: smaller, within the budget, holes kept', () => {
    // Noise over a ramp, a clear band across the middle (index 0 is transparent).
    const indices = scene(40, 30, 7).map((index, p) => (Math.floor(p / W) % 16 < 3 ? 0 : index));
    const input = wholeFrames([{ indices, transparent: true }], 0);
    const lossless = optimiseGif(lzw, input, { lossiness: 0 });
    expect(composites(lossless)).toEqual(composites(input));
    const output = optimiseGif(lzw, input, { lossiness: 40 });
    expect(output.length).toBeLessThan(lossless.length);
    expect(frameRects(output)).toEqual([[0, 0, W, H]]);
    const [want, got] = [composites(input)[0]!, composites(output)[0]!];
    const limit = 1.75 * Math.sqrt(MAX_BUDGET_SHARE * 400) + 1;
    for (let p = 0; p < want.length; p += 4) {
      expect(got[p + 3]).toBe(want[p + 3]);
      const off = Math.hypot(got[p]! - want[p]!, got[p + 1]! - want[p + 1]!, got[p + 2]! - want[p + 2]!);
      if (off > limit) expect.fail(`pixel ${p / 4} off by ${off.toFixed(1)} > ${limit.toFixed(1)}`);
    }
  });

  it('does not redraw a frame that did not change (no flicker, no bytes)', () => {
    const still = wholeFrames([{ indices: scene(8, 8) }, { indices: scene(8, 8) }], 1);
    const output = optimiseGif(lzw, still, { lossiness: 80 });
    const shown = composites(output);
    expect(shown[1]).toEqual(shown[0]);
    expect(frameRects(output)[1]).toEqual([0, 0, 1, 1]);
  });
});

describe('GIF optimiser in two runs (two workers at once)', () => {
  const halves = [
    { firstFrame: 0, frameCount: 3 },
    { firstFrame: 3, frameCount: 3 },
  ];
  /** One background, a red square moving across it: most pixels repeat exactly from frame to frame. */
  const moving = wholeFrames(
    [0, 1, 2, 3, 4, 5].map((i) => ({ indices: scene(4 + i * 8, 10 + i * 4, 3) })),
    1,
  );
  /** A camera pan (3 px a frame) over a noisy ramp, under a still title bar (the top 8 rows). */
  const wide = scene(0, 0, 5, (p, next) => 20 + ((p % W) + Math.floor(next() * 60)));
  const pan = wholeFrames(
    [0, 1, 2, 3, 4, 5].map((i) => ({
      indices: Uint8Array.from({ length: W * H }, (_, p) =>
        p < 8 * W ? 150 : wide[Math.floor(p / W) * W + (((p % W) + 3 * i) % W)]!,
      ),
    })),
    1,
  );
  it('lossless: the joined runs are byte for byte the GIF one run makes', () => {
    for (const input of [moving, pan]) {
      const one = optimiseGif(lzw, input, { lossiness: 0 });
      expect(one.length).toBeLessThan(input.length);
      expect(optimiseGifInRuns(lzw, input, { lossiness: 0 }, halves)).toEqual(one);
    }
  });

  it.each([20, 60])('lossy %i: smaller, every frame within the budget, timing and loop kept', (lossiness) => {
    for (const input of [moving, pan]) {
      const output = optimiseGifInRuns(lzw, input, { lossiness }, halves);
      expect(output.length).toBeLessThan(optimiseGif(lzw, input, { lossiness: 0 }).length);
      const [expected, actual] = [composites(input), composites(output)];
      expect(actual).toHaveLength(6);
      const reader = new GifReader(output);
      expect(Array.from({ length: 6 }, (_, i) => reader.frameInfo(i).delay)).toEqual([10, 11, 12, 13, 14, 15]);
      expect(reader.loopCount()).toBe(0);
      expectWithinLossyBudget(expected, actual, lossiness);
    }
  });

  it('lossy: the later run starts on its own, and leaves what did not change to the frame before', () => {
    expect(optimiseRun(lzw, pan, { lossiness: 60 }, halves[1]!)).not.toBeNull();
    const output = optimiseGifInRuns(lzw, pan, { lossiness: 60 }, halves);
    expect(output).not.toEqual(optimiseGif(lzw, pan, { lossiness: 60 }));
    // The title bar stays: the first frame of the second run starts below it.
    expect(frameRects(output)[3]).toEqual([0, 8, W, H - 8]);
  });

  it('keeps the whole GIF when a run cannot start on what the frame before leaves (a cleared sprite)', () => {
    const input = wholeFrames(
      [0, 1, 2, 3].map((i) => ({ indices: sprite(4 + i * 10, 8), transparent: true })),
      2,
    );
    const runs = [
      { firstFrame: 0, frameCount: 2 },
      { firstFrame: 2, frameCount: 2 },
    ];
    expect(optimiseRun(lzw, input, { lossiness: 0 }, runs[1]!)).toBeNull();
    expect(joinOptimisedRuns(input, [optimiseRun(lzw, input, { lossiness: 0 }, runs[0]!), null])).toBeNull();
    // The optimiser then runs in one run.
    expect(optimiseGifInRuns(lzw, input, { lossiness: 0 }, runs)).toEqual(optimiseGif(lzw, input, { lossiness: 0 }));
  });

  it('lossy: a still camera is not cut (the later run would redraw all the noise), lossless it is', () => {
    // One background with a little noise of its own in every frame (within the tolerance), a square moving.
    const stillCamera = wholeFrames(
      [0, 1, 2, 3, 4, 5].map((i) => ({
        indices: scene(4 + i * 8, 10 + i * 4, 3).map((index, p) =>
          index === 201 || (p * 7 + i) % 5 ? index : Math.min(200, index + 1),
        ),
      })),
      1,
    );
    expect(optimiseRun(lzw, stillCamera, { lossiness: 60 }, halves[1]!)).toBeNull();
    expect(optimiseGifInRuns(lzw, stillCamera, { lossiness: 60 }, halves)).toEqual(
      optimiseGif(lzw, stillCamera, { lossiness: 60 }),
    );
    expect(optimiseRun(lzw, stillCamera, { lossiness: 0 }, halves[1]!)).not.toBeNull();
  });
});

describe("GIF optimiser on the core's indexed frames (no GIF to decode)", () => {
  const moving = [0, 1, 2, 3, 4, 5].map((i) => ({ indices: scene(4 + i * 8, 10 + i * 4, 3) }));
  const sprites = [0, 1, 2, 3].map((i) => ({ indices: sprite(2 + i * 10, 30 - i * 5), transparent: true }));
  const halves = [
    { firstFrame: 0, frameCount: 3 },
    { firstFrame: 3, frameCount: 3 },
  ];

  it('writes the GIF the optimiser makes of the same frames as a GIF, byte for byte', () => {
    for (const lossiness of [0, 40]) {
      expect(optimiseGif(lzw, indexedFrames(moving), { lossiness })).toEqual(
        optimiseGif(lzw, wholeFrames(moving, 1), { lossiness }),
      );
    }
    // Transparent frames are drawn over a cleared canvas, as whole frames disposed to the background.
    const fromIndices = optimiseGif(lzw, indexedFrames(sprites), { lossiness: 0 });
    expect(composites(fromIndices)).toEqual(composites(wholeFrames(sprites, 2)));
    expect(fromIndices.length).toBeLessThan(wholeFrames(sprites, 2).length);
  });

  it("gives a later run only its frames and the opaque one before it; the joined runs are one run's GIF", () => {
    const frames = indexedFrames(moving);
    const later = runInput(frames, halves[1]!);
    expect(later.run).toEqual({ firstFrame: 1, frameCount: 3 });
    expect((later.input as typeof frames).frames).toEqual(frames.frames.slice(2));
    expect(runInput(frames, halves[0]!).run).toEqual(halves[0]);
    expect(optimiseGifInRuns(lzw, frames, { lossiness: 0 }, halves)).toEqual(
      optimiseGif(lzw, frames, { lossiness: 0 }),
    );
    // A frame with transparent pixels does not hide the ones before it: the run starts from the first.
    const clear = indexedFrames([...sprites, ...sprites.slice(0, 2)]);
    expect(runInput(clear, halves[1]!).run).toEqual(halves[1]);
  });

  it('knows from the frames at the cut, before any encode, whether a later run would decline', () => {
    // Lossy, a still camera (the same noisy background, a square moving): one run; lossless it is cut.
    const still = indexedFrames([0, 1, 2, 3, 4, 5].map((i) => ({ indices: scene(4 + i * 8, 10 + i * 4, 3) })));
    expect(
      optimiseRun(lzw, runInput(still, halves[1]!).input, { lossiness: 40 }, runInput(still, halves[1]!).run),
    ).toBeNull();
    expect(runsWorthCutting(still, { lossiness: 40 }, halves)).toBeNull();
    expect(runsWorthCutting(still, { lossiness: 0 }, halves)).toBe(halves);
    // A pan (every pixel changes) is cut, lossy or not; so is nothing without runs.
    const pan = indexedFrames([0, 1, 2, 3, 4, 5].map((i) => ({ indices: scene(4, 10, 7 + i) })));
    expect(runsWorthCutting(pan, { lossiness: 40 }, halves)).toBe(halves);
    expect(runsWorthCutting(pan, { lossiness: 40 }, null)).toBeNull();
    // A GIF's bytes are not decoded ahead: its runs are tried as before.
    const bytes = wholeFrames(moving, 1);
    expect(runsWorthCutting(bytes, { lossiness: 40 }, halves)).toBe(halves);
    // The one run is the GIF the optimiser makes of the whole: no run made and thrown away.
    expect(optimiseGifInRuns(lzw, still, { lossiness: 40 }, halves)).toEqual(
      optimiseGif(lzw, still, { lossiness: 40 }),
    );
  });

  it('says what the later run would say, at the 25 % of unchanged pixels it starts on its own under', () => {
    const lossy = { lossiness: 40 };
    const background = scene(0, 0, 3);
    // Frames 3.. repeat `share` of frame 2's pixels (the first rows), the rest is new noise.
    const cutAt = (share: number) =>
      indexedFrames(
        [0, 1, 2, 3, 4, 5].map((i) => ({
          indices: background.map((index, p) => (i < 3 || p < share * W * H ? index : 1 + ((index + i * 17) % 200))),
        })),
      );
    for (const share of [0.2, 0.24, 0.3, 0.9]) {
      const frames = cutAt(share);
      const later = runInput(frames, halves[1]!);
      const declines = optimiseRun(lzw, later.input, lossy, later.run) === null;
      expect(declines).toBe(share > 0.25);
      expect(runsWorthCutting(frames, lossy, halves)).toBe(declines ? null : halves);
    }
  });

  it("counts a pixel unchanged by its colour, whatever its index in each frame's table", () => {
    // The same picture, its table reversed from frame 3 on: every index differs, no colour does.
    const frames = indexedFrames([0, 1, 2, 3, 4, 5].map(() => ({ indices: scene(4, 10, 3) })));
    for (const frame of frames.frames.slice(3)) {
      frame.localPalette = frame.localPalette!.slice();
      for (let i = 0; i < 256; i++)
        frame.localPalette.set(frames.frames[0]!.localPalette!.subarray(i * 3, i * 3 + 3), (255 - i) * 3);
      frame.indices = frame.indices!.map((index) => 255 - index);
    }
    const later = runInput(frames, halves[1]!);
    expect(optimiseRun(lzw, later.input, { lossiness: 40 }, later.run)).toBeNull();
    expect(runsWorthCutting(frames, { lossiness: 40 }, halves)).toBeNull();
  });

  it('written as they are (no optimiser), the frames show the same pictures as their GIF', () => {
    expect(composites(gifAsMapped(lzw, indexedFrames(moving)))).toEqual(composites(wholeFrames(moving, 1)));
    expect(composites(gifAsMapped(lzw, indexedFrames(sprites)))).toEqual(composites(wholeFrames(sprites, 2)));
  });
});
