import { gifAsMapped } from '@/features/converter/rules/gif/optimiser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversionProgress } from '@/features/converter/rules/contracts';
import { readGifInfo } from '@/features/converter/rules/gif/bytes';
import { FrameAnalyser } from '@/features/converter/rules/palette/frame-facts';
import { DEFAULT_SETTINGS } from '@/features/converter/rules/settings';
import { EncoderError, runConversionJob } from '@/features/converter/runtime/conversion-job';
import { withHole } from '../fixtures/catalogue';
import { flatUi, gradient, grain, numberedFrame, photoLike } from '../fixtures/content';
import { makeRgba, testPattern, type Rgba } from '../fixtures/pngs';
import { decodeGif, meanAbsoluteError } from '../support/gif';
import { loadNodeCore, type NodeCore } from '../support/node-core';
import { convertImages } from '../support/node-engine';
import { lumaSsim } from '../support/similarity';
import { lzw } from '../support/node-lzw';

let core: NodeCore;
beforeAll(async () => {
  core = await loadNodeCore();
});

const input = (name: string, image: Rgba, delayMs?: number) => ({ name, image, ...(delayMs ? { delayMs } : {}) });
const alphaAt = (image: Rgba, x: number, y: number) => image.data[(y * image.width + x) * 4 + 3];

describe('static GIF', () => {
  it('one PNG becomes a one-frame GIF of its size that resembles it', async () => {
    const image = testPattern(160, 120);
    const { gif, plan } = await convertImages(core, [input('a.png', image)], { quality: 100, dither: 'none' });
    const decoded = decodeGif(gif);
    expect(decoded.frames).toHaveLength(1);
    expect([decoded.width, decoded.height]).toEqual([160, 120]);
    expect(meanAbsoluteError(decoded.frames[0]!.image, image)).toBeLessThan(4);
    expect(plan.fileName).toMatch(/^converted_\d+\.gif$/);
    // Its smooth ramps are dithered by default, which adds a little per-pixel error but no bands.
    const dithered = await convertImages(core, [input('a.png', image)], { quality: 100 });
    expect(meanAbsoluteError(decodeGif(dithered.gif).frames[0]!.image, image)).toBeLessThan(8);
  });

  it('static mode with several files converts the first one only', async () => {
    const { gif } = await convertImages(core, [
      input('a', numberedFrame(40, 30, 0)),
      input('b', numberedFrame(40, 30, 1)),
    ]);
    const decoded = decodeGif(gif);
    expect(decoded.frames).toHaveLength(1);
    expect(meanAbsoluteError(decoded.frames[0]!.image, numberedFrame(40, 30, 0))).toBeLessThan(2);
  });
});

describe('animated GIF', () => {
  const frames = [0, 1, 2].map((i) => input(`f${i}.png`, numberedFrame(64, 48, i)));

  it('has one frame per PNG, in order, each shown for exactly the chosen delay, looping forever', async () => {
    const { gif } = await convertImages(core, frames, { mode: 'animated', frameDelay: 200, loop: true });
    const decoded = decodeGif(gif);
    expect(decoded.frames.map((f) => f.delayCs)).toEqual([20, 20, 20]);
    expect(decoded.loopCount).toBe(0);
    decoded.frames.forEach((frame, i) => {
      expect(meanAbsoluteError(frame.image, frames[i]!.image)).toBeLessThan(2);
      // Each frame is closer to its own source than to the others: the order is kept.
      expect(meanAbsoluteError(frame.image, frames[(i + 1) % 3]!.image)).toBeGreaterThan(20);
    });
  });

  it('plays once with loop off', async () => {
    const { gif } = await convertImages(core, frames, { mode: 'animated', frameDelay: 500, loop: false });
    const decoded = decodeGif(gif);
    expect(decoded.loopCount).toBeNull();
    expect(decoded.frames.map((f) => f.delayCs)).toEqual([50, 50, 50]);
  });

  it('honours per-frame delays and keeps identical consecutive frames', async () => {
    const same = numberedFrame(32, 32, 4);
    const { gif } = await convertImages(
      core,
      [input('a', same, 50), input('b', same, 120), input('c', numberedFrame(32, 32, 5), 2000)],
      { mode: 'animated' },
    );
    expect(readGifInfo(gif).frames.map((f) => f.delayCs)).toEqual([5, 12, 200]);
  });

  it('fits frames of other sizes into the first frame’s canvas, centred, never stretched', async () => {
    const square = makeRgba(100, 100, () => [30, 200, 30, 255]);
    const { gif } = await convertImages(
      core,
      [
        input(
          'wide',
          makeRgba(200, 100, () => [200, 30, 30, 255]),
        ),
        input('square', square),
      ],
      { mode: 'animated' },
    );
    const decoded = decodeGif(gif);
    expect([decoded.width, decoded.height]).toEqual([200, 100]);
    const second = decoded.frames[1]!.image;
    expect(alphaAt(second, 10, 50)).toBe(0);
    expect(alphaAt(second, 190, 50)).toBe(0);
    expect(alphaAt(second, 100, 50)).toBe(255);
    expect(Array.from(second.data.subarray((50 * 200 + 100) * 4, (50 * 200 + 100) * 4 + 3))).toEqual([30, 200, 30]);
  });
});

