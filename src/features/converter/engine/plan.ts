import { outputSize, placeFrame, type Placement, type Size } from './dimensions';
import { ERROR_MESSAGES } from './errors';
import { outputFileName } from './file-name';
import { assertFitsInMemory, RESTART_AFTER_HEAP_BYTES } from './memory';
import { paletteOptions, type PaletteOptions } from './quality';
import { splitFrames, type FrameRun } from './segments';
import type { ConversionMode, ConversionSettings } from './settings';
import { frameSequence, netscapeLoopCount } from './timing';

/** One chosen PNG, as far as planning needs it (its size comes from the PNG header). */
export interface FrameSource extends Size {
  name: string;
  /** Per-frame override of the settings' frame delay, in milliseconds. */
  delayMs?: number;
}

export interface PlannedFrame {
  name: string;
  /** Index of the file this frame comes from, in the request's order. */
  sourceIndex: number;
  /** Where the picture is drawn on the transparent canvas. */
  placement: Placement;
  /** GIF delays are centiseconds. */
  delayCs: number;
  /** The raw RGBA file the engine writes for ffmpeg. */
  inputFile: string;
}

/** What is known before any pixel is decoded: output size, frames, timing, memory. */
export interface FrameLayout extends Size {
  mode: ConversionMode;
  frames: PlannedFrame[];
  /** The NETSCAPE2.0 loop count (0 = forever), or null: no loop extension, the GIF plays once. */
  loopCount: number | null;
  estimatedHeapBytes: number;
  /** The heap never shrinks: after a job this big the engine instance is replaced. */
  restartAfter: boolean;
}

/** One run of consecutive frames mapped to the shared palette and encoded on its own core. */
export interface EncodeRun extends FrameRun {
  args: string[];
  outputFile: string;
}

/** The same conversion in three steps: one palette, then two runs encoded side by side and joined. */
export interface SplitPlan {
  paletteFile: string;
  paletteArgs: string[];
  runs: [EncodeRun, EncodeRun];
}

/** Everything the worker needs to run one job: it executes plans, it decides nothing. */
export interface ConversionPlan extends FrameLayout {
  palette: PaletteOptions;
  outputFile: string;
  /** The exact ffmpeg argument list. */
  args: string[];
  /** How to run it on two cores when a second one is free; null when one core is as fast. */
  split: SplitPlan | null;
  fileName: string;
}

const MAX_DELAY_CS = 0xffff;

/** Milliseconds → GIF centiseconds, rounded, at least 1 (0 means "as fast as possible" to browsers). */
export function delayToCentiseconds(ms: number): number {
  return Math.min(MAX_DELAY_CS, Math.max(1, Math.round(ms / 10)));
}

export const inputFileName = (index: number) => `frame${String(index).padStart(4, '0')}.rgba`;
const INPUT_PATTERN = 'frame%04d.rgba';
const OUTPUT_FILE = 'output.gif';
const PALETTE_FILE = 'palette.png';

/**
 * Static mode converts the first file only; animated mode makes one frame per file, in order, then the
 * timing extras (frames kept, hold, boomerang: timing.ts) give the GIF's frame sequence, where a file may
 * appear twice: each frame of the sequence is its own input file, so ffmpeg's frame differences stay right.
 * Throws 'No files provided' for an empty list and the memory message for a job that cannot fit.
 */
export function planLayout(settings: ConversionSettings, sources: readonly FrameSource[]): FrameLayout {
  const first = sources[0];
  if (!first) throw new Error(ERROR_MESSAGES.noFiles);
  const used = settings.mode === 'static' ? [first] : sources;
  const canvas = outputSize(settings, first);
  const keepAspect = !settings.resize || settings.maintainAspectRatio;
  const delaysMs = used.map((source) => source.delayMs ?? settings.frameDelay);
  const sequence =
    settings.mode === 'static' ? [{ sourceIndex: 0, delayMs: delaysMs[0]! }] : frameSequence(delaysMs, settings);
  const estimatedHeapBytes = assertFitsInMemory(sequence.length, canvas.width, canvas.height);
  return {
    ...canvas,
    mode: settings.mode,
    loopCount: netscapeLoopCount(settings.loop, settings.loopPlays),
    frames: sequence.map(({ sourceIndex, delayMs }, index) => ({
      name: used[sourceIndex]!.name,
      sourceIndex,
      placement: placeFrame(used[sourceIndex]!, canvas, keepAspect),
      delayCs: delayToCentiseconds(delayMs),
      inputFile: inputFileName(index),
    })),
    estimatedHeapBytes,
    restartAfter: estimatedHeapBytes > RESTART_AFTER_HEAP_BYTES,
  };
}

