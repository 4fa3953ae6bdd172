import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversionProgress } from '@/features/converter/engine/contracts';
import { readGifInfo } from '@/features/converter/engine/gif-bytes';
import { DEFAULT_SETTINGS } from '@/features/converter/engine/settings';
import { EncoderError, runConversionJob } from '@/features/converter/worker/conversion-job';
import { withHole } from '../fixtures/catalogue';
import { flatUi, gradient, numberedFrame, photoLike } from '../fixtures/content';
import { makeRgba, testPattern, type Rgba } from '../fixtures/pngs';
import { decodeGif, meanAbsoluteError } from '../support/gif';
import { loadNodeFFmpeg, type NodeFFmpeg } from '../support/node-ffmpeg';
import { convertImages } from '../support/node-engine';
import { lumaSsim } from '../support/similarity';

let ffmpeg: NodeFFmpeg;
beforeAll(async () => {
  ffmpeg = await loadNodeFFmpeg();
});

const input = (name: string, image: Rgba, delayMs?: number) => ({ name, image, ...(delayMs ? { delayMs } : {}) });
const alphaAt = (image: Rgba, x: number, y: number) => image.data[(y * image.width + x) * 4 + 3];

describe('static GIF', () => {
  it('one PNG becomes a one-frame GIF of its size that resembles it', async () => {
    const image = testPattern(160, 120);
    const { gif, plan } = await convertImages(ffmpeg, [input('a.png', image)], { quality: 100, dither: 'none' });
    const decoded = decodeGif(gif);
    expect(decoded.frames).toHaveLength(1);
    expect([decoded.width, decoded.height]).toEqual([160, 120]);
    expect(meanAbsoluteError(decoded.frames[0]!.image, image)).toBeLessThan(4);
    expect(plan.fileName).toMatch(/^converted_\d+\.gif$/);
    // Its smooth ramps are dithered by default, which adds a little per-pixel error but no bands.
    const dithered = await convertImages(ffmpeg, [input('a.png', image)], { quality: 100 });
    expect(meanAbsoluteError(decodeGif(dithered.gif).frames[0]!.image, image)).toBeLessThan(8);
  });

  it('static mode with several files converts the first one only', async () => {
    const { gif } = await convertImages(ffmpeg, [
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
    const { gif } = await convertImages(ffmpeg, frames, { mode: 'animated', frameDelay: 200, loop: true });
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
    const { gif } = await convertImages(ffmpeg, frames, { mode: 'animated', frameDelay: 500, loop: false });
    const decoded = decodeGif(gif);
    expect(decoded.loopCount).toBeNull();
    expect(decoded.frames.map((f) => f.delayCs)).toEqual([50, 50, 50]);
  });

  it('honours per-frame delays and keeps identical consecutive frames', async () => {
    const same = numberedFrame(32, 32, 4);
    const { gif } = await convertImages(
      ffmpeg,
      [input('a', same, 50), input('b', same, 120), input('c', numberedFrame(32, 32, 5), 2000)],
      { mode: 'animated' },
    );
    expect(readGifInfo(gif).frames.map((f) => f.delayCs)).toEqual([5, 12, 200]);
  });

  it('fits frames of other sizes into the first frame’s canvas, centred, never stretched', async () => {
    const square = makeRgba(100, 100, () => [30, 200, 30, 255]);
    const { gif } = await convertImages(
      ffmpeg,
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
    const { gif } = await convertImages(ffmpeg, [input('big', testPattern(2400, 600))]);
    expect(readGifInfo(gif)).toMatchObject({ width: 1920, height: 480 });
  });
  it('honours resize with the aspect ratio kept or not', async () => {
    const kept = await convertImages(ffmpeg, [input('a', testPattern(400, 300))], {
      resize: true,
      width: 200,
      height: 100,
    });
    expect(readGifInfo(kept.gif)).toMatchObject({ width: 133, height: 100 });
    const exact = await convertImages(ffmpeg, [input('a', testPattern(400, 300))], {
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
    const { gif } = await convertImages(ffmpeg, [input('hole', image)], { quality: 100 });
    const frame = decodeGif(gif).frames[0]!.image;
    expect(alphaAt(frame, 30, 22)).toBe(0);
    expect(alphaAt(frame, 2, 2)).toBe(255);
    expect(meanAbsoluteError(frame, image)).toBeLessThan(4);
  });

  it('shows the page, not the previous frame, through a later frame’s transparent pixels', async () => {
    const { gif } = await convertImages(
      ffmpeg,
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
      sizes.push((await convertImages(ffmpeg, [input('x', image)], { quality })).gif.length);
    }
    sizes.slice(1).forEach((size, i) => expect(size).toBeLessThanOrEqual(sizes[i]!));
  });

  it('photo: similarity rises with quality and the file shrinks as it falls', async () => {
    const image = contents.photo;
    const results = [];
    for (const quality of [10, 50, 80, 100]) {
      const { gif } = await convertImages(ffmpeg, [input('photo', image)], { quality });
      results.push({ quality, bytes: gif.length, ssim: lumaSsim(decodeGif(gif).frames[0]!.image, image) });
    }
    const [q10, q50, q80, q100] = results as [
      (typeof results)[0],
      (typeof results)[0],
      (typeof results)[0],
      (typeof results)[0],
    ];
    expect(q100.ssim).toBeGreaterThan(0.95);
    expect(q80.ssim).toBeGreaterThan(0.92);
    expect(q50.ssim).toBeGreaterThan(0.85);
    expect(q10.ssim).toBeGreaterThan(0.65);
    expect([q10.ssim, q50.ssim, q80.ssim, q100.ssim]).toEqual([q10.ssim, q50.ssim, q80.ssim, q100.ssim].toSorted());
    expect(q10.bytes).toBeLessThan(q50.bytes);
    expect(q50.bytes).toBeLessThan(q80.bytes);
    expect(q80.bytes).toBeLessThan(q100.bytes);
  });

  it('dithers a smooth gradient by default, and follows the override', async () => {
    const image = contents.gradient;
    const auto = await convertImages(ffmpeg, [input('g', image)]);
    const none = await convertImages(ffmpeg, [input('g', image)], { dither: 'none' });
    expect(auto.plan.palette.dither).toBe('bayer');
    expect(none.plan.palette.dither).toBe('none');
    // Dithering spreads colours over many more distinct pixel patterns: the file is clearly bigger.
    expect(auto.gif.length).toBeGreaterThan(none.gif.length * 1.5);
    const photo = await convertImages(ffmpeg, [input('p', contents.photo)]);
    expect(photo.plan.palette.dither).toBe('none');
  });
});

describe('progress, cleanup and failures', () => {
  it('passes the milestones in order, never backwards, with frame progress while processing', async () => {
    const seen: ConversionProgress[] = [];
    const frames = Array.from({ length: 6 }, (_, i) => input(`f${i}`, numberedFrame(320, 240, i)));
    await convertImages(ffmpeg, frames, { mode: 'animated' }, (p) => seen.push(p));
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
    await convertImages(ffmpeg, [frames[0]!], {}, (p) => single.push(p.progress));
    expect([10, 50, 90, 100].every((m) => single.includes(m))).toBe(true);
  });

  it('leaves nothing in the engine’s file system after a job', async () => {
    await convertImages(ffmpeg, [input('a', testPattern(20, 20)), input('b', testPattern(20, 20))], {
      mode: 'animated',
    });
    expect(ffmpeg.listFiles()).toEqual([]);
  });

  it('reports an encoder failure with its reason, cleans up, and the next job works', async () => {
    const failing = {
      ...ffmpeg,
      exec: (args: string[]) => ffmpeg.exec([...args.slice(0, -1), '-frames:v', 'x', 'output.gif']),
    };
    await expect(convertImages(failing, [input('a', testPattern(20, 20))])).rejects.toThrow(EncoderError);
    await expect(convertImages(failing, [input('a', testPattern(20, 20))])).rejects.toThrow(
      /The GIF encoder failed \(exit code/,
    );
    expect(ffmpeg.listFiles()).toEqual([]);
    const { gif } = await convertImages(ffmpeg, [input('a', testPattern(20, 20))]);
    expect(readGifInfo(gif).width).toBe(20);
  });

  it('a frame that cannot be read fails the job and cleans up what was written', async () => {
    const job = runConversionJob(ffmpeg, {
      settings: { ...DEFAULT_SETTINGS, mode: 'animated' },
      sources: [
        { name: 'a.png', width: 20, height: 20 },
        { name: 'b.png', width: 20, height: 20 },
      ],
      readFrame: async (frame, canvas) => {
        if (frame.name === 'b.png') throw new Error('Failed to load image: b.png');
        return new Uint8Array(canvas.width * canvas.height * 4);
      },
    });
    await expect(job).rejects.toThrow('Failed to load image: b.png');
    expect(ffmpeg.listFiles()).toEqual([]);
  });
});
