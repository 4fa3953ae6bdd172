/**
 * The pass after the encoder: the GIF is decoded to what a viewer shows, then written again with frame
 * differencing (frame-diff.ts) and our LZW encoder, lossless or lossy (gif-lzw.ts). The result is kept
 * only when it is smaller: the pass never makes a file bigger.
 */
import { changedBounds, clearingBounds, cutFrame, unionRect, type Rect } from './frame-diff';
import { CLEAR, parseGif, paletteOf, shownFrames, writeGif, type GifFrame } from './gif-file';
import { encodeLzw, minCodeSizeFor, packColour } from './gif-lzw';

export interface GifOptimiseOptions {
  /**
   * 0 = lossless. Otherwise a pixel may be shown off by up to √(10 × lossiness) in RGB distance (0–255
   * per channel), error carried along the row: the scale of gifsicle's `--lossy`, so 20 is mild, 80 strong.
   */
  lossiness: number;
}

/** Squared RGB distance allowed per pixel for a lossiness (gifsicle's scale: 10 per step). */
export const errorBudget = (lossiness: number) => Math.max(0, Math.round(lossiness * 10));

/** The optimised GIF, or `gif` itself when the pass cannot make it smaller (or cannot read it). */
export function optimiseGif(gif: Uint8Array, options: GifOptimiseOptions): Uint8Array {
  let file;
  try {
    file = parseGif(gif);
  } catch {
    return gif; // not ours to judge: the timing pass already checked the encoder's output
  }
  if (file.frames.length === 0) return gif;
  const budget = errorBudget(options.lossiness);
  const { width, height } = file;
  const full: Rect = { left: 0, top: 0, width, height };
  const frames: GifFrame[] = [];
  const canvas = new Int32Array(width * height).fill(CLEAR); // what the new GIF shows before each frame
  const shown = shownFrames(file);
  let target = copyOf(shown.next());
  let index = 0;
  while (target) {
    const next = copyOf(shown.next());
    const source = file.frames[index]!;
    const palette = paletteOf(file, source);
    const clearing = next ? clearingBounds(next, target, width) : null;
    const changed = index === 0 ? full : changedBounds(target, canvas, width);
    const rect = unionRect(changed ?? { left: 0, top: 0, width: 1, height: 1 }, clearing);
    const cut = cutFrame(target, canvas, width, rect, palette, source.transparentIndex);
    if (!cut) return gif;
    const entries = Math.min(256, palette.length / 3);
    const minCodeSize = minCodeSizeFor(entries);
    const { data, written } = encodeLzw(
      { width: rect.width, height: rect.height, palette, minCodeSize, ...cut },
      budget,
    );
    frames.push({
      ...rect,
      localPalette: source.localPalette,
      transparentIndex: cut.transparentIndex,
      disposal: file.frames.length === 1 ? source.disposal : clearing ? 2 : 1,
      delayCs: source.delayCs,
      interlaced: false,
      minCodeSize,
      data,
    });
    draw(canvas, width, rect, written, palette, cut.transparentIndex);
    if (clearing) clearRect(canvas, width, rect);
    target = next;
    index++;
  }
  const optimised = writeGif({ ...file, frames });
  return optimised.length < gif.length ? optimised : gif;
}

function copyOf(result: IteratorResult<Int32Array>): Int32Array | null {
  return result.done ? null : result.value.slice();
}

function draw(
  canvas: Int32Array,
  width: number,
  rect: Rect,
  indices: Uint8Array,
  palette: Uint8Array,
  transparentIndex: number | null,
): void {
  const colours = new Int32Array(256);
  for (let i = 0; i < 256; i++) colours[i] = packColour(palette, i);
  for (let y = 0, q = 0; y < rect.height; y++) {
    for (let x = 0, p = (rect.top + y) * width + rect.left; x < rect.width; x++, p++, q++) {
      const index = indices[q]!;
      if (index !== transparentIndex) canvas[p] = colours[index]!;
    }
  }
}

function clearRect(canvas: Int32Array, width: number, rect: Rect): void {
  for (let y = rect.top; y < rect.top + rect.height; y++) {
    canvas.fill(CLEAR, y * width + rect.left, y * width + rect.left + rect.width);
  }
}

/**
 * Whether the pass runs for a plan, and how: animations always (frame differencing is lossless and
 * ffmpeg's own only covers opaque frames), stills only when lossy (a lossless re-encode of one frame
 * saves nothing over ffmpeg's encoder, measured in the module's notes).
 */
export function optimisationFor(plan: {
  frames: readonly unknown[];
  palette: { lossiness?: number };
}): GifOptimiseOptions | null {
  const lossiness = plan.palette.lossiness ?? 0;
  if (lossiness <= 0 && plan.frames.length < 2) return null;
  return { lossiness };
}
