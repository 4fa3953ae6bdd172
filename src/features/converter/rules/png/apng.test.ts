import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import UPNG from 'upng-js';
import { encode as encodeFastPng } from 'fast-png';
import { describe, expect, it } from 'vitest';
import {
  actl,
  apngChunks,
  BLEND,
  buildApng,
  DISPOSE,
  fctl,
  solid,
  readChunks,
  writeChunks,
  type ApngSpec,
  type Chunk,
} from '../../../../../tests/fixtures/apng';
import { encodeInterlaced, encodePng, makeRgba, testPattern, type Rgba } from '../../../../../tests/fixtures/pngs';
import { ApngComposer } from './apng-compose';
import { animationInStart, APNG_LIMITS, isAnimatedPng, parseApng } from './apng-parse';

/** Every frame of an APNG as upng-js (an independent decoder) composites it. */
function upngFrames(bytes: Uint8Array): Uint8Array[] {
  const decoded = UPNG.decode(bytes.slice().buffer);
  return UPNG.toRGBA8(decoded).map((frame) => new Uint8Array(frame));
}

function ourFrames(bytes: Uint8Array): Uint8Array[] {
  const info = parseApng(bytes, 'test.png');
  if (!info) throw new Error('not an APNG');
  const composer = new ApngComposer(info, 'test.png');
  return info.frames.map((_, index) => composer.frame(index));
}

/** Largest per-sample difference. Blending rounds where upng truncates, and a blend over a blend compounds it. */
function maxDifference(a: Uint8Array, b: Uint8Array): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) {
    // Fully transparent pixels: only alpha counts.
    if (a[i - (i % 4) + 3] === 0 && b[i - (i % 4) + 3] === 0) continue;
    max = Math.max(max, Math.abs(a[i]! - b[i]!));
  }
  return max;
}

function expectSameAsUpng(bytes: Uint8Array): void {
  const ours = ourFrames(bytes);
  const theirs = upngFrames(bytes);
  expect(ours.length).toBe(theirs.length);
  ours.forEach((frame, index) =>
    expect(maxDifference(frame, theirs[index]!), `frame ${index + 1}`).toBeLessThanOrEqual(2),
  );
}

/** fast-png's input for RGB or RGBA at 8 bits. */
const fastPngImage = (image: Rgba, channels: 3 | 4) => ({
  width: image.width,
  height: image.height,
  data: channels === 4 ? image.data : image.data.filter((_, i) => i % 4 !== 3),
  channels,
  depth: 8 as const,
});

const W = 24;
const H = 18;
/** Half-transparent and opaque areas, so "over" and "source" differ. */
const backdrop = makeRgba(W, H, (x, y) => [x * 10, y * 12, 90, x < W / 2 ? 255 : 128]);
const patch = makeRgba(10, 8, (x, y) => [250 - x * 20, 40, y * 30, (x + y) % 3 === 0 ? 0 : x < 5 ? 100 : 255]);
const cover = makeRgba(14, 10, (x) => [20, 200, 20, x % 2 ? 60 : 255]);

const pixel = (frame: Uint8Array, x: number, y: number) => [...frame.subarray((y * W + x) * 4, (y * W + x) * 4 + 4)];