describe('size', () => {
  it('caps the larger side at 1920 with resize off', async () => {
    const { gif } = await convertImages(core, [input('big', testPattern(2400, 600))]);
    expect(readGifInfo(gif)).toMatchObject({ width: 1920, height: 480 });
  });
  it('a many-coloured picture scaled down looks like the PNG averaged', async () => {
    const source = grain(1600, 1200);
    const { gif } = await convertImages(core, [input('grain', source)], {
      resize: true,
      width: 400,
      height: 300,
    });
    const frame = decodeGif(gif).frames[0]!.image;
    expect([frame.width, frame.height]).toEqual([400, 300]);
    // Against the source averaged over each 4x4 block: what a downscale shows.
    const averaged = makeRgba(400, 300, (x, y) => {
      const sum = [0, 0, 0];
      for (let dy = 0; dy < 4; dy++)
        for (let dx = 0; dx < 4; dx++)
          for (let c = 0; c < 3; c++) sum[c]! += source.data[((y * 4 + dy) * 1600 + x * 4 + dx) * 4 + c]!;
      return [sum[0]! / 16, sum[1]! / 16, sum[2]! / 16, 255];
    });
    expect(meanAbsoluteError(frame, averaged)).toBeLessThan(6);
  });
  it('honours resize with the aspect ratio kept or not', async () => {
    const kept = await convertImages(core, [input('a', testPattern(400, 300))], {
      resize: true,
      width: 200,
      height: 100,
    });
    expect(readGifInfo(kept.gif)).toMatchObject({ width: 133, height: 100 });
    const exact = await convertImages(core, [input('a', testPattern(400, 300))], {
      resize: true,
      width: 200,
      height: 100,
      maintainAspectRatio: false,
    });
    expect(readGifInfo(exact.gif)).toMatchObject({ width: 200, height: 100 });
  });
});

describe('transparency', () => {
  it('keeps fully transparent areas transparent and opaque areas in colour', async () => {
    const image = withHole(60, 45);
    const { gif } = await convertImages(core, [input('hole', image)], { quality: 100 });
    const frame = decodeGif(gif).frames[0]!.image;
    expect(alphaAt(frame, 30, 22)).toBe(0);
    expect(alphaAt(frame, 2, 2)).toBe(255);
    expect(meanAbsoluteError(frame, image)).toBeLessThan(4);
  });

  it('shows the page, not the previous frame, through a later frame’s transparent pixels', async () => {
    const { gif } = await convertImages(
      core,
      [
        input('opaque', numberedFrame(60, 45, 0)),
        input('hole', withHole(60, 45)),
        input('opaque2', numberedFrame(60, 45, 2)),
      ],
      { mode: 'animated' },
    );
    const decoded = decodeGif(gif);
    expect(decoded.frames.map((f) => alphaAt(f.image, 30, 22))).toEqual([255, 0, 255]);
  });
});