/** What the frames' pixels told the engine (content-analysis.ts). */
export interface ContentFacts {
  smoothGradient: boolean;
  transparent: boolean;
  /** Many distinct colours: the palette is computed from a quarter of the pixels (measured there). */
  manyColours?: boolean;
}

function paletteGen(palette: PaletteOptions, manyColours: boolean): string {
  // Every other pixel of every other row, real colours only (no blending).
  const sample = manyColours ? 'scale=trunc((iw+1)/2):trunc((ih+1)/2):flags=neighbor,' : '';
  return `${sample}palettegen=max_colors=${palette.maxColors}:reserve_transparent=1:stats_mode=full`;
}

function paletteUse(palette: PaletteOptions): string {
  const use = [`dither=${palette.dither}`];
  if (palette.dither === 'bayer') use.push(`bayer_scale=${palette.bayerScale ?? 3}`);
  // Binary transparency: pixels under half opacity become the reserved transparent colour.
  use.push('alpha_threshold=128');
  return `paletteuse=${use.join(':')}`;
}

function rawInput(layout: FrameLayout, firstFrame = 0): string[] {
  const firstDelayCs = layout.frames[0]?.delayCs ?? 50;
  return [
    '-f', 'image2',
    '-framerate', `100/${firstDelayCs}`,
    ...(firstFrame > 0 ? ['-start_number', String(firstFrame)] : []),
    '-pixel_format', 'rgba',
    '-video_size', `${layout.width}x${layout.height}`,
    '-c:v', 'rawvideo',
    '-i', INPUT_PATTERN,
  ]; // prettier-ignore
}

function gifOutput(layout: FrameLayout, transparent: boolean, file: string): string[] {
  return [
    '-fps_mode', 'passthrough',
    ...(transparent && layout.frames.length > 1 ? ['-gifflags', '-offsetting-transdiff'] : []),
    '-loop', layout.loopCount === null ? '-1' : String(layout.loopCount),
    '-f', 'gif',
    file,
  ]; // prettier-ignore
}

function splitPlan(layout: FrameLayout, palette: PaletteOptions, content: ContentFacts): SplitPlan | null {
  const runs = splitFrames(layout.frames.length, layout.width, layout.height);
  if (!runs) return null;
  const encodeRun = (run: FrameRun, index: number): EncodeRun => {
    const outputFile = `run${index}.gif`;
    const args = [
      ...rawInput(layout, run.firstFrame),
      '-i', PALETTE_FILE,
      '-filter_complex', `[0:v][1:v]${paletteUse(palette)}`,
      '-frames:v', String(run.frameCount),
      ...gifOutput(layout, content.transparent, outputFile),
    ]; // prettier-ignore
    return { ...run, args, outputFile };
  };
  return {
    paletteFile: PALETTE_FILE,
    paletteArgs: [
      ...rawInput(layout),
      '-vf',
      paletteGen(palette, content.manyColours ?? false),
      '-frames:v',
      '1',
      '-update',
      '1',
      PALETTE_FILE,
    ],
    runs: [encodeRun(runs[0], 0), encodeRun(runs[1], 1)],
  };
}

/**
 * The ffmpeg arguments: raw RGBA frames of the output size in, one GIF out. The frame rate only gives
 * the muxer a time base; exact per-frame delays and the loop flag are written afterwards (gif-bytes.ts).
 * Frame-difference optimisations (`gifflags`) are off when frames have transparency: a transparent pixel
 * must show the background, not the previous frame, so every frame is whole and disposed to background.
 */
export function buildPlan(
  layout: FrameLayout,
  settings: ConversionSettings,
  content: ContentFacts,
  now: number = Date.now(),
): ConversionPlan {
  const palette = paletteOptions(settings.quality, settings.dither, content.smoothGradient);
  const args = [
    ...rawInput(layout),
    '-filter_complex', `split[a][b];[a]${paletteGen(palette, content.manyColours ?? false)}[p];[b][p]${paletteUse(palette)}`,
    ...gifOutput(layout, content.transparent, OUTPUT_FILE),
  ]; // prettier-ignore
  return {
    ...layout,
    palette,
    outputFile: OUTPUT_FILE,
    args,
    split: splitPlan(layout, palette, content),
    fileName: outputFileName(layout.mode, now),
  };
}
