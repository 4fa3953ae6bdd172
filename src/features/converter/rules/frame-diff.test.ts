import { describe, expect, it } from 'vitest';
import { changedBounds, clearingBounds, cutFrame, unionRect } from './frame-diff';
import { CLEAR } from './gif-file';

const RED = 0xff0000;
const BLUE = 0x0000ff;
const palette = Uint8Array.of(255, 0, 0, 0, 0, 255, 0, 0, 0, 0, 0, 0); // red, blue, black, black

/** A 6x4 canvas of `fill` with some pixels set. */
function canvas(fill: number, pixels: [number, number, number][] = []): Int32Array {
  const out = new Int32Array(24).fill(fill);
  for (const [x, y, colour] of pixels) out[y * 6 + x] = colour;
  return out;
}

describe('frame differencing', () => {
  it('bounds the changed pixels, or null when nothing changed', () => {
    const before = canvas(RED);
    expect(changedBounds(before, canvas(RED), 6)).toBeNull();
    const after = canvas(RED, [
      [1, 1, BLUE],
      [4, 2, BLUE],
    ]);
    expect(changedBounds(after, before, 6)).toEqual({ left: 1, top: 1, width: 4, height: 2 });
  });

  it('bounds what must be cleared: clear next, not clear now', () => {
    const shown = canvas(CLEAR, [
      [2, 0, RED],
      [3, 3, RED],
    ]);
    const next = canvas(CLEAR, [[3, 3, BLUE]]);
    expect(clearingBounds(next, shown, 6)).toEqual({ left: 2, top: 0, width: 1, height: 1 });
    expect(clearingBounds(shown, shown, 6)).toBeNull();
    expect(unionRect({ left: 2, top: 0, width: 1, height: 1 }, { left: 0, top: 2, width: 2, height: 2 })).toEqual({
      left: 0,
      top: 0,
      width: 3,
      height: 4,
    });
  });

  it('cuts a rectangle: changed pixels get their colour, unchanged and clear ones the transparent index', () => {
    const before = canvas(CLEAR, [[1, 1, RED]]);
    const target = canvas(CLEAR, [
      [1, 1, RED],
      [2, 1, BLUE],
    ]);
    const cut = cutFrame(target, before, 6, { left: 0, top: 1, width: 3, height: 1 }, palette, null)!;
    // No transparent index given: the first one no changed pixel needs.
    expect(cut.transparentIndex).toBe(0);
    expect([...cut.indices]).toEqual([0, 0, 1]);
    expect([...cut.under]).toEqual([CLEAR, RED, CLEAR]);
  });

  it('without a free index, unchanged pixels keep their colour; a clear pixel then cannot be cut', () => {
    const full = Uint8Array.of(255, 0, 0, 0, 0, 255);
    const before = canvas(RED, [[1, 0, BLUE]]);
    const target = canvas(RED, [[0, 0, BLUE]]);
    const cut = cutFrame(target, before, 6, { left: 0, top: 0, width: 3, height: 1 }, full, null)!;
    expect(cut.transparentIndex).toBeNull();
    expect([...cut.indices]).toEqual([1, 0, 0]);
    expect(cutFrame(canvas(CLEAR), canvas(RED), 6, { left: 0, top: 0, width: 1, height: 1 }, full, null)).toBeNull();
  });

  it('refuses a colour the palette does not have', () => {
    expect(cutFrame(canvas(0x123456), canvas(RED), 6, { left: 0, top: 0, width: 1, height: 1 }, palette, 3)).toBeNull();
  });
});