describe('APNG compositing, against upng-js', () => {
  for (const [disposeName, dispose] of Object.entries(DISPOSE)) {
    for (const [blendName, blend] of Object.entries(BLEND)) {
      it(`dispose ${disposeName}, blend ${blendName}, on a sub-rectangle`, () => {
        const spec: ApngSpec = {
          width: W,
          height: H,
          frames: [
            { image: backdrop },
            { image: patch, x: 7, y: 5, dispose, blend },
            // Overlaps the patch's region partly, so the disposal of frame 2 shows around it.
            { image: cover, x: 3, y: 1, blend: BLEND.over },
          ],
        };
        const bytes = buildApng(spec);
        expectSameAsUpng(bytes);
        const frames = ourFrames(bytes);
        // Outside the cover, in the patch's region: what the disposal left.
        const inside = pixel(frames[2]!, 16, 12);
        const before = pixel(frames[0]!, 16, 12);
        if (dispose === DISPOSE.background) expect(inside).toEqual([0, 0, 0, 0]);
        else if (dispose === DISPOSE.previous) expect(inside).toEqual(before);
        else expect(inside).toEqual(pixel(frames[1]!, 16, 12));
      });
    }
  }

  const formatSpec = (encode: (image: Rgba) => Uint8Array): ApngSpec => ({
    width: W,
    height: H,
    encode,
    frames: [
      { image: testPattern(W, H) },
      { image: patch, x: 13, y: 9, dispose: DISPOSE.background, blend: BLEND.over },
      { image: cover, x: 2, y: 3 },
    ],
  });

  it('colour types and bit depths', () => {
    for (const encode of [
      (image: Rgba) => encodePng(image, { colorType: 0 }),
      (image: Rgba) => encodePng(image, { colorType: 4, bitDepth: 16 }),
      (image: Rgba) => encodePng(image, { colorType: 2, bitDepth: 16 }),
      (image: Rgba) => encodePng(image, { colorType: 6, bitDepth: 16 }),
    ])
      expectSameAsUpng(buildApng(formatSpec(encode)));
  });

  // upng-js misreads interlaced sub-rectangle frames (swapped channels), so interlaced frames are
  // compared with the same animation written without interlacing, which upng-js reads correctly.
  it('Adam7-interlaced frames', () => {
    for (const channels of [3, 4] as const) {
      const interlaced = ourFrames(buildApng(formatSpec((image) => encodeInterlaced(image, channels))));
      const plain = buildApng(formatSpec((image) => encodeFastPng(fastPngImage(image, channels))));
      expectSameAsUpng(plain);
      expect(interlaced).toEqual(ourFrames(plain));
    }
  });

  for (const name of ['ffmpeg-testsrc2.png', 'ffmpeg-alpha.png']) {
    it(`FFmpeg's apng muxer: ${name}`, () => {
      const bytes = new Uint8Array(readFileSync(join(__dirname, '../../../../../tests/fixtures/apng', name)));
      expectSameAsUpng(bytes);
      const info = parseApng(bytes, name)!;
      expect(info.frames.length).toBeGreaterThan(4);
      // The muxer's sub-rectangle frames are what this fixture is for.
      expect(info.frames.some((f) => f.width < info.header.width)).toBe(true);
    });
  }
});