describe('quality', () => {
  const contents = { photo: photoLike(240, 180), gradient: gradient(240, 180), flatUi: flatUi(240, 180) };

  it.each(Object.entries(contents))('%s: a lower quality never gives a larger file', async (_, image) => {
    const sizes: number[] = [];
    for (const quality of [100, 80, 50, 10]) {
      sizes.push((await convertImages(core, [input('x', image)], { quality })).gif.length);
    }
    sizes.slice(1).forEach((size, i) => expect(size).toBeLessThanOrEqual(sizes[i]!));
  });

  it('photo: similarity rises with quality and the file shrinks as it falls', async () => {
    const image = contents.photo;
    const results = [];
    for (const quality of [10, 50, 80, 100]) {
      const { gif } = await convertImages(core, [input('photo', image)], { quality });
      results.push({ quality, bytes: gif.length, ssim: lumaSsim(decodeGif(gif).frames[0]!.image, image) });
    }
    const [q10, q50, q80, q100] = results as [
      (typeof results)[0],
      (typeof results)[0],
      (typeof results)[0],
      (typeof results)[0],
    ];
    // Its sky is dithered and 80 % and below add lossy LZW: SSIM counts that fine noise, which the eye and
    // butteraugli barely see (npm run bench:quality), so the floors sit under the lossless 100 %.
    expect(q100.ssim).toBeGreaterThan(0.95);
    expect(q80.ssim).toBeGreaterThan(0.83);
    expect(q50.ssim).toBeGreaterThan(0.77);
    expect(q10.ssim).toBeGreaterThan(0.65);
    expect([q10.ssim, q50.ssim, q80.ssim, q100.ssim]).toEqual([q10.ssim, q50.ssim, q80.ssim, q100.ssim].toSorted());
    expect(q10.bytes).toBeLessThan(q50.bytes);
    expect(q50.bytes).toBeLessThan(q80.bytes);
    expect(q80.bytes).toBeLessThan(q100.bytes);
  });

  /** Mean luma difference of 8x8 block averages: bands move whole areas off, dithering keeps them on average. */
  const blockError = (a: Rgba, b: Rgba) => {
    let total = 0;
    let blocks = 0;
    const lumaAt = (image: Rgba, i: number) =>
      0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
    for (let y = 0; y + 8 <= a.height; y += 8) {
      for (let x = 0; x + 8 <= a.width; x += 8) {
        let diff = 0;
        for (let v = y; v < y + 8; v++)
          for (let u = x; u < x + 8; u++) diff += lumaAt(a, (v * a.width + u) * 4) - lumaAt(b, (v * a.width + u) * 4);
        total += Math.abs(diff / 64);
        blocks++;
      }
    }
    return total / blocks;
  };

  it('dithers a smooth gradient by default so that areas keep their tone (no bands), and follows the override', async () => {
    const image = contents.gradient;
    const auto = await convertImages(core, [input('g', image)], { quality: 100 });
    const none = await convertImages(core, [input('g', image)], { quality: 100, dither: 'none' });
    expect(auto.plan.palette.dither).toBe('atkinson');
    expect(none.plan.palette.dither).toBe('none');
    const shown = (gif: Uint8Array) => decodeGif(gif).frames[0]!.image;
    expect(blockError(shown(auto.gif), image)).toBeLessThan(blockError(shown(none.gif), image) * 0.95);
    const grainy = await convertImages(core, [input('p', grain(240, 180))]);
    expect(grainy.plan.palette.dither).toBe('none');
  });

  it('gives a grainy picture (nothing to band) 128 colours and less lossiness at 80 %, close to the PNG', async () => {
    const image = grain(240, 180);
    const q90 = await convertImages(core, [input('g', image)], { quality: 90 });
    const q80 = await convertImages(core, [input('g', image)], { quality: 80 });
    expect(q80.plan.palette).toEqual({ maxColors: 128, dither: 'none', lossiness: 40 });
    const shown = decodeGif(q80.gif).frames[0]!.image;
    const colours = new Set<number>();
    for (let i = 0; i < shown.data.length; i += 4)
      colours.add((shown.data[i]! << 16) | (shown.data[i + 1]! << 8) | shown.data[i + 2]!);
    expect(colours.size).toBeLessThanOrEqual(128);
    expect(q80.gif.length).toBeLessThan(q90.gif.length);
    expect(lumaSsim(shown, image)).toBeGreaterThan(0.9);
  });
});

