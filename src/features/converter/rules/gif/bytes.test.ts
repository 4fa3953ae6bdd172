import { GifReader, GifWriter } from 'omggif';
import { describe, expect, it } from 'vitest';
import { applyTiming, gifByteLayout, joinGifs, readGifInfo } from './bytes';

/** A small GIF written by omggif: 3 frames of 4x2, two colours, with the given options. */
function sampleGif(options: { loop?: number; delays?: number[]; transparent?: boolean } = {}): Uint8Array {
  const buffer = new Uint8Array(1024);
  const writer = new GifWriter(buffer, 4, 2, {
    palette: [0xff0000, 0x0000ff],
    ...(options.loop === undefined ? {} : { loop: options.loop }),
  });
  for (let frame = 0; frame < 3; frame++) {
    const pixels = Array.from({ length: 8 }, (_, i) => (i + frame) % 2);
    writer.addFrame(0, 0, 4, 2, pixels, {
      delay: options.delays?.[frame] ?? 0,
      ...(options.transparent ? { transparent: 1 } : {}),
    });
  }
  return buffer.slice(0, writer.end());
}

function pixelsOf(gif: Uint8Array): number[][] {
  const reader = new GifReader(gif);
  return Array.from({ length: reader.numFrames() }, (_, i) => {
    const rgba = new Uint8Array(4 * 2 * 4);
    reader.decodeAndBlitFrameRGBA(i, rgba);
    return [...rgba];
  });
}

describe('readGifInfo', () => {
  it('reads size, loop count and each frame’s delay', () => {
    const info = readGifInfo(sampleGif({ loop: 0, delays: [5, 10, 15] }));
    expect(info).toMatchObject({ width: 4, height: 2, loopCount: 0 });
    expect(info.frames.map((f) => f.delayCs)).toEqual([5, 10, 15]);
  });
  it('reports no loop extension as null and frames without a control block as delay 0', () => {
    const info = readGifInfo(sampleGif());
    expect(info.loopCount).toBeNull();
    expect(info.frames.map((f) => f.delayCs)).toEqual([0, 0, 0]);
  });
  it('refuses a file that is not a GIF or is cut short', () => {
    expect(() => readGifInfo(new TextEncoder().encode('PNG not GIF at all'))).toThrow(/no GIF signature/);
    const gif = sampleGif({ delays: [1, 2, 3] });
    expect(() => readGifInfo(gif.slice(0, gif.length - 10))).toThrow(/truncated/);
  });
});

describe('applyTiming', () => {
  it('writes exact per-frame delays, adding a control block where a frame has none', () => {
    const out = applyTiming(sampleGif(), { delaysCs: [50, 20, 7], loopCount: 0 });
    expect(readGifInfo(out).frames.map((f) => f.delayCs)).toEqual([50, 20, 7]);
    expect(new GifReader(out).frameInfo(1).delay).toBe(20);
  });
  it('replaces existing delays', () => {
    const out = applyTiming(sampleGif({ delays: [3, 3, 3] }), { delaysCs: [200, 200, 200], loopCount: 0 });
    expect(readGifInfo(out).frames.map((f) => f.delayCs)).toEqual([200, 200, 200]);
  });
  it('loop on: a NETSCAPE2.0 extension with count 0 (forever), exactly once', () => {
    for (const source of [sampleGif(), sampleGif({ loop: 0 }), sampleGif({ loop: 3 })]) {
      const out = applyTiming(source, { delaysCs: [1, 1, 1], loopCount: 0 });
      expect(new GifReader(out).loopCount()).toBe(0);
      expect(Buffer.from(out).toString('latin1').split('NETSCAPE2.0')).toHaveLength(2);
    }
  });
  it('writes a loop count N as NETSCAPE2.0 count N, little-endian', () => {
    for (const count of [1, 4, 300]) {
      const out = applyTiming(sampleGif({ loop: 0 }), { delaysCs: [1, 1, 1], loopCount: count });
      expect(readGifInfo(out).loopCount).toBe(count);
      expect(new GifReader(out).loopCount()).toBe(count);
    }
  });
  it("writes the job's NETSCAPE count as given (an APNG's 3 plays are count 2: plan/timing-extras.ts jobLoopCount)", () => {
    const timed = (loopCount: number | null) => applyTiming(sampleGif(), { delaysCs: [1, 1, 1], loopCount });
    expect(new GifReader(timed(2)).loopCount()).toBe(2);
    expect(readGifInfo(timed(null)).loopCount).toBeNull();
  });
  it('loop off: no loop extension, so the GIF plays once', () => {
    const out = applyTiming(sampleGif({ loop: 0 }), { delaysCs: [1, 1, 1], loopCount: null });
    expect(readGifInfo(out).loopCount).toBeNull();
    expect(Buffer.from(out).toString('latin1')).not.toContain('NETSCAPE2.0');
  });
  it('keeps the pixels, transparency and disposal untouched', () => {
    const source = sampleGif({ transparent: true, delays: [1, 1, 1] });
    const kept = applyTiming(source, { delaysCs: [9, 9, 9], loopCount: 0 });
    expect(pixelsOf(kept)).toEqual(pixelsOf(source));
    expect(readGifInfo(kept).frames.every((f) => f.transparentIndex === 1)).toBe(true);
    expect(readGifInfo(kept).frames.map((f) => f.disposal)).toEqual(readGifInfo(source).frames.map((f) => f.disposal));
  });
  it('refuses a frame count that differs from the delays given', () => {
    expect(() => applyTiming(sampleGif(), { delaysCs: [1, 1], loopCount: 0 })).toThrow(
      /3 frames where 2 were expected/,
    );
  });
});