describe('APNG structure', () => {
  it('reads delays, the play count and a default image that is not part of the animation', () => {
    const bytes = buildApng({
      width: W,
      height: H,
      plays: 3,
      defaultImage: solid(W, H, [255, 0, 0, 255]),
      frames: [
        // A sub-rectangle first frame: the rest of the canvas stays transparent.
        { image: solid(8, 6, [0, 0, 255, 255]), x: 4, y: 2, delay: [3, 20] },
        { image: solid(8, 6, [0, 255, 0, 255]), x: 10, y: 8, delay: [7, 0] },
      ],
    });
    expect(isAnimatedPng(bytes)).toBe(true);
    const info = parseApng(bytes, 'a.png')!;
    expect(info.plays).toBe(3);
    expect(info.defaultIsFirstFrame).toBe(false);
    expect(info.frames.map((f) => f.delayMs)).toEqual([150, 70]);
    const composer = new ApngComposer(info, 'a.png');
    const first = composer.frame(0);
    expect(pixel(first, 5, 3)).toEqual([0, 0, 255, 255]);
    expect(pixel(first, 0, 0)).toEqual([0, 0, 0, 0]);
    const second = composer.frame(1);
    expect(pixel(second, 5, 3)).toEqual([0, 0, 255, 255]);
    expect(pixel(second, 11, 9)).toEqual([0, 255, 0, 255]);
    // Going back restarts the animation and gives the same picture.
    expect(composer.frame(0)).toEqual(first);
    expect(pixel(composer.defaultImage(), 0, 0)).toEqual([255, 0, 0, 255]);
  });

  it('a "previous" disposal after a "background" one restores the cleared region', () => {
    const bytes = buildApng({
      width: W,
      height: H,
      frames: [
        { image: solid(W, H, [200, 200, 200, 255]) },
        { image: solid(6, 6, [255, 0, 0, 255]), x: 2, y: 2, dispose: DISPOSE.background },
        { image: solid(6, 6, [0, 0, 255, 255]), x: 2, y: 2, dispose: DISPOSE.previous },
        { image: solid(1, 1, [0, 255, 0, 255]), x: 20, y: 15 },
      ],
    });
    const frames = ourFrames(bytes);
    expect(pixel(frames[2]!, 3, 3)).toEqual([0, 0, 255, 255]);
    // Frame 3 is undone: its region shows the background frame 2 cleared.
    expect(pixel(frames[3]!, 3, 3)).toEqual([0, 0, 0, 0]);
    expect(pixel(frames[3]!, 10, 10)).toEqual([200, 200, 200, 255]);
  });

  it('a still PNG is not an animation', () => {
    const still = encodePng(testPattern(8, 8));
    expect(isAnimatedPng(still)).toBe(false);
    expect(parseApng(still, 'still.png')).toBeNull();
  });
});

describe('animationInStart: the answer from the start of a file', () => {
  const animated = buildApng({
    width: 64,
    height: 48,
    frames: [{ image: testPattern(64, 48) }, { image: solid(64, 48, [0, 0, 255, 255]) }],
  });
  const still = encodePng(testPattern(64, 48));
  const idatAt = (png: Uint8Array) => Buffer.from(png).indexOf('IDAT') - 4;
  /** A tEXt chunk of `bytes` bytes put right after IHDR. */
  const withText = (png: Uint8Array, bytes: number) => {
    const [ihdr, ...rest] = readChunks(png);
    return writeChunks([ihdr!, { type: 'tEXt', data: new Uint8Array(bytes).fill(0x41) }, ...rest]);
  };

  it('answers from the chunk headers, even with the first IDAT cut short', () => {
    expect(idatAt(animated)).toBeGreaterThan(0);
    expect(animationInStart(animated.subarray(0, idatAt(animated) + 10))).toBe(true);
    expect(animationInStart(still.subarray(0, idatAt(still) + 10))).toBe(false);
    expect(animationInStart(animated)).toBe(true);
    expect(animationInStart(still)).toBe(false);
  });

  it('says it cannot tell when the start ends before the image data', () => {
    const big = withText(animated, 100_000);
    expect(animationInStart(big.subarray(0, 64 * 1024))).toBeNull();
    expect(animationInStart(big.subarray(0, 200_000))).toBe(true);
    expect(isAnimatedPng(big)).toBe(true);
    expect(animationInStart(still.subarray(0, 20))).toBeNull();
  });

  it('is no animation when the file is not a PNG', () => {
    expect(animationInStart(new TextEncoder().encode('GIF89a, not a PNG at all'))).toBe(false);
    expect(isAnimatedPng(still.subarray(0, 20))).toBe(false);
  });
});

/** Malformed files: each edit of a valid chunk list and the reason it must give. */
const base: ApngSpec = {
  width: W,
  height: H,
  frames: [{ image: backdrop }, { image: patch, x: 2, y: 2 }, { image: cover, x: 1, y: 1 }],
};
const edit = (change: (chunks: Chunk[]) => Chunk[]) => writeChunks(change(apngChunks(base)));
const indexOf = (chunks: Chunk[], type: string, nth = 0) =>
  chunks.map((c, i) => (c.type === type ? i : -1)).filter((i) => i >= 0)[nth]!;