describe('progress, cleanup and failures', () => {
  it('passes the milestones in order, never backwards, with frame progress while processing', async () => {
    const seen: ConversionProgress[] = [];
    const frames = Array.from({ length: 6 }, (_, i) => input(`f${i}`, numberedFrame(320, 240, i)));
    await convertImages(core, frames, { mode: 'animated' }, (p) => seen.push(p));
    const percents = seen.map((p) => p.progress);
    expect(percents).toEqual(percents.toSorted((a, b) => a - b));
    for (const [stage, percent] of [
      ['preparing', 5],
      ['processing', 30],
      ['finalizing', 80],
      ['complete', 100],
    ] as const) {
      expect(seen.find((p) => p.stage === stage)?.progress).toBe(percent);
    }
    expect(seen.some((p) => p.stage === 'processing' && p.progress > 30)).toBe(true);

    const single: number[] = [];
    await convertImages(core, [frames[0]!], {}, (p) => single.push(p.progress));
    expect([10, 50, 90, 100].every((m) => single.includes(m))).toBe(true);
  });

  it('leaves nothing in the engine’s file system after a job', async () => {
    await convertImages(core, [input('a', testPattern(20, 20)), input('b', testPattern(20, 20))], {
      mode: 'animated',
    });
    expect(core.listFiles()).toEqual([]);
  });

  it('reports an encoder failure with its reason, cleans up, and the next job works', async () => {
    const failing = {
      ...core,
      exec: (args: string[]) => core.exec([...args.slice(0, -1), '-frames:v', 'x', 'output.gif']),
    };
    await expect(convertImages(failing, [input('a', testPattern(20, 20))])).rejects.toThrow(EncoderError);
    await expect(convertImages(failing, [input('a', testPattern(20, 20))])).rejects.toThrow(
      /The GIF encoder failed \(exit code/,
    );
    expect(core.listFiles()).toEqual([]);
    const { gif } = await convertImages(core, [input('a', testPattern(20, 20))]);
    expect(readGifInfo(gif).width).toBe(20);
  });

  it('a frame that cannot be read fails the job and cleans up what was written', async () => {
    const job = runConversionJob(core, {
      settings: { ...DEFAULT_SETTINGS, mode: 'animated' },
      sources: [
        { name: 'a.png', width: 20, height: 20 },
        { name: 'b.png', width: 20, height: 20 },
      ],
      readFrame: async (frame) => {
        if (frame.name === 'b.png') throw new Error('Failed to load image: b.png');
        const rgba = new Uint8Array(frame.decoded.width * frame.decoded.height * 4);
        return { rgba, facts: new FrameAnalyser().prepare(rgba, frame.decoded, DEFAULT_SETTINGS, frame.histogram) };
      },
      optimise: async (input) => gifAsMapped(lzw, input),
    });
    await expect(job).rejects.toThrow('Failed to load image: b.png');
    expect(core.listFiles()).toEqual([]);
  });

  it('an aborted job stops at its next safe point, cleans up, and the core converts the next job', async () => {
    const controller = new AbortController();
    let framesRead = 0;
    const job = runConversionJob(core, {
      settings: { ...DEFAULT_SETTINGS, mode: 'animated' },
      sources: ['a.png', 'b.png', 'c.png', 'd.png'].map((name) => ({ name, width: 20, height: 20 })),
      readAhead: 1,
      inFlightBytes: 0,
      readFrame: async (frame) => {
        framesRead++;
        // Convert clicked while the size estimate's sample decodes its second frame.
        if (frame.name === 'b.png') controller.abort();
        const rgba = testPattern(20, 20).data.slice();
        return { rgba, facts: new FrameAnalyser().prepare(rgba, frame.decoded, DEFAULT_SETTINGS, frame.histogram) };
      },
      optimise: async (input) => gifAsMapped(lzw, input),
      signal: controller.signal,
    });
    await expect(job).rejects.toMatchObject({ name: 'AbortError' });
    expect(framesRead).toBeLessThan(4);
    expect(core.listFiles()).toEqual([]);
    const { gif } = await convertImages(core, [input('a', testPattern(20, 20))]);
    expect(readGifInfo(gif).width).toBe(20);
  });
});

describe('pictures that fit one GIF palette', () => {
  /** Every pixel: opaque pixels keep their exact RGB, pixels under half opacity become transparent. */
  const expectExact = (shown: Rgba, source: Rgba) => {
    let wrong = 0;
    for (let i = 0; i < source.data.length; i += 4) {
      const transparent = source.data[i + 3]! < 128;
      if (transparent ? shown.data[i + 3] !== 0 : [0, 1, 2].some((c) => shown.data[i + c] !== source.data[i + c]))
        wrong++;
    }
    expect(wrong).toBe(0);
  };
  /** 250 distinct colours in stripes and blocks, none of them on a regular grid a palette could guess. */
  const manyFlatColours = (width: number, height: number, shift = 0) =>
    makeRgba(width, height, (x, y) => {
      const k = (Math.floor(x / 7) * 13 + Math.floor(y / 5) * 7 + shift) % 250;
      return [(k * 37) % 256, (k * 91 + 11) % 256, (k * 53 + 101) % 256, 255];
    });

  it('keeps all 250 colours of a flat graphic byte-identical at the default quality, with no dithering', async () => {
    const image = manyFlatColours(210, 100);
    const { gif, plan } = await convertImages(core, [input('flat.png', image)]);
    expect(plan.exactPalette).not.toBeNull();
    expect(plan.palette.dither).toBe('none');
    expectExact(decodeGif(gif).frames[0]!.image, image);
  });

  it('counts transparency as one of the 256 entries, across every frame of an animation', async () => {
    const frames = [0, 1, 2].map((i) => {
      const image = manyFlatColours(120, 80, i * 2);
      // A transparent hole in each frame: 252 colours + transparent = 253 entries in all.
      for (let y = 10; y < 30; y++)
        for (let x = 10 + i * 20; x < 40 + i * 20; x++) image.data[(y * 120 + x) * 4 + 3] = 0;
      return input(`f${i}.png`, image);
    });
    const { gif, plan } = await convertImages(core, frames, { mode: 'animated' });
    expect(plan.exactPalette).not.toBeNull();
    decodeGif(gif).frames.forEach((frame, i) => expectExact(frame.image, frames[i]!.image));
  });

  it('reduces the palette when one colour too many (256 opaque + transparent) does not fit', async () => {
    const image = makeRgba(256, 20, (x, y) => (y === 0 && x === 0 ? [0, 0, 0, 0] : [x, 255 - x, (x * 7) % 256, 255]));
    const { plan } = await convertImages(core, [input('full.png', image)]);
    expect(plan.exactPalette).toBeNull();
  });

  it('at low qualities keeps exact colours only when they fit that quality’s palette', async () => {
    const image = manyFlatColours(210, 100);
    const { plan } = await convertImages(core, [input('flat.png', image)], { quality: 30 });
    expect(plan.exactPalette).toBeNull();
    const few = makeRgba(64, 64, (x) => (x < 32 ? [200, 10, 10, 255] : [10, 10, 200, 255]));
    const small = await convertImages(core, [input('two.png', few)], { quality: 10 });
    expect(small.plan.exactPalette).not.toBeNull();
    expectExact(decodeGif(small.gif).frames[0]!.image, few);
  });
});

describe('matte and alpha threshold', () => {
  /** A blue square whose alpha falls from 255 on the left to 0 on the right, one step per column. */
  const ramp = makeRgba(256, 8, (x) => [0, 0, 255, 255 - x]);
  const at = (image: Rgba, x: number) => Array.from(image.data.subarray(x * 4, x * 4 + 4));

  it('by default cuts at alpha 128 and keeps the edge colour unblended', async () => {
    const { gif } = await convertImages(core, [input('ramp', ramp)], { quality: 100, dither: 'none' });
    const image = decodeGif(gif).frames[0]!.image;
    expect(at(image, 100)).toEqual([0, 0, 255, 255]); // alpha 155: opaque, still pure blue
    expect(at(image, 200)[3]).toBe(0); // alpha 55
  });

  it('with a matte, by default keeps the whole fade but its faintest pixels, each blended onto the matte', async () => {
    const { gif } = await convertImages(core, [input('ramp', ramp)], {
      quality: 100,
      dither: 'none',
      matte: '#ffffff',
    });
    const image = decodeGif(gif).frames[0]!.image;
    for (let x = 0; x < 256; x++) {
      const alpha = 255 - x;
      const [r, g, b, a] = at(image, x);
      if (alpha < 8) {
        expect(a).toBe(0);
        continue;
      }
      // Blue over white: (255 − α, 255 − α, 255), within the palette's steps.
      expect(a).toBe(255);
      expect(Math.abs(r! - (255 - alpha))).toBeLessThan(12);
      expect(Math.abs(g! - (255 - alpha))).toBeLessThan(12);
      expect(b).toBeGreaterThan(245);
    }
  });

  it('blends what stays onto the matte and moves the cut with the threshold', async () => {
    const { gif } = await convertImages(core, [input('ramp', ramp)], {
      quality: 100,
      dither: 'none',
      matte: '#ffffff',
      alphaThreshold: 40,
    });
    const image = decodeGif(gif).frames[0]!.image;
    expect(at(image, 0)).toEqual([0, 0, 255, 255]);
    const [r, g, b, a] = at(image, 100); // 61 % blue on white ≈ (100, 100, 255)
    expect(a).toBe(255);
    expect(Math.abs(r! - 100)).toBeLessThan(12);
    expect(Math.abs(g! - 100)).toBeLessThan(12);
    expect(b).toBeGreaterThan(245);
    expect(at(image, 200)[3]).toBe(255); // alpha 55 is above the threshold of 40 now
    expect(at(image, 230)[3]).toBe(0); // alpha 25
  });
});

describe('dithered soft edges', () => {
  /** The 8x8 ordered thresholds of the core's -alpha-dither, written out again as this test reads the rule. */
  const BAYER = [
    0, 32, 8, 40, 2, 34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4, 36, 14, 46, 6, 38, 60, 28, 52, 20, 62, 30,
    54, 22, 3, 35, 11, 43, 1, 33, 9, 41, 51, 19, 59, 27, 49, 17, 57, 25, 15, 47, 7, 39, 13, 45, 5, 37, 63, 31, 55, 23,
    61, 29, 53, 21,
  ];
  const staysOpaque = (alpha: number, x: number, y: number) => alpha >= BAYER[(y & 7) * 8 + (x & 7)]! * 4 + 2;
  /** Blue whose alpha falls from 255 on the left to 0 on the right, one step per column of 256. */
  const ramp = (width: number, height: number) =>
    makeRgba(width, height, (x) => [0, 0, 255, 255 - Math.floor((x * 256) / width)]);
  const opaqueShare = (image: Rgba, x0: number, x1: number) => {
    let opaque = 0;
    for (let y = 0; y < image.height; y++)
      for (let x = x0; x < x1; x++) opaque += image.data[(y * image.width + x) * 4 + 3] === 255 ? 1 : 0;
    return opaque / ((x1 - x0) * image.height);
  };
  /** Pixels whose transparency is not the ordered rule's for the source's alpha, and opaque ones not pure blue. */
  const offPattern = (image: Rgba, source: Rgba) => {
    let wrong = 0;
    for (let y = 0; y < image.height; y++)
      for (let x = 0; x < image.width; x++) {
        const i = (y * image.width + x) * 4;
        const opaque = image.data[i + 3] === 255;
        if (opaque !== staysOpaque(source.data[i + 3]!, x, y)) wrong++;
        else if (opaque && (image.data[i] !== 0 || image.data[i + 1] !== 0 || image.data[i + 2] !== 255)) wrong++;
      }
    return wrong;
  };

  it('draws each soft pixel opaque in its own colour or transparent by its place in a fixed pattern, whatever the threshold', async () => {
    const source = ramp(256, 16);
    for (const alphaThreshold of [128, 200]) {
      const { gif } = await convertImages(core, [input('ramp', source)], {
        quality: 100,
        dither: 'none',
        softEdges: 'dither',
        alphaThreshold,
      });
      const image = decodeGif(gif).frames[0]!.image;
      expect(offPattern(image, source)).toBe(0);
      // The share of opaque pixels follows the alpha: three quarters, a half, a quarter.
      expect(opaqueShare(image, 56, 72)).toBeCloseTo(0.75, 1);
      expect(opaqueShare(image, 120, 136)).toBeCloseTo(0.5, 1);
      expect(opaqueShare(image, 184, 200)).toBeCloseTo(0.25, 1);
    }
  });

  it('keeps the pattern still from frame to frame, and on a picture the core scales', async () => {
    const source = ramp(512, 32);
    const frames = [input('a', source, 200), input('b', source, 200)];
    const { gif } = await convertImages(core, frames, { mode: 'animated', softEdges: 'dither' });
    const decoded = decodeGif(gif);
    expect(decoded.frames).toHaveLength(2);
    expect(meanAbsoluteError(decoded.frames[1]!.image, decoded.frames[0]!.image)).toBe(0);
    expect(Array.from(decoded.frames[1]!.image.data)).toEqual(Array.from(decoded.frames[0]!.image.data));

    const halved = decodeGif(
      (
        await convertImages(core, [input('ramp', source)], {
          softEdges: 'dither',
          resize: true,
          width: 256,
          height: 16,
        })
      ).gif,
    ).frames[0]!.image;
    expect(halved.width).toBe(256);
    expect(opaqueShare(halved, 56, 72)).toBeCloseTo(0.75, 1);
    expect(opaqueShare(halved, 184, 200)).toBeCloseTo(0.25, 1);
  });

  it('gives way to a matte', async () => {
    const { gif } = await convertImages(core, [input('ramp', ramp(256, 8))], {
      quality: 100,
      dither: 'none',
      softEdges: 'dither',
      matte: '#ffffff',
    });
    const image = decodeGif(gif).frames[0]!.image;
    // Blended onto white, not dithered: every pixel down to the matte's threshold (alpha 8, column 247) is opaque.
    expect(opaqueShare(image, 0, 248)).toBe(1);
    expect(opaqueShare(image, 248, 256)).toBe(0);
  });
});
