import { describe, expect, it } from 'vitest';
import { concatBytes } from '../concat-bytes';
import { GifFormatError } from './blocks';
import { readIndexedFrames } from './indexed-frames';

/** One frame as the core writes it: the header, 256 palette entries (0xAARRGGBB), the indices. */
function frame(width: number, height: number, palette: number[], indices: number[]): Uint8Array {
  const bytes = new Uint8Array(8 + 1024 + width * height);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, width, true);
  view.setUint32(4, height, true);
  palette.forEach((argb, i) => view.setUint32(8 + i * 4, argb, true));
  bytes.set(indices, 8 + 1024);
  return bytes;
}

/** Every entry opaque (the core writes all 256: an entry it leaves clear counts as transparent). */
const OPAQUE = Array.from({ length: 256 }, (_, i) => 0xff000000 | (i * 0x010101));
const WITH_CLEAR = [0xff102030, 0x00000000, 0xffa0b0c0];
const timing = (delaysCs: number[], transparent = false) => ({ delaysCs, loopCount: 0, transparent });

describe('readIndexedFrames', () => {
  it("reads whole frames with their palettes, delays and disposal, across a split job's outputs", () => {
    const a = frame(2, 2, WITH_CLEAR, [0, 1, 2, 0]);
    const b = frame(2, 2, WITH_CLEAR, [1, 1, 2, 2]);
    const c = frame(2, 2, WITH_CLEAR, [2, 2, 2, 0]);
    const file = readIndexedFrames([concatBytes([a, b]), c], timing([5, 6, 7], true));
    expect([file.width, file.height, file.loopCount, file.frames.length]).toEqual([2, 2, 0, 3]);
    expect(file.frames.map((f) => [f.left, f.top, f.width, f.height, f.delayCs, f.disposal])).toEqual([
      [0, 0, 2, 2, 5, 2],
      [0, 0, 2, 2, 6, 2],
      [0, 0, 2, 2, 7, 2],
    ]);
    expect([...file.frames[1]!.indices!]).toEqual([1, 1, 2, 2]);
    // RGB triples; the clear entry is the transparent index, as FFmpeg's GIF encoder picks it.
    expect([...file.frames[0]!.localPalette!.subarray(0, 9)]).toEqual([0x10, 0x20, 0x30, 0, 0, 0, 0xa0, 0xb0, 0xc0]);
    expect(file.frames[0]!.transparentIndex).toBe(1);
    // Views of the outputs, not copies (a split job's two outputs: two buffers to transfer).
    expect(new Set(file.frames.map((f) => f.indices!.buffer)).size).toBe(2);
  });

  it('has no transparent index when every entry is opaque, and keeps opaque frames over the one before', () => {
    const file = readIndexedFrames([frame(1, 1, OPAQUE, [2])], timing([9]));
    expect(file.frames[0]!.transparentIndex).toBeNull();
    expect(file.frames[0]!.disposal).toBe(1);
  });

  it('refuses what the core does not write: short, mixed sizes, more or fewer frames than delays', () => {
    const whole = frame(2, 2, OPAQUE, [0, 1, 2, 0]);
    const cases: [Uint8Array[], number[]][] = [
      [[whole.subarray(0, whole.length - 1)], [5]],
      [[whole.subarray(0, 20)], [5]],
      [[concatBytes([whole, frame(1, 2, OPAQUE, [0, 1])])], [5, 5]],
      [[concatBytes([whole, whole])], [5]],
      [[whole], [5, 5]],
      [[], [5]],
    ];
    for (const [outputs, delays] of cases)
      expect(() => readIndexedFrames(outputs, timing(delays))).toThrow(GifFormatError);
  });
});
