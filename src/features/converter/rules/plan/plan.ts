import { histogramStep, type HistogramSampling } from '../palette/refine';
import { outputSize, placeFrame, type Placement, type Size } from '../dimensions';
import { ERROR_MESSAGES } from '../errors';
import { outputFileName } from './file-name';
import { exactPaletteBytes } from '../palette/content-analysis';
import type { ContentFacts } from '../palette/frame-facts';
import { alphaThresholdOf, dithersSoftEdges } from '../palette/matte';
import { decodeSizes, extraDecodedBytes, shrunkToPlacements } from './decode-size';
import { frameCuts, scaleArea, type FrameCut } from './frame-cuts';
import { assertFitsInMemory, heapHeadroom, RESTART_AFTER_HEAP_BYTES } from './memory';
import { keepsEveryColour, ORDERED_BAYER_SCALE, paletteOptions, type PaletteOptions } from '../palette/quality';
import { splitFrames, type FrameRun } from './segments';
import type { ConversionMode, ConversionSettings } from '../settings';
import { frameSequence, jobLoopCount } from './timing-extras';
import type { OptimiserOptions } from '../gif/optimiser';
import { DITHERED_SMOOTH_SHARE } from '../gif/lossy-budget';

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
  /** The picture's size in its file. */
  source: Size;
  /** The crop and orientation the decode worker applies first (frame-cuts.ts); null: the picture as it is. */
  cut: FrameCut | null;
  /**
   * The size the decode worker hands it over at (decode-size.ts), once cut: the core scales it with
   * lanczos to the placement's size and draws it there on the transparent canvas.
   */
  decoded: Size;
  /** Where the picture is drawn on the transparent canvas. */
  placement: Placement;
  /** GIF delays are centiseconds. */
  delayCs: number;
  /** The raw RGBA file the engine writes for ffmpeg. */
  inputFile: string;
  /** How the decode worker samples this frame for the palette's colour histogram. */
  histogram: HistogramSampling;
  /**
   * In a size estimate's sample: the frame's size in the conversion the sample stands for, the scale the
   * decode worker cuts the sample's tiles at (sample-pixels.ts).
   */
  tilesAt?: Size;
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

/**
 * The same conversion on two cores, side by side with the same palette: runs of frames, joined one after
 * the other, or a still's top and bottom bands, stacked (each core scales and maps its own rows).
 */
export interface SplitPlan {
  by: 'frames' | 'bands';
  runs: [EncodeRun, EncodeRun];
  /** The runs' outputs are always indices for the optimiser, a still's too. */
  optimisation: OptimiserOptions;
}

/**
 * Everything the engine core needs for one job, built in two steps: the layout (planLayout) before any
 * pixel is read, the encode half (buildPlan) once the decode workers' content facts are in. The runtime
 * runs the plan; every decision is made here.
 */
