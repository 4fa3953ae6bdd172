import { beforeAll, describe, expect, it } from 'vitest';
import { applyTiming } from '@/features/converter/rules/gif/bytes';
import { gifAsMapped } from '@/features/converter/rules/gif/optimiser';
import { readIndexedFrames } from '@/features/converter/rules/gif/indexed-frames';
import { frameArgument } from '@/features/converter/rules/plan/plan';
import { photoLike } from '../fixtures/content';
import { makeRgba, type Rgba } from '../fixtures/pngs';
import { decodeGif, meanAbsoluteError } from '../support/gif';
import { loadNodeCore, type NodeCore } from '../support/node-core';
import { lzw } from '../support/node-lzw';

/**
 * The engine core's driver (wasm-assets/core/driver/gif-core.c) on its own: what the plan does not use
 * yet (placement with scaling), its outputs (GIF, palette, indices) and what a loaded core must survive
 * (many jobs, bad arguments).
 */
let core: NodeCore;
beforeAll(async () => {
  core = await loadNodeCore();
});

const GRAPH =
  'split[a][b];[a]palettegen=max_colors=256:reserve_transparent=1:stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a:alpha_threshold=128';

async function run(args: string[]): Promise<{ code: number; log: string[] }> {
  const log: string[] = [];
  const unsubscribe = core.onLog((line) => log.push(line));
  const code = await core.exec(args);
  unsubscribe();
  return { code, log };
}

const frame = (
  file: string,
  image: Rgba,
  place = { x: 0, y: 0, width: image.width, height: image.height },
  delay = 10,
) => ['-frame', frameArgument(file, image, place, delay)];

