import { histogramStep } from './palette-refine';
import { outputSize, placeFrame, type Placement, type Size } from './dimensions';
import { ERROR_MESSAGES } from './errors';
import { outputFileName } from './file-name';
import { exactPaletteBytes } from './content-analysis';
import { decodeSizes, extraDecodedBytes } from './decode-size';
import { assertFitsInMemory, heapHeadroom, RESTART_AFTER_HEAP_BYTES } from './memory';
import { keepsEveryColour, ORDERED_BAYER_SCALE, paletteOptions, type PaletteOptions } from './quality';
import { splitFrames, type FrameRun } from './segments';
import type { ConversionMode, ConversionSettings } from './settings';
import { frameSequence, jobLoopCount } from './timing';
import type { GifOptimiseOptions } from './gif-optimise';

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
  /**
   * The size the browser decodes it to and hands over (decode-size.ts): the core scales it with lanczos
   * to the placement's size and draws it there on the transparent canvas.
   */
  decoded: Size;
  /** Where the picture is drawn on the transparent canvas. */
  placement: Placement;
  /** GIF delays are centiseconds. */
  delayCs: number;
  /** The raw RGBA file the engine writes for ffmpeg. */
  inputFile: string;
  /** Every how many pixels the decode worker samples this frame for the palette's colour histogram. */
  histogramStep: number;
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
  /** How the first core makes the palette; null when the engine writes the exact palette itself. */
  paletteArgs: string[] | null;
  runs: [EncodeRun, EncodeRun];
}

/**
 * Everything the engine core needs for one job, built in two steps: the layout (planLayout) before any
 * pixel is read, the encode half (buildPlan) once the decode workers' content facts are in. The runtime
 * runs the plan; every decision is made here.
 */
