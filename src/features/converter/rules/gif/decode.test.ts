import { GifReader, GifWriter } from 'omggif';
import { describe, expect, it } from 'vitest';
import { decodeGif } from './decode';

/** A deterministic pseudo-random sequence, so failures reproduce. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

interface FrameSpec {
  x: number;
  y: number;
  width: number;
  height: number;
  pixels: number[];
  disposal?: number;
  transparent?: number;
  delay?: number;
  palette?: number[];
}

function writeGif(width: number, height: number, palette: number[], frames: FrameSpec[]): Uint8Array {
  const buffer = new Uint8Array(1 << 20);
  const writer = new GifWriter(buffer, width, height, { palette, loop: 0 });
  for (const frame of frames) {
    writer.addFrame(frame.x, frame.y, frame.width, frame.height, frame.pixels, {
      delay: frame.delay ?? 5,
      disposal: frame.disposal ?? 0,
      ...(frame.transparent === undefined ? {} : { transparent: frame.transparent }),
      ...(frame.palette ? { palette: frame.palette } : {}),
    });
  }
  return buffer.slice(0, writer.end());
}

/** omggif's reader composed the way browsers compose: the reference our decoder must match. */
function referenceFrames(bytes: Uint8Array): { rgba: Uint8Array; delayCs: number }[] {
  const reader = new GifReader(bytes);
  const screen = new Uint8Array(reader.width * reader.height * 4);
  const frames = [];
  for (let i = 0; i < reader.numFrames(); i++) {
    const info = reader.frameInfo(i);
    const before = info.disposal === 3 ? screen.slice() : null;
    reader.decodeAndBlitFrameRGBA(i, screen);
    frames.push({ rgba: screen.slice(), delayCs: info.delay });
    if (info.disposal === 2) {
      for (let y = info.y; y < info.y + info.height; y++)
        screen.fill(0, (y * reader.width + info.x) * 4, (y * reader.width + info.x + info.width) * 4);
    } else if (before) screen.set(before);
  }
  return frames;
}

const sameBytes = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.prototype.every.call(a, (value: number, index: number) => value === b[index]);

const palette = (size: number, random: () => number) =>
  Array.from({ length: size }, () => Math.floor(random() * 0xffffff));

describe('decodeGif', () => {
  it('matches a reference decoder on frames with offsets, transparency, local palettes and every disposal', () => {
    const random = sequence(7);
    const frames: FrameSpec[] = [0, 1, 2, 3, 1, 2].map((disposal, index) => {
      const width = 5 + Math.floor(random() * 20);
      const height = 4 + Math.floor(random() * 15);
      return {
        x: Math.floor(random() * (32 - width)),
        y: Math.floor(random() * (24 - height)),
        width,
        height,
        pixels: Array.from({ length: width * height }, () => Math.floor(random() * 16)),
        disposal,
        delay: 3 + index,
        ...(index % 2 === 1 ? { transparent: 3 } : {}),
        ...(index === 4 ? { palette: palette(16, random) } : {}),
      };
    });
    const bytes = writeGif(32, 24, palette(16, random), frames);
    const decoded = decodeGif(bytes);
    const reference = referenceFrames(bytes);
    expect(decoded.width).toBe(32);
    expect(decoded.height).toBe(24);
    expect(decoded.frames.map((f) => f.delayCs)).toEqual([3, 4, 5, 6, 7, 8]);
    decoded.frames.forEach((frame, index) => expect(sameBytes(frame.rgba, reference[index]!.rgba)).toBe(true));
  });

  it('decodes a large noisy frame whose LZW table fills up and is cleared (12-bit codes)', () => {
    const random = sequence(3);
    const pixels = Array.from({ length: 300 * 200 }, () => Math.floor(random() * 256));
    const bytes = writeGif(300, 200, palette(256, random), [{ x: 0, y: 0, width: 300, height: 200, pixels }]);
    expect(sameBytes(decodeGif(bytes).frames[0]!.rgba, referenceFrames(bytes)[0]!.rgba)).toBe(true);
  });

  it('puts the rows of an interlaced frame in their place', () => {
    const width = 3;
    const height = 10;
    const rows = Array.from({ length: height }, (_, row) => row % 4);
    // Rows written in interlaced order (0, 8, 4, 2, 6, 1, 3, 5, 7, 9), then the interlace flag is set.
    const order = [0, 8, 4, 2, 6, 1, 3, 5, 7, 9];
    const pixels = order.flatMap((row) => Array<number>(width).fill(rows[row]!));
    const bytes = writeGif(
      width,
      height,
      [0x000000, 0xff0000, 0x00ff00, 0x0000ff],
      [{ x: 0, y: 0, width, height, pixels }],
    );
    const descriptor = bytes.indexOf(0x2c, 13 + 12);
    bytes[descriptor + 9]! |= 0x40;
    const rgba = decodeGif(bytes).frames[0]!.rgba;
    const red = (row: number) => rgba[row * width * 4]!;
    const green = (row: number) => rgba[row * width * 4 + 1]!;
    for (let row = 0; row < height; row++) {
      expect(red(row)).toBe(rows[row] === 1 ? 255 : 0);
      expect(green(row)).toBe(rows[row] === 2 ? 255 : 0);
    }
  });

  it('keeps the frames it could read from a file cut short or followed by garbage', () => {
    const bytes = writeGif(
      4,
      2,
      [0x000000, 0xff0000],
      [
        { x: 0, y: 0, width: 4, height: 2, pixels: Array<number>(8).fill(1) },
        { x: 0, y: 0, width: 4, height: 2, pixels: Array<number>(8).fill(0) },
      ],
    );
    const secondFrame = bytes.lastIndexOf(0x21, bytes.lastIndexOf(0x2c));
    for (const damaged of [
      bytes.slice(0, secondFrame + 12),
      Uint8Array.from([...bytes.slice(0, secondFrame), 0x99, 0x01]),
    ]) {
      const { frames } = decodeGif(damaged);
      expect(frames).toHaveLength(1);
      expect([...frames[0]!.rgba.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
    }
    expect(decodeGif(bytes).frames).toHaveLength(2);
  });

  it('refuses what is not a GIF, and a GIF without frames', () => {
    expect(() => decodeGif(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toThrow('not a GIF');
    const empty = writeGif(2, 2, [0, 0xffffff], []);
    expect(() => decodeGif(empty)).toThrow('no frames');
  });
});
