/**
 * The core's frames as palette indices (`-indices-out`, wasm-assets/core/driver/gif-core.c), read as a GIF
 * model whose frames are decoded already: what the optimiser (optimiser.ts) rewrites when
 * it runs. The core then spends no time on LZW, and the optimiser none on decoding it.
 *
 * Per frame, little-endian: u32 width, u32 height, 256 u32 palette entries (0xAARRGGBB, paletteuse's
 * PAL8 palette), then width × height indices, row by row. Each frame covers the canvas.
 */
import { GifFormatError } from './blocks';
import type { GifFile, GifFrame } from './file';

/** What the plan knows and the core's raw frames do not say (bytes.ts applyTiming writes the same). */
export interface IndexedTiming {
  delaysCs: readonly number[];
  /** NETSCAPE2.0 loop count (0 = forever), or null: plays once. */
  loopCount: number | null;
  /** Frames with transparency are drawn over a cleared canvas (2), others over the previous frame (1). */
  transparent: boolean;
}

const HEADER_BYTES = 8;
const PALETTE_ENTRIES = 256;
const PALETTE_BYTES = PALETTE_ENTRIES * 4;

/**
 * The frames of one or more outputs of the core (a split job's runs, in order) as one GIF model; a
 * GifFormatError when they are not what the core writes (frames of one size, whole, one per delay).
 */
export function readIndexedFrames(outputs: readonly Uint8Array[], timing: IndexedTiming): GifFile {
  const frames: GifFrame[] = [];
  let size: { width: number; height: number } | null = null;
  for (const bytes of outputs) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let at = 0; at < bytes.length;) {
      const pixelsAt = at + HEADER_BYTES + PALETTE_BYTES;
      const width = pixelsAt <= bytes.length ? view.getUint32(at, true) : 0;
      const height = width ? view.getUint32(at + 4, true) : 0;
      size ??= { width, height };
      const delayCs = timing.delaysCs[frames.length];
      // Every frame of the canvas's size, each whole, one per delay.
      const whole = pixelsAt + width * height <= bytes.length;
      if (!width || width !== size.width || height !== size.height || !whole || delayCs === undefined)
        throw new GifFormatError(NOT_INDEXED);
      const { palette, transparentIndex } = readPalette(view, at + HEADER_BYTES);
      frames.push({
        left: 0,
        top: 0,
        width,
        height,
        localPalette: palette,
        transparentIndex,
        disposal: timing.transparent ? 2 : 1,
        delayCs,
        interlaced: false,
        minCodeSize: 8,
        data: new Uint8Array(0),
        // A view, not a copy: the output is as big as its frames (runtime/optimiser-workers.ts copies what a
        // worker needs, or transfers the output's buffer whole).
        indices: bytes.subarray(pixelsAt, pixelsAt + width * height),
      });
      at = pixelsAt + width * height;
    }
  }
  if (!size || frames.length !== timing.delaysCs.length) throw new GifFormatError(NOT_INDEXED);
  // Each frame keeps its table: the optimiser writes one shared table of the colours shown (optimiser.ts).
  return { ...size, globalPalette: null, backgroundIndex: 0, loopCount: timing.loopCount, frames };
}

const NOT_INDEXED = "not the core's indexed frames";

/**
 * RGB triples, and the transparent entry as FFmpeg's GIF encoder finds it: the least opaque entry, if
 * less than half opaque (paletteuse's reserved transparent colour).
 */
function readPalette(view: DataView, at: number): { palette: Uint8Array; transparentIndex: number | null } {
  const palette = new Uint8Array(PALETTE_ENTRIES * 3);
  let transparentIndex: number | null = null;
  let smallestAlpha = 0xff;
  for (let i = 0; i < PALETTE_ENTRIES; i++) {
    const argb = view.getUint32(at + i * 4, true);
    palette[i * 3] = (argb >>> 16) & 0xff;
    palette[i * 3 + 1] = (argb >>> 8) & 0xff;
    palette[i * 3 + 2] = argb & 0xff;
    const alpha = argb >>> 24;
    if (alpha < smallestAlpha) {
      smallestAlpha = alpha;
      transparentIndex = i;
    }
  }
  return { palette, transparentIndex: smallestAlpha < 128 ? transparentIndex : null };
}

/**
 * A still's two bands, as the two cores wrote them (plan.ts SplitPlan 'bands'), as the one frame they
 * show: the same width and palette, the top band's rows then the bottom's. A GifFormatError otherwise.
 */
export function stackBands(top: Uint8Array, bottom: Uint8Array): Uint8Array {
  const header = (bytes: Uint8Array) => {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const width = bytes.length >= HEADER_BYTES ? view.getUint32(0, true) : 0;
    const height = width ? view.getUint32(4, true) : 0;
    if (!width || bytes.length !== HEADER_BYTES + PALETTE_BYTES + width * height) throw new GifFormatError(NOT_INDEXED);
    return { width, height };
  };
  const upper = header(top);
  const lower = header(bottom);
  const palettesAt = [HEADER_BYTES, HEADER_BYTES + PALETTE_BYTES] as const;
  const samePalette = top.subarray(...palettesAt).every((byte, i) => byte === bottom[HEADER_BYTES + i]);
  if (upper.width !== lower.width || !samePalette) throw new GifFormatError(NOT_INDEXED);
  const out = new Uint8Array(top.length + lower.width * lower.height);
  out.set(top);
  new DataView(out.buffer).setUint32(4, upper.height + lower.height, true);
  out.set(bottom.subarray(HEADER_BYTES + PALETTE_BYTES), top.length);
  return out;
}