export interface ConversionPlan extends FrameLayout {
  palette: PaletteOptions;
  /** The picture fits one GIF palette: the engine writes these colours here (the core's 16x16 RGB32). */
  exactPalette: { file: string; bytes: Uint8Array } | null;
  /**
   * How the pass after the core (gif-optimise.ts) writes the GIF: the core then hands it the frames as
   * palette indices (-indices-out, indexed-frames.ts), with no LZW to write there or decode here. Null:
   * no pass, the core writes the GIF (`outputFile`).
   */
  optimisation: GifOptimiseOptions | null;
  outputFile: string;
  /**
   * Run before `args` unless the palette is exact: palettegen writes its palette to `paletteFile`, the
   * engine refines it (palette-refine.ts), then `args` map the frames with it (-palette-in).
   */
  paletteArgs: string[] | null;
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
/** A palettegen palette as the core writes it: 16x16 pixels, raw. */
const PALETTE_FILE = 'palette.pal';

/**
 * Static mode converts the first file only; animated mode makes one frame per file, in order, then the
 * timing extras (frames kept, hold, boomerang: timing.ts) give the GIF's frame sequence, where a file may
 * appear twice: each frame of the sequence is its own input file, so ffmpeg's frame differences stay right.
 * Throws 'No files provided' for an empty list and the memory message for a job that cannot fit.
 * `apngPlays`: an APNG converted on its own keeps its play count while the loop settings are default.
 */
export function planLayout(
  settings: ConversionSettings,
  sources: readonly FrameSource[],
  apngPlays?: number | null,
): FrameLayout {
  const first = sources[0];
  if (!first) throw new Error(ERROR_MESSAGES.noFiles);
  const used = settings.mode === 'static' ? [first] : sources;
  const canvas = outputSize(settings, first);
  const keepAspect = !settings.resize || settings.maintainAspectRatio;
  const placements = used.map((source) => placeFrame(source, canvas, keepAspect));
  const placementBytes = placements.reduce((sum, p) => sum + p.width * p.height * 4, 0);
  const delaysMs = used.map((source) => source.delayMs ?? settings.frameDelay);
  const sequence =
    settings.mode === 'static' ? [{ sourceIndex: 0, delayMs: delaysMs[0]! }] : frameSequence(delaysMs, settings);
  // Full-size frames get what the heap has left once the job at the output size is counted.
  const budget = heapHeadroom(sequence.length, canvas.width, canvas.height) + placementBytes;
  const decoded = decodeSizes(used, placements, budget);
  const estimatedHeapBytes = assertFitsInMemory(
    sequence.length,
    canvas.width,
    canvas.height,
    extraDecodedBytes(decoded, placements),
  );
  // The palette refinement's histogram samples about the same number of pixels whatever the job's size.
  const step = histogramStep(
    sequence.reduce((sum, { sourceIndex }) => sum + decoded[sourceIndex]!.width * decoded[sourceIndex]!.height, 0),
  );
  return {
    ...canvas,
    mode: settings.mode,
    loopCount: jobLoopCount(settings.loop, settings.loopPlays, apngPlays),
    frames: sequence.map(({ sourceIndex, delayMs }, index) => ({
      name: used[sourceIndex]!.name,
      sourceIndex,
      source: { width: used[sourceIndex]!.width, height: used[sourceIndex]!.height },
      decoded: decoded[sourceIndex]!,
      placement: placements[sourceIndex]!,
      delayCs: delayToCentiseconds(delayMs),
      inputFile: inputFileName(index),
      histogramStep: step,
    })),
    estimatedHeapBytes,
    restartAfter: estimatedHeapBytes > RESTART_AFTER_HEAP_BYTES,
  };
}

/** What the frames' pixels told the engine (content-analysis.ts). */
export interface ContentFacts {
  smoothGradient: boolean;
  /** Nothing but smooth ramps: full-strength diffusion (quality.ts). */
  cleanGradient?: boolean;
  transparent: boolean;
  /** Many distinct colours: the palette is computed from a quarter of the pixels (measured there). */
  manyColours?: boolean;
  /** Every colour of every frame (0xRRGGBB) when they fit one GIF palette with the transparent entry. */
  exactColours?: readonly number[] | null;
}

function paletteGen(palette: PaletteOptions, manyColours: boolean): string {
  // Every other pixel of every other row, real colours only (no blending).
  const sample = manyColours ? 'scale=trunc((iw+1)/2):trunc((ih+1)/2):flags=neighbor,' : '';
  return `${sample}palettegen=max_colors=${palette.maxColors}:reserve_transparent=1:stats_mode=full`;
}

function paletteUse(palette: PaletteOptions, alphaThreshold: number): string {
  const use = [`dither=${palette.dither}`];
  if (palette.dither === 'bayer') use.push(`bayer_scale=${palette.bayerScale ?? ORDERED_BAYER_SCALE}`);
  // Binary transparency: pixels under the threshold become the reserved transparent colour.
  use.push(`alpha_threshold=${alphaThreshold}`);
  return `paletteuse=${use.join(':')}`;
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
 * Whether the pass runs for a plan, and how: animations always (frame differencing is lossless and
 * ffmpeg's own only covers opaque frames), stills only when lossy: a lossless re-encode of one frame
 * only gains the smaller colour table (1.7–2 % on 1920x1080/1920x1440 pictures at quality 80) for about 7 % of the
 * conversion's CPU time (tests/engine/measure/optimiser-cost.ts): the quality mapping may turn it on.
 */
export function optimisationFor(plan: {
  frames: readonly unknown[];
  palette: PaletteOptions;
}): GifOptimiseOptions | null {
  const lossiness = plan.palette.lossiness ?? 0;
  if (lossiness <= 0 && plan.frames.length < 2) return null;
  return { lossiness };
}

/** Indexed: the frames for the pass; else a GIF (a still: animations always go through the pass). */
function coreOutput(layout: FrameLayout, indexed: boolean, file: string): string[] {
  if (indexed) return ['-indices-out', file];
  return ['-loop', layout.loopCount === null ? '-1' : String(layout.loopCount), '-o', file];
}

/**
 * Whether palettegen's run samples the frames at half size (below); otherwise it keeps them as placed
 * (`-keep-placed`), and the encode reads them as they are instead of scaling them again.
 */
const sampledAtHalf = (layout: FrameLayout, content: ContentFacts) =>
  (content.manyColours ?? false) && layout.frames.every(shrinks);

function paletteGenArgs(layout: FrameLayout, palette: PaletteOptions, content: ContentFacts): string[] {
  if (sampledAtHalf(layout, content)) {
    // The picture is a lanczos blend of its source pixels anyway: palettegen's quarter sample is made
    // straight from them by averaging (area) at half the placement size, not lanczos at full size and then
    // every other pixel. Node core, a 5640x3172 photo → 1920x1080, the palette step 405 → 253 ms; the
    // GIFs' bytes / SSIM-Y / butteraugli the same (elephants 1123K/.8952/3.70 → 1122K/.8952/3.62, the bench's
    // 4000x3000 photo 1132K/.9073/3.59 → 1133K/.9076/3.24, gradient 599K/.9034/5.31 → 597K/.9030/5.19, the
    // elephants with grain 1216K/.8952/3.81 → 1218K/.8954/3.69). `neighbor` was faster still (100 ms) but
    // lost 0.004 SSIM-Y on the grainy one: single source pixels carry the grain the picture averages out.
    return [
      ...frameInputs(halfSize(layout)),
      '-scaler', 'area',
      '-filter', paletteGen(palette, false),
      '-palette-out', PALETTE_FILE,
    ]; // prettier-ignore
  }
  // A 4000x3000 screenshot → 1920x1440: the lanczos downscale took ~225 ms of each run, palettegen 10 ms
  // and paletteuse 20 ms after it (Node core), so the encode reads the frames palettegen's run placed.
  return [
    ...frameInputs(layout),
    '-keep-placed', '1',
    '-filter', paletteGen(palette, content.manyColours ?? false),
    '-palette-out', PALETTE_FILE,
  ]; // prettier-ignore
}

/** The frames as `-keep-placed` left them: each of the canvas's size, at 0,0. */
function placed(layout: FrameLayout): FrameLayout {
  const canvas = { width: layout.width, height: layout.height };
  return {
    ...layout,
    frames: layout.frames.map((frame) => ({ ...frame, decoded: canvas, placement: { x: 0, y: 0, ...canvas } })),
  };
}

/** The layout at half its size (rounded up), each frame's placement with it. */
function halfSize(layout: FrameLayout): FrameLayout {
  const half = (length: number) => Math.trunc((length + 1) / 2);
  return {
    ...layout,
    width: half(layout.width),
    height: half(layout.height),
    frames: layout.frames.map((frame) => ({
      ...frame,
      placement: {
        x: Math.trunc(frame.placement.x / 2),
        y: Math.trunc(frame.placement.y / 2),
        width: half(frame.placement.width),
        height: half(frame.placement.height),
      },
    })),
  };
}

/** A frame decoded larger than it is shown: the core scales it down. */
const shrinks = ({ decoded, placement }: FrameLayout['frames'][number]) =>
  decoded.width > placement.width && decoded.height > placement.height;

/**
 * `keptPlaced`: palettegen's run left the frames placed on the first core, which encodes the first run;
 * the helper core has its own copies of the second run's frames, as handed over.
 */
function splitPlan(
  layout: FrameLayout,
  palette: PaletteOptions,
  alphaThreshold: number,
  paletteArgs: string[] | null,
  keptPlaced: boolean,
): SplitPlan | null {
  // Only animations are split, and their frames always go through the pass as indices.
  const runs = splitFrames(layout.frames.length, layout.width, layout.height);
  if (!runs) return null;
  const encodeRun = (run: FrameRun, index: number): EncodeRun => {
    const outputFile = `run${index}.idx`;
    const args = [
      ...frameInputs(index === 0 && keptPlaced ? placed(layout) : layout, run.firstFrame, run.frameCount),
      '-palette-in', PALETTE_FILE,
      '-filter', `[frames][palette]${paletteUse(palette, alphaThreshold)}`,
      ...coreOutput(layout, true, outputFile),
    ]; // prettier-ignore
    return { ...run, args, outputFile };
  };
  return {
    paletteFile: PALETTE_FILE,
    paletteArgs,
    runs: [encodeRun(runs[0], 0), encodeRun(runs[1], 1)],
  };
}

/**
 * The core's arguments: raw RGBA frames of the output size in; out, the frames as palette indices when
 * the pass after the core writes the GIF (`indexed`: every animation, lossy stills), else the GIF of a
 * still, which gif-bytes.ts applyTiming gives its exact timing.
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
        clean: content.cleanGradient ?? false,
        animated: layout.frames.length > 1,
      });
  // The palette always goes in as the palette input: the exact one written by the engine, or
  // palettegen's, refined by the engine between the two runs of the core.
  const paletteArgs = exact ? null : paletteGenArgs(layout, palette, content);
  const keptPlaced = paletteArgs !== null && !sampledAtHalf(layout, content);
  const optimisation = optimisationFor({ frames: layout.frames, palette });
  const indexed = optimisation !== null;
  const outputFile = indexed ? INDICES_FILE : OUTPUT_FILE;
  const args = [
    ...frameInputs(keptPlaced ? placed(layout) : layout),
    '-palette-in', PALETTE_FILE,
    '-filter', `[frames][palette]${paletteUse(palette, settings.alphaThreshold)}`,
    ...coreOutput(layout, indexed, outputFile),
  ]; // prettier-ignore
  return {
    ...layout,
    palette,
    exactPalette: exact ? { file: PALETTE_FILE, bytes: exactPaletteBytes(exactColours, content.transparent) } : null,
    optimisation,
    outputFile,
    paletteArgs,
    paletteFile: PALETTE_FILE,
    args,
    split: splitPlan(layout, palette, settings.alphaThreshold, paletteArgs, keptPlaced),
    fileName: outputFileName(layout.mode, now),
  };
}