describe('joinGifs', () => {
  /** A 4x2 GIF with `frames` frames, frame f showing colour index (i + f + shift) % 2 at pixel i. */
  function run(palette: number[], frames: number, shift: number): Uint8Array {
    const buffer = new Uint8Array(1024);
    const writer = new GifWriter(buffer, 4, 2, { palette, loop: 0 });
    for (let frame = 0; frame < frames; frame++) {
      writer.addFrame(
        0,
        0,
        4,
        2,
        Array.from({ length: 8 }, (_, i) => (i + frame + shift) % 2),
        { delay: 7 },
      );
    }
    return buffer.slice(0, writer.end());
  }

  it('keeps every frame of every part, in order, with one header, loop extension and trailer', () => {
    const palette = [0xff0000, 0x0000ff];
    const joined = joinGifs([run(palette, 2, 0), run(palette, 3, 0)]);
    expect(readGifInfo(joined)).toMatchObject({ width: 4, height: 2, loopCount: 0 });
    expect(readGifInfo(joined).frames.map((f) => f.delayCs)).toEqual([7, 7, 7, 7, 7]);
    const expected = [...pixelsOf(run(palette, 2, 0)), ...pixelsOf(run(palette, 3, 0))];
    expect(pixelsOf(joined)).toEqual(expected);
    expect(joined.at(-1)).toBe(0x3b);
    expect(joined.length).toBeLessThan(run(palette, 2, 0).length + run(palette, 3, 0).length);
  });

  it('gives frames of a part with another global palette that palette as a local table', () => {
    const joined = joinGifs([run([0xff0000, 0x0000ff], 1, 0), run([0x00ff00, 0xffffff], 2, 1)]);
    expect(pixelsOf(joined)).toEqual([
      ...pixelsOf(run([0xff0000, 0x0000ff], 1, 0)),
      ...pixelsOf(run([0x00ff00, 0xffffff], 2, 1)),
    ]);
  });

  it('returns a single part unchanged and refuses parts of different sizes', () => {
    const one = run([0xff0000, 0x0000ff], 2, 0);
    expect(joinGifs([one])).toBe(one);
    const other = new Uint8Array(1024);
    const writer = new GifWriter(other, 2, 2, { palette: [0, 0xffffff] });
    writer.addFrame(0, 0, 2, 2, [0, 1, 1, 0]);
    expect(() => joinGifs([one, other.slice(0, writer.end())])).toThrow(/differ in size/);
  });
});

describe('gifByteLayout', () => {
  it('splits a GIF into the bytes before the first frame and each frame’s bytes, adding up to the file', () => {
    const gif = sampleGif({ loop: 0, delays: [1, 2, 3] });
    const { headerBytes, frameBytes } = gifByteLayout(gif);
    expect(frameBytes).toHaveLength(3);
    // Header + screen + 2-colour table (13 + 6) and the 19-byte loop extension come first; the trailer is counted last.
    expect(headerBytes).toBe(13 + 6 + 19);
    expect(headerBytes + frameBytes.reduce((a, b) => a + b, 0) + 1).toBe(gif.length);
  });
});