export interface ConversionPlan extends FrameLayout {
  palette: PaletteOptions;
  /** The picture fits one GIF palette: these colours (the core's 16x16 RGB32), written to `paletteFile`. */
  exactPalette: Uint8Array | null;
  /**
   * How the optimiser (gif/optimiser.ts) writes the GIF: the core then hands it the frames as
   * palette indices (-indices-out, indexed-frames.ts), with no LZW to write there or decode here. Null:
   * no optimiser, the core writes the GIF (`outputFile`).
   */
  optimisation: OptimiserOptions | null;
  outputFile: string;
  /**
   * Where the engine writes the palette `args` map the frames with (-palette-in): the exact one, or else
   * the one it cut from the frames' colour histogram and refined (palette/cut.ts, palette/refine.ts).
   */
  paletteFile: string;
  /** The exact argument list of the core's driver (wasm-assets/core/driver/gif-core.c). */
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
const OUTPUT_FILE = 'output.gif';
const INDICES_FILE = 'output.idx';
/** The palette as the core reads it (-palette-in): 16x16 pixels, raw. */
const PALETTE_FILE = 'palette.pal';

/**
 * Static mode converts the first file only; animated mode makes one frame per file, in order, then the
 * timing extras (frames kept, hold, boomerang: timing-extras.ts) give the GIF's frame sequence, where a file may
 * appear twice: each frame of the sequence is its own input file, so ffmpeg's frame differences stay right.
 * Throws 'No files provided' for an empty list and the memory message for a job that cannot fit.
 * `apngPlays`: an APNG converted on its own keeps its play count while the loop settings are default.
 * `heapLimit`: the heap the device allows the job (memory.ts heapLimitFor), the engine's limit by default.
 * `sampleOf`: this is the layout of a size estimate's sample of a conversion whose canvas has that size:
 * a frame larger than its placement is decoded at the placement's size (no full-size frame for the core
 * to scale), from tiles cut at the frame's size in that conversion (`tilesAt`, sample-pixels.ts).
 */
export function planLayout(
  settings: ConversionSettings,
  sources: readonly FrameSource[],
  apngPlays?: number | null,
  { sampleOf, heapLimit }: { sampleOf?: Size; heapLimit?: number } = {},
): FrameLayout {
  const first = sources[0];
  if (!first) throw new Error(ERROR_MESSAGES.noFiles);
  const used = settings.mode === 'static' ? [first] : sources;
  const canvas = outputSize(settings, first);
  const keepAspect = !settings.resize || settings.maintainAspectRatio;
  // Cropped and oriented first: every size below is the framed picture's.
  const framed = frameCuts(settings, used);
  const placements = framed.map(({ size, area }) =>
    area ? scaleArea(area, framed[0]!.size, canvas) : placeFrame(size, canvas, keepAspect),
  );
  const pictures = framed.map(({ size }) => size);
  const placementBytes = placements.reduce((sum, p) => sum + p.width * p.height * 4, 0);
  const delaysMs = used.map((source) => source.delayMs ?? settings.frameDelay);
  const sequence =
    settings.mode === 'static' ? [{ sourceIndex: 0, delayMs: delaysMs[0]! }] : frameSequence(delaysMs, settings);
  // Full-size frames get what the heap has left once the job at the output size is counted.
  const budget = heapHeadroom(sequence.length, canvas.width, canvas.height, heapLimit) + placementBytes;
  const decoded = sampleOf ? shrunkToPlacements(pictures, placements) : decodeSizes(pictures, placements, budget);
  // A sample's frame as big as it is in the conversion: its placement scaled from this canvas to that one.
  const tilesAt = (placement: Placement, of: Size): Size => ({
    width: Math.round((placement.width * of.width) / canvas.width),
    height: Math.round((placement.height * of.height) / canvas.height),
  });
  const estimatedHeapBytes = assertFitsInMemory(
    sequence.length,
    canvas.width,
    canvas.height,
    extraDecodedBytes(decoded, placements),
    heapLimit,
  );
  // The palette refinement's histogram samples about the same number of pixels whatever the job's size.
  const step = histogramStep(
    sequence.reduce(
      (sum, { sourceIndex }) => sum + placements[sourceIndex]!.width * placements[sourceIndex]!.height,
      0,
    ),
  );
  return {
    ...canvas,
    mode: settings.mode,
    loopCount: jobLoopCount(settings.loop, settings.loopPlays, apngPlays),
    frames: sequence.map(({ sourceIndex, delayMs }, index) => ({
      name: used[sourceIndex]!.name,
      sourceIndex,
      source: { width: used[sourceIndex]!.width, height: used[sourceIndex]!.height },
      cut: framed[sourceIndex]!.cut,
      decoded: decoded[sourceIndex]!,
      placement: placements[sourceIndex]!,
      delayCs: delayToCentiseconds(delayMs),
      inputFile: inputFileName(index),
      histogram: {
        step,
        shown: { width: placements[sourceIndex]!.width, height: placements[sourceIndex]!.height },
      },
      ...(sampleOf ? { tilesAt: tilesAt(placements[sourceIndex]!, sampleOf) } : {}),
    })),
    estimatedHeapBytes,
    restartAfter: estimatedHeapBytes > RESTART_AFTER_HEAP_BYTES,
  };
}

function paletteUse(palette: PaletteOptions, alphaThreshold: number): string {
  const use = [`dither=${palette.dither}`];
  if (palette.dither === 'bayer') use.push(`bayer_scale=${palette.bayerScale ?? ORDERED_BAYER_SCALE}`);
  // Binary transparency: pixels under the threshold become the reserved transparent colour.
  use.push(`alpha_threshold=${alphaThreshold}`);
  return `paletteuse=${use.join(':')}`;
}

/** How the core maps the frames to the palette: dithered soft edges first (matte.ts), then paletteuse. */
function paletteMapping(palette: PaletteOptions, settings: ConversionSettings): string[] {
  return [
    ...(dithersSoftEdges(settings) ? ['-alpha-dither', '1'] : []),
    '-palette-in', PALETTE_FILE,
    '-filter', `[frames][palette]${paletteUse(palette, alphaThresholdOf(settings))}`,
  ]; // prettier-ignore
}

/**
 * One frame for the core's driver (wasm-assets/core/driver/gif-core.c): raw RGBA `file` of `source` size,
 * scaled (lanczos) to the placement's size and drawn at its position on a transparent canvas, shown for
 * `delayCs`. A file already of the canvas size at 0,0 is used as it is.
 */
export function frameArgument(file: string, source: Size, placement: Placement, delayCs: number): string {
  const { x, y, width, height } = placement;
  return [file, source.width, source.height, x, y, width, height, delayCs].join(',');
}

/** The frames [first, first + count), each of its decoded size, for the core to scale and place. */
function frameInputs(layout: FrameLayout, first = 0, count = layout.frames.length): string[] {
  return [
    '-canvas', `${layout.width}x${layout.height}`,
    ...layout.frames
      .slice(first, first + count)
      .flatMap((frame) => ['-frame', frameArgument(frame.inputFile, frame.decoded, frame.placement, frame.delayCs)]),
  ]; // prettier-ignore
}

/**
 * Whether the optimiser runs for a plan, and how: animations always (frame differencing is lossless and
 * ffmpeg's own only covers opaque frames), stills only when lossy: a lossless re-encode of one frame only
 * gains the smaller colour table, a few percent of the bytes, for a larger share of the conversion's CPU
 * time (tests/bench/probes/quality-cost.ts): the quality mapping may turn it on.
 */
export function optimisationFor(plan: {
  frames: readonly unknown[];
  palette: PaletteOptions;
}): OptimiserOptions | null {
  const lossiness = plan.palette.lossiness ?? 0;
  if (lossiness <= 0 && plan.frames.length < 2) return null;
  const diffused = plan.palette.dither === 'atkinson' || plan.palette.dither === 'sierra2_4a';
  // A diffused still's fine noise may take more of the budget (lossy-budget.ts); animations spread it evenly.
  return diffused && plan.frames.length === 1 ? { lossiness, smoothShare: DITHERED_SMOOTH_SHARE } : { lossiness };
}

/** Indexed: the frames for the optimiser; else a GIF (a still: animations always go through the optimiser). */
function coreOutput(layout: FrameLayout, indexed: boolean, file: string): string[] {
  if (indexed) return ['-indices-out', file];
  return ['-loop', layout.loopCount === null ? '-1' : String(layout.loopCount), '-o', file];
}

/**
 * Stills of at least this many pixels are mapped in two bands on two cores: below it, the scaling and
 * paletteuse of one core are quick enough.
 */
export const BAND_SPLIT_MIN_PIXELS = 1_000_000;

/** The first row of a still's bottom band: half way, on a multiple of 8 so an ordered pattern runs on. */
export function bandSplitRow(height: number): number {
  return Math.ceil(height / 16) * 8;
}

/**
 * The first row of a picture (`source` rows, drawn `placement.height` rows tall at placement.y) that the
 * canvas rows from `top` on read: the core's Lanczos-3 windows (resample.c make_axis), two rows early for
 * safety; the core fails, not guesses, when a row it reads is missing. The helper core of a banded still
 * gets the picture from that row on (-frame-rows), not a copy of all of it.
 */
export function bandSourceFirstRow(source: Size, placement: Placement, top: number): number {
  const first = Math.max(0, top - placement.y); // the first placed row on the band
  if (first >= placement.height) return 0;
  if (source.height === placement.height) return first;
  const ratio = source.height / placement.height;
  const support = 3 * Math.max(ratio, 1);
  let taps = Math.min(Math.ceil(2 * support) + 1, source.height);
  taps += taps & 1;
  const lo = Math.floor((first + 0.5) * ratio - 0.5 - support) + 1;
  return Math.max(0, Math.min(lo, source.height - taps) - 2);
}

/** For a banded still, the first row of its picture the helper's bottom band reads (else 0: all of it). */
export function helperSourceFirstRow(layout: FrameLayout): number {
  const [frame] = layout.frames;
  if (layout.frames.length !== 1 || helperFirstFrame(layout) !== 0 || !frame) return 0;
  return bandSourceFirstRow(frame.decoded, frame.placement, bandSplitRow(layout.height));
}

/**
 * Which frame the helper core needs from on, when it is lent: known from the layout alone, before any
 * pixel is decoded (the first of the second run; a banded still's one frame); null when the job is not split.
 */
export function helperFirstFrame(layout: FrameLayout): number | null {
  if (layout.frames.length === 1) return layout.width * layout.height >= BAND_SPLIT_MIN_PIXELS ? 0 : null;
  return splitFrames(layout.frames.length, layout.width, layout.height)?.[1].firstFrame ?? null;
}

/** The -frame before it holds its picture's rows from `first` on only. */
const frameRows = (first: number): string[] => (first > 0 ? ['-frame-rows', String(first)] : []);

/** The still's rows [top, top + height) as a canvas of their own, the picture moved up with them. */
function band(layout: FrameLayout, top: number, height: number): FrameLayout {
  return {
    ...layout,
    height,
    frames: layout.frames.map((frame) => ({ ...frame, placement: { ...frame.placement, y: frame.placement.y - top } })),
  };
}

function splitPlan(
  layout: FrameLayout,
  mapping: readonly string[],
  optimisation: OptimiserOptions | null,
): SplitPlan | null {
  const first = helperFirstFrame(layout);
  if (first === null) return null;
  const run = (args: string[], index: number, frames: FrameRun): EncodeRun => {
    const outputFile = `run${index}.idx`;
    return {
      ...frames,
      args: [...args, ...mapping, ...coreOutput(layout, true, outputFile)],
      outputFile,
    };
  };
  const split = { optimisation: optimisation ?? { lossiness: 0 } };
  if (first === 0) {
    const row = bandSplitRow(layout.height);
    const still = { firstFrame: 0, frameCount: 1 };
    return {
      ...split,
      by: 'bands',
      runs: [
        run(frameInputs(band(layout, 0, row)), 0, still),
        run(
          [...frameInputs(band(layout, row, layout.height - row)), ...frameRows(helperSourceFirstRow(layout))],
          1,
          still,
        ),
      ],
    };
  }
  const frames = { firstFrame: 0, frameCount: first };
  const rest = { firstFrame: first, frameCount: layout.frames.length - first };
  return {
    ...split,
    by: 'frames',
    runs: [
      run(frameInputs(layout, 0, frames.frameCount), 0, frames),
      run(frameInputs(layout, first, rest.frameCount), 1, rest),
    ],
  };
}

/**
 * The core's arguments: raw RGBA frames of the output size in; out, the frames as palette indices when
 * the optimiser writes the GIF (`indexed`: every animation, lossy stills), else the GIF of a
 * still, which gif/bytes.ts applyTiming gives its exact timing.
 */
export function buildPlan(
  layout: FrameLayout,
  settings: ConversionSettings,
  content: ContentFacts,
  now: number = Date.now(),
): ConversionPlan {
  const exactColours = content.exactColours ?? null;
  const exact = exactColours !== null && keepsEveryColour(settings.quality, exactColours.length);
  const palette: PaletteOptions = exact
    ? { maxColors: exactColours.length, dither: 'none' }
    : paletteOptions(settings.quality, settings.dither, {
        smooth: content.smoothGradient,
        animated: layout.frames.length > 1,
      });
  const optimisation = optimisationFor({ frames: layout.frames, palette });
  const indexed = optimisation !== null;
  const outputFile = indexed ? INDICES_FILE : OUTPUT_FILE;
  const mapping = paletteMapping(palette, settings);
  const args = [...frameInputs(layout), ...mapping, ...coreOutput(layout, indexed, outputFile)];
  return {
    ...layout,
    palette,
    exactPalette: exact ? exactPaletteBytes(exactColours, content.transparent) : null,
    optimisation,
    outputFile,
    paletteFile: PALETTE_FILE,
    args,
    split: splitPlan(layout, mapping, optimisation),
    fileName: outputFileName(layout.mode, now),
  };
}