const MALFORMED: { name: string; bytes: () => Uint8Array; reason: RegExp }[] = [
  {
    name: 'a skipped sequence number',
    bytes: () =>
      edit((chunks) => {
        const i = indexOf(chunks, 'fcTL', 1);
        chunks[i] = fctl(5, base.frames[1]!);
        return chunks;
      }),
    reason: /fcTL sequence number 5 where 1 was expected/,
  },
  {
    name: 'a frame outside the canvas',
    bytes: () =>
      edit((chunks) => {
        chunks[indexOf(chunks, 'fcTL', 1)] = fctl(1, { ...base.frames[1]!, x: W - 3 });
        return chunks;
      }),
    reason: /frame 2 \(10x8 at 21,2\) lies outside the 24x18 canvas/,
  },
  {
    name: 'a CRC error in fdAT',
    bytes: () =>
      edit((chunks) => {
        chunks[indexOf(chunks, 'fdAT')]!.badCrc = true;
        return chunks;
      }),
    reason: /bad CRC in fdAT chunk/,
  },
  {
    name: 'fewer frames than acTL declares',
    bytes: () => edit((chunks) => chunks.map((c) => (c.type === 'acTL' ? actl(4, 0) : c))),
    reason: /acTL declares 4 frames but the file has 3/,
  },
  {
    name: 'more frames than the limit',
    bytes: () => edit((chunks) => chunks.map((c) => (c.type === 'acTL' ? actl(APNG_LIMITS.maxFrames + 1, 0) : c))),
    reason: /1001 frames, more than the 1000 an animation may have/,
  },
  {
    name: 'a frame without image data',
    bytes: () => edit((chunks) => chunks.filter((_, i) => i !== indexOf(chunks, 'fdAT'))),
    reason: /fcTL sequence number 3 where 2 was expected/,
  },
  {
    name: 'a first frame smaller than the image while it is the IDAT',
    bytes: () =>
      edit((chunks) => {
        chunks[indexOf(chunks, 'fcTL')] = fctl(0, { image: patch });
        return chunks;
      }),
    reason: /the first frame does not cover the whole image/,
  },
  {
    name: 'an unknown dispose_op',
    bytes: () =>
      edit((chunks) => {
        chunks[indexOf(chunks, 'fcTL', 2)] = fctl(3, { ...base.frames[2]!, dispose: 7 });
        return chunks;
      }),
    reason: /frame 3 has an unknown dispose_op 7/,
  },
  {
    name: 'acTL after the image data',
    bytes: () =>
      edit((chunks) => {
        const ac = chunks.splice(indexOf(chunks, 'acTL'), 1);
        chunks.splice(indexOf(chunks, 'IDAT') + 1, 0, ...ac);
        return chunks;
      }),
    reason: /acTL chunk after the image data/,
  },
];

describe('malformed APNGs give "Failed to load image" with a reason', () => {
  for (const { name, bytes, reason } of MALFORMED) {
    it(name, () => {
      expect(() => parseApng(bytes(), 'bad.png')).toThrow(/^Failed to load image: bad\.png \(/);
      expect(() => parseApng(bytes(), 'bad.png')).toThrow(reason);
    });
  }

  it('corrupt compressed data in a frame fails when that frame is composited', () => {
    const bytes = edit((chunks) => {
      const fdat = chunks[indexOf(chunks, 'fdAT')]!;
      fdat.data = Uint8Array.from([...fdat.data.subarray(0, 4), 0x78, 0x9c, 0xff, 0xff, 0xff, 0xff]);
      return chunks;
    });
    const composer = new ApngComposer(parseApng(bytes, 'bad.png')!, 'bad.png');
    expect(composer.frame(0).length).toBe(W * H * 4);
    expect(() => composer.frame(1)).toThrow(/^Failed to load image: bad\.png \(frame 2: /);
  });
});