describe('engine core driver', () => {
  it('runs the same job 20 times in one instance with identical output and a flat heap', async () => {
    const images = [0, 1, 2].map((i) => photoLike(160, 120, i + 1));
    for (const [i, image] of images.entries()) await core.writeFile(`f${i}.rgba`, image.data.slice());
    const args = ['-canvas', '160x120', ...images.flatMap((image, i) => frame(`f${i}.rgba`, image)), '-filter', GRAPH];
    const outputs: Uint8Array[] = [];
    const heap: number[] = [];
    for (let i = 0; i < 20; i++) {
      const { code } = await run([...args, '-loop', '0', '-o', 'out.gif']);
      expect(code).toBe(0);
      outputs.push(await core.readFile('out.gif'));
      await core.deleteFile('out.gif');
      heap.push(core.heapInUse());
    }
    expect(outputs.every((gif) => gif.length === outputs[0]!.length && gif.every((b, i) => b === outputs[0]![i]))).toBe(
      true,
    );
    // Nothing stays allocated from one job to the next.
    expect(new Set(heap.slice(1)).size).toBe(1);
    expect(heap[19]).toBe(heap[0]);
    for (let i = 0; i < 3; i++) await core.deleteFile(`f${i}.rgba`);
  });

  it('scales a frame into its placement with lanczos, transparent around it', async () => {
    const big = photoLike(400, 300, 7);
    await core.writeFile('big.rgba', big.data.slice());
    const { code, log } = await run([
      '-canvas', '200x200', ...frame('big.rgba', big, { x: 0, y: 25, width: 200, height: 150 }),
      '-filter', GRAPH, '-o', 'placed.gif',
    ]); // prettier-ignore
    expect(code, log.join('\n')).toBe(0);
    const decoded = decodeGif(await core.readFile('placed.gif'));
    expect([decoded.width, decoded.height]).toEqual([200, 200]);
    const image = decoded.frames[0]!.image;
    const alpha = (x: number, y: number) => image.data[(y * 200 + x) * 4 + 3];
    expect([alpha(100, 10), alpha(100, 190)]).toEqual([0, 0]);
    expect(alpha(100, 100)).toBe(255);
    // The placed area resembles the source halved (2×2 averages).
    const half = makeRgba(200, 150, (x, y) => {
      const at = (dx: number, dy: number, c: number) => big.data[((2 * y + dy) * 400 + 2 * x + dx) * 4 + c]!;
      const mean = (c: number) => (at(0, 0, c) + at(1, 0, c) + at(0, 1, c) + at(1, 1, c)) / 4;
      return [mean(0), mean(1), mean(2), 255];
    });
    const placed = makeRgba(200, 150, (x, y) => {
      const i = ((y + 25) * 200 + x) * 4;
      return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, image.data[i + 3]!];
    });
    expect(meanAbsoluteError(placed, half)).toBeLessThan(12);
    await core.deleteFile('big.rgba');
    await core.deleteFile('placed.gif');
  });

  it('makes a palette once and encodes runs with it', async () => {
    const image = photoLike(160, 120, 3);
    await core.writeFile('p.rgba', image.data.slice());
    const frames = frame('p.rgba', image);
    expect(
      (await run(['-canvas', '160x120', ...frames, '-filter', 'palettegen', '-palette-out', 'pal.pal'])).code,
    ).toBe(0);
    expect((await core.readFile('pal.pal')).length).toBe(16 * 16 * 4);
    const { code } = await run([
      '-canvas', '160x120', ...frames, '-palette-in', 'pal.pal', '-filter', '[frames][palette]paletteuse', '-o', 'run.gif',
    ]); // prettier-ignore
    expect(code).toBe(0);
    expect(meanAbsoluteError(decodeGif(await core.readFile('run.gif')).frames[0]!.image, image)).toBeLessThan(6);
    for (const file of ['p.rgba', 'pal.pal', 'run.gif']) await core.deleteFile(file);
  });

  it('diffuses every share of the error: a slow ramp on 17 greys keeps its tone block by block', async () => {
    // Greys 15 levels apart (palettegen's 16x16 layout, repeated to fill it) and a ramp that climbs one
    // level every pixel or so: most errors are a few levels, whose shares upstream FFmpeg rounded to 0.
    const palette = makeRgba(16, 16, (x, y) => {
      const grey = ((y * 16 + x) % 17) * 15;
      return [grey, grey, grey, 255];
    });
    const ramp = makeRgba(256, 32, (x) => {
      const grey = Math.round((x * 240) / 255);
      return [grey, grey, grey, 255];
    });
    await core.writeFile('greys.pal', palette.data.slice());
    await core.writeFile('ramp.rgba', ramp.data.slice());
    /** Mean luma error of 8x8 block averages below the first row of blocks (where no error comes from above). */
    const blockError = (shown: Rgba) => {
      let total = 0;
      let blocks = 0;
      for (let y = 8; y + 8 <= ramp.height; y += 8) {
        for (let x = 0; x + 8 <= ramp.width; x += 8, blocks++) {
          let diff = 0;
          for (let v = y; v < y + 8; v++)
            for (let u = x; u < x + 8; u++) diff += shown.data[(v * 256 + u) * 4]! - ramp.data[(v * 256 + u) * 4]!;
          total += Math.abs(diff / 64);
        }
      }
      return total / blocks;
    };
    // Upstream's shares: sierra2_4a 0.54 levels, Atkinson 3.71 (contour bands); exact: 0.22 and 0.99
    // (Atkinson passes on 6/8 of the error by design).
    for (const [dither, limit] of [
      ['sierra2_4a', 0.35],
      ['atkinson', 1.5],
    ] as const) {
      const { code } = await run([
        '-canvas', '256x32', ...frame('ramp.rgba', ramp), '-palette-in', 'greys.pal',
        '-filter', `[frames][palette]paletteuse=dither=${dither}`, '-o', 'ramp.gif',
      ]); // prettier-ignore
      expect(code).toBe(0);
      const shown = decodeGif(await core.readFile('ramp.gif')).frames[0]!.image;
      expect(shown.data.every((v, i) => i % 4 === 3 || v % 15 === 0)).toBe(true); // only the palette's greys
      expect(blockError(shown)).toBeLessThan(limit);
    }
    for (const file of ['greys.pal', 'ramp.rgba', 'ramp.gif']) await core.deleteFile(file);
  });

  it('maps each frame of an animation as it maps that frame alone, whatever changed since the last', async () => {
    // A still picture with a square that moves (most pixels unchanged), a half-transparent corner, then a
    // pan (most pixels changed), then the pan again with one pixel changed.
    const photo = photoLike(160, 96, 7);
    const at = (image: Rgba, x: number, y: number): [number, number, number, number] => {
      const i = (y * image.width + x) * 4;
      return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, image.data[i + 3]!];
    };
    const scene = (square: number, pan: number) =>
      makeRgba(128, 80, (x, y) => {
        if (x >= square && x < square + 12 && y >= 30 && y < 42) return [250, 40, 90, 255];
        if (x < 10 && y < 10) return [20, 200, 240, x < 5 ? 0 : 255];
        return at(photo, x + pan, y + pan / 2);
      });
    const images = [scene(10, 0), scene(40, 0), scene(70, 0), scene(70, 24), scene(70, 24)];
    const last = images[4]!.data;
    last[(50 * 128 + 100) * 4] = 255 - last[(50 * 128 + 100) * 4]!;
    const palette = makeRgba(16, 16, (x, y) => [x * 17, y * 17, ((x + y) * 8) % 256, 255]);
    await core.writeFile('any.pal', palette.data.slice());
    for (const [i, image] of images.entries()) await core.writeFile(`s${i}.rgba`, image.data.slice());
    const indicesOf = async (numbers: number[], dither: string) => {
      const frames = numbers.flatMap((i) => frame(`s${i}.rgba`, images[i]!));
      const graph = `[frames][palette]paletteuse=dither=${dither}:alpha_threshold=128`;
      const { code, log } = await run([
        '-canvas', '128x80', ...frames, '-palette-in', 'any.pal', '-filter', graph, '-indices-out', 's.idx',
      ]); // prettier-ignore
      expect(code, log.join('\n')).toBe(0);
      const file = readIndexedFrames([await core.readFile('s.idx')], {
        delaysCs: numbers.map(() => 10),
        loopCount: 0,
        transparent: true,
      });
      return file.frames.map((f) => f.indices!);
    };
    for (const dither of ['none', 'bayer:bayer_scale=3', 'sierra2_4a']) {
      const together = await indicesOf([0, 1, 2, 3, 4], dither);
      const alone: Uint8Array[] = [];
      for (const i of images.keys()) alone.push((await indicesOf([i], dither))[0]!);
      expect(together, dither).toEqual(alone);
    }
    for (const file of ['any.pal', 's.idx', ...images.map((_, i) => `s${i}.rgba`)]) await core.deleteFile(file);
  });

  it('hands the mapped frames over as palette indices: whole frames, the palette with its transparent entry', async () => {
    const ball = (shift: number) =>
      makeRgba(64, 48, (x, y) => ((x - 20 - shift) ** 2 + (y - 24) ** 2 < 100 ? [230, 80 + x, 40, 255] : [0, 0, 0, 0]));
    const images = [ball(0), ball(12)];
    for (const [i, image] of images.entries()) await core.writeFile(`b${i}.rgba`, image.data.slice());
    const frames = images.flatMap((image, i) => frame(`b${i}.rgba`, image));
    const { code, log } = await run(['-canvas', '64x48', ...frames, '-filter', GRAPH, '-indices-out', 'b.idx']);
    expect(code, log.join('\n')).toBe(0);
    expect(log.filter((line) => /^frame=\d+$/.test(line))).toEqual(['frame=1', 'frame=2']);
    const file = readIndexedFrames([await core.readFile('b.idx')], {
      delaysCs: [10, 20],
      loopCount: 0,
      transparent: true,
    });
    expect([file.width, file.height, file.frames.length]).toEqual([64, 48, 2]);
    file.frames.forEach((f, n) => {
      expect([f.left, f.top, f.width, f.height, f.delayCs, f.disposal]).toEqual([0, 0, 64, 48, [10, 20][n], 2]);
      expect(f.transparentIndex).not.toBeNull();
      // Each pixel's index shows the picture's colour: transparent where it was clear.
      const palette = f.localPalette!;
      const shown = makeRgba(64, 48, (x, y) => {
        const index = f.indices![y * 64 + x]!;
        if (index === f.transparentIndex) return [0, 0, 0, 0];
        return [palette[index * 3]!, palette[index * 3 + 1]!, palette[index * 3 + 2]!, 255];
      });
      expect(meanAbsoluteError(shown, images[n]!)).toBeLessThan(3);
    });
    // The same job to a GIF decodes to the same pictures.
    expect((await run(['-canvas', '64x48', ...frames, '-filter', GRAPH, '-o', 'b.gif'])).code).toBe(0);
    const gif = decodeGif(applyTiming(await core.readFile('b.gif'), { delaysCs: [10, 20], loopCount: 0 }));
    const written = decodeGif(gifAsMapped(lzw, file));
    expect(written.frames.map((f) => f.image.data)).toEqual(gif.frames.map((f) => f.image.data));
    // A graph that does not end in paletteuse has no indices to give.
    const wrong = await run(['-canvas', '64x48', ...frames, '-filter', 'null', '-indices-out', 'w.idx']);
    expect(wrong.code).toBe(1);
    expect(wrong.log.some((line) => /^error: -indices-out needs a graph that ends in paletteuse/.test(line))).toBe(
      true,
    );
    expect(core.listFiles()).not.toContain('w.idx');
    for (const name of ['b0.rgba', 'b1.rgba', 'b.idx', 'b.gif']) await core.deleteFile(name);
  });

  it('keeps the placed frames of a palette run (-keep-placed): an encode of them is the encode that scales', async () => {
    const big = photoLike(400, 300, 9);
    await core.writeFile('k.rgba', big.data.slice());
    const place = frame('k.rgba', big, { x: 0, y: 25, width: 200, height: 150 });
    const encode = (frames: string[], out: string) =>
      run([
        '-canvas',
        '200x200',
        ...frames,
        '-palette-in',
        'kp.pal',
        '-filter',
        '[frames][palette]paletteuse',
        '-o',
        out,
      ]);
    const palette = await run([
      '-canvas',
      '200x200',
      ...place,
      '-keep-placed',
      '1',
      '-filter',
      'palettegen',
      '-palette-out',
      'kp.pal',
    ]);
    expect(palette.code, palette.log.join('\n')).toBe(0);
    // The file now holds the frame as the graph got it: the canvas's size, scaled and placed.
    const kept = await core.readFile('k.rgba');
    expect(kept.length).toBe(200 * 200 * 4);
    expect([kept[3], kept[(100 * 200 + 100) * 4 + 3]]).toEqual([0, 255]);
    expect((await encode(frame('k.rgba', { width: 200, height: 200, data: kept }), 'kept.gif')).code).toBe(0);
    await core.writeFile('k.rgba', big.data.slice());
    expect((await encode(place, 'scaled.gif')).code).toBe(0);
    expect(await core.readFile('kept.gif')).toEqual(await core.readFile('scaled.gif'));
    for (const name of ['k.rgba', 'kp.pal', 'kept.gif', 'scaled.gif']) await core.deleteFile(name);
  });

  it('fails cleanly with an error line, leaves no output, and the next job works', async () => {
    const image = photoLike(40, 30, 1);
    await core.writeFile('ok.rgba', image.data.slice());
    const cases: [string[], RegExp][] = [
      [['-canvas', '40x30', ...frame('missing.rgba', image), '-filter', GRAPH, '-o', 'x.gif'], /^error: cannot open missing\.rgba/],
      [['-canvas', '40x30', ...frame('ok.rgba', image), '-filter', 'nosuchfilter', '-o', 'x.gif'], /^error: invalid filter graph/],
      [['-canvas', '40x30', '-frame', 'ok.rgba,41,30,0,0,41,30,5', '-filter', GRAPH, '-o', 'x.gif'], /^error: ok\.rgba does not hold/],
      [['-canvas', '40x30', ...frame('ok.rgba', image), '-filter', GRAPH, '-o', 'x.gif', '-bogus', '1'], /^error: unknown option -bogus/],
      [['-canvas', '40x30', ...frame('ok.rgba', image), '-keep-placed', 'yes', '-filter', GRAPH, '-o', 'x.gif'], /^error: invalid -keep-placed 'yes'/],
    ]; // prettier-ignore
    for (const [args, message] of cases) {
      const { code, log } = await run(args);
      expect(code).toBe(1);
      expect(log.some((line) => message.test(line))).toBe(true);
      expect(core.listFiles()).not.toContain('x.gif');
    }
    const { code } = await run(['-canvas', '40x30', ...frame('ok.rgba', image), '-filter', GRAPH, '-o', 'x.gif']);
    expect(code).toBe(0);
    await core.deleteFile('x.gif');
    await core.deleteFile('ok.rgba');
  });
});
