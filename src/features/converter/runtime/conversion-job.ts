import {
  ColourVariety,
  EMPTY_STATS,
  gradientStats,
  isCleanGradient,
  isSmoothGradient,
  MANY_COLOURS,
  mergeStats,
  GIF_PALETTE_SIZE,
  PaletteFit,
} from '../rules/content-analysis';
import type { ConversionProgress } from '../rules/contracts';
import type { Placement, Size } from '../rules/dimensions';
import { errorMessageOf } from '../rules/errors';
import { errorSummary, framesWritten, isCoreAbort } from '../rules/ffmpeg-log';
import { applyTiming, joinGifs } from '../rules/gif-bytes';
import { optimisationFor, type GifOptimiseOptions } from '../rules/gif-optimise';
import { applyMatte, hasTransparentPixels } from '../rules/matte';
import { splitFrames } from '../rules/segments';
import { buildPlan, planLayout, type ConversionPlan, type FrameSource, type PlannedFrame } from '../rules/plan';
import {
  completeProgress,
  finalizingProgress,
  milestonesFor,
  preparingProgress,
  processingProgress,
} from '../rules/progress';
import type { ConversionSettings } from '../rules/settings';
import { StageClock } from '../rules/stage-times';
import type { FFmpegPort } from './ffmpeg-port';

/** Produces a frame's pixels: RGBA of the frame's decoded size (the core scales and places it). */
export type FrameReader = (frame: PlannedFrame) => Promise<Uint8Array>;

/** Runs the pass after the encoder (gif-optimise.ts) off the main thread; resolves with the GIF to keep. */
export type GifOptimiser = (gif: Uint8Array, options: GifOptimiseOptions) => Promise<Uint8Array>;

export interface ConversionJob {
  settings: ConversionSettings;
  /** The chosen files' names and sizes, in frame order. */
  sources: readonly FrameSource[];
  readFrame: FrameReader;
  onProgress?: (progress: ConversionProgress) => void;
  /** A second, idle core: when the plan splits, half of the frames are encoded on it at the same time. */
  helper?: FFmpegPort;
  /** An APNG converted on its own: its num_plays (0 = forever), kept while the loop settings are default. */
  plays?: number;
  /** How many frames are decoded ahead of the one being handed over (the decoder runs them in parallel). */
  readAhead?: number;
  /** Where the job's time goes; the caller reads it afterwards. */
  clock?: StageClock;
  /** The pass after the encoder (lossy LZW, frame differencing), run off the main thread. */
  optimise: GifOptimiser;
}

/** Two frames in flight keep both decode workers busy while a third is handed over. */
const READ_AHEAD = 2;

export interface JobResult {
  gif: Uint8Array;
  plan: ConversionPlan;
}

/** Raised when ffmpeg itself failed: the instance that ran the job must be replaced. */
export class EncoderError extends Error {}

const LOG_LINES_KEPT = 40;

function coversCanvas(placement: Placement, canvas: Size): boolean {
  return placement.x <= 0 && placement.y <= 0 && placement.width >= canvas.width && placement.height >= canvas.height;
}

/**
 * One conversion on one ffmpeg instance: plan → frames written one at a time → the plan's arguments →
 * the GIF with exact timing. Inputs and output are deleted from the instance's file system whatever
 * happens, so a warm instance stays clean between jobs.
 */
export async function runConversionJob(port: FFmpegPort, job: ConversionJob): Promise<JobResult> {
  const report = job.onProgress ?? (() => {});
  const clock = job.clock ?? new StageClock();
  const layout = planLayout(job.settings, job.sources, job.plays);
  const milestones = milestonesFor(layout.frames.length);
  const total = layout.frames.length;
  const written: string[] = [];
  const writtenOnHelper: string[] = [];
  const outputs: string[] = [];
  const helper = job.helper;
  // Decided before any pixel is read: the split does not depend on content, only on the frames' size.
  const helperFrom = helper ? (splitFrames(total, layout.width, layout.height)?.[1].firstFrame ?? null) : null;

  try {
    report(preparingProgress(milestones, 0, total));
    let stats = EMPTY_STATS;
    let transparent = false;
    const variety = new ColourVariety();
    const fit = new PaletteFit();
    let unscaled = true;
    // Frames are decoded ahead, in parallel, and handed over in order: only the wait for a decoded frame
    // costs time. A frame that fails is reported when its turn comes (its early rejection is not unhandled).
    const ahead = Math.max(1, job.readAhead ?? READ_AHEAD);
    const reads: (Promise<Uint8Array> | undefined)[] = [];
    const startRead = (index: number) => {
      const frame = layout.frames[index];
      if (!frame) return;
      const read = job.readFrame(frame);
      read.catch(() => {});
      reads[index] = read;
    };
    for (let index = 0; index < ahead; index++) startRead(index);
    // Frames are handed over without waiting for each write: a worker takes its messages in order, so every
    // frame is in place before the exec that reads it. A round trip to a busy worker costs a scheduling
    // delay (measured ~24 ms per frame while decoders ran); now only the wait for the last one counts.
    const handOvers: Promise<void>[] = [];
    const handOver = (write: Promise<void>) => {
      write.catch(() => {}); // reported by the Promise.all below, not as unhandled
      handOvers.push(write);
    };
    for (const [index, frame] of layout.frames.entries()) {
      const rgba = await clock.time('decode', () => reads[index]!);
      reads[index] = undefined;
      startRead(index + ahead);
      const { width, height } = frame.decoded;
      if (rgba.length !== width * height * 4)
        throw new Error(`Frame ${index + 1} has ${rgba.length} bytes, expected ${width}x${height} RGBA`);
      clock.timeSync('analyse', () => {
        // Soft edges are blended onto the matte before anything looks at the colours.
        applyMatte(rgba, job.settings);
        stats = mergeStats(stats, gradientStats(rgba, width, height));
        // The canvas around a frame that does not cover it is transparent too.
        transparent ||=
          !coversCanvas(frame.placement, layout) || hasTransparentPixels(rgba, job.settings.alphaThreshold);
        variety.add(rgba);
        fit.add(rgba);
        // Scaled frames get colours the decoded pixels do not have: only unscaled ones can keep theirs.
        unscaled &&= frame.placement.width === width && frame.placement.height === height;
      });
      if (helper && helperFrom !== null && index >= helperFrom) {
        // Writing transfers the buffer, so the helper gets its own copy first.
        handOver(helper.writeFile(frame.inputFile, rgba.slice()));
        writtenOnHelper.push(frame.inputFile);
      }
      handOver(port.writeFile(frame.inputFile, rgba));
      written.push(frame.inputFile);
      report(preparingProgress(milestones, index + 1, total));
    }
    await clock.time('hand-over', () => Promise.all(handOvers));

    const plan = buildPlan(layout, job.settings, {
      smoothGradient: isSmoothGradient(stats),
      cleanGradient: isCleanGradient(stats),
      transparent,
      manyColours: variety.distinct > MANY_COLOURS,
      // The canvas may add the transparent entry the frames alone did not need.
      exactColours:
        unscaled && fit.colours && fit.colours.length + (transparent ? 1 : 0) <= GIF_PALETTE_SIZE ? fit.colours : null,
    });
    const exact = plan.exactPalette;
    if (exact) {
      // The helper gets its own copy: writing transfers the buffer.
      if (helper) await helper.writeFile(exact.file, exact.bytes.slice());
      await port.writeFile(exact.file, exact.bytes.slice());
      outputs.push(exact.file);
    }
    report(processingProgress(milestones, 0, total));
    let muxed: Uint8Array;
    if (helper && plan.split && helperFrom === plan.split.runs[1].firstFrame) {
      const split = plan.split;
      outputs.push(...split.runs.map((run) => run.outputFile));
      const paletteArgs = split.paletteArgs;
      if (paletteArgs) {
        outputs.push(split.paletteFile);
        await clock.time('palette', async () => {
          await execOrThrow(port, paletteArgs, () => {});
          await helper.writeFile(split.paletteFile, await port.readFile(split.paletteFile));
        });
      }
      const done = [0, 0];
      const onFrames = (run: number) => (frames: number) => {
        done[run] = frames;
        report(processingProgress(milestones, done[0]! + done[1]!, total));
      };
      const [first, second] = await clock.time('encode', () =>
        Promise.all([
          execOrThrow(port, split.runs[0].args, onFrames(0)).then(() => port.readFile(split.runs[0].outputFile)),
          execOrThrow(helper, split.runs[1].args, onFrames(1)).then(() => helper.readFile(split.runs[1].outputFile)),
        ]),
      );
      muxed = clock.timeSync('finalize', () => joinGifs([first, second]));
    } else {
      outputs.push(plan.outputFile);
      // One graph: palettegen holds every frame before the first one is mapped, so the time to the first
      // frame written is the palette's, the rest is mapping and encoding.
      const started = clock.read();
      let paletteMs: number | null = null;
      await execOrThrow(port, plan.args, (frames) => {
        paletteMs ??= clock.since(started);
        report(processingProgress(milestones, frames, total));
      });
      const execMs = clock.since(started);
      clock.add('palette', paletteMs ?? execMs);
      clock.add('encode', execMs - (paletteMs ?? execMs));
      muxed = await clock.time('finalize', () => port.readFile(plan.outputFile));
    }

    report(finalizingProgress(milestones));
    const timed = clock.timeSync('finalize', () =>
      applyTiming(muxed, {
        delaysCs: plan.frames.map((f) => f.delayCs),
        loopCount: plan.loopCount,
        // Whole frames over a cleared canvas: transparent pixels show the page, not the previous frame.
        // The optimiser reads the frames that way, then writes them differenced with their own disposals.
        ...(transparent && total > 1 ? { disposal: 'background' as const } : {}),
      }),
    );
    const optimisation = optimisationFor(plan);
    const gif = optimisation ? await clock.time('optimise', () => job.optimise(timed, optimisation)) : timed;
    report(completeProgress(milestones));
    return { gif, plan };
  } finally {
    // A missing output (failed job) is not an error here.
    for (const file of [...written, ...outputs]) await port.deleteFile(file).catch(() => {});
    if (helper) for (const file of [...writtenOnHelper, ...outputs]) await helper.deleteFile(file).catch(() => {});
  }
}

/** Runs one ffmpeg command, reporting frames written; a crash or a failure raises an EncoderError. */
async function execOrThrow(port: FFmpegPort, args: string[], onFrames: (frames: number) => void): Promise<void> {
  const lines: string[] = [];
  let coreAborted = false;
  const unsubscribe = port.onLog((line) => {
    lines.push(line);
    if (lines.length > LOG_LINES_KEPT) lines.shift();
    coreAborted ||= isCoreAbort(line);
    const frames = framesWritten(line);
    if (frames !== null) onFrames(frames);
  });
  let code: number;
  try {
    code = await port.exec(args);
  } catch (error) {
    // The core itself crashed (e.g. a wasm trap): it cannot be trusted for another job.
    throw new EncoderError(`The GIF encoder stopped unexpectedly: ${errorMessageOf(error)}`);
  } finally {
    unsubscribe();
  }
  if (code !== 0 || coreAborted) {
    const why = errorSummary(lines);
    throw new EncoderError(`The GIF encoder failed (exit code ${code})${why ? `: ${why}` : ''}`);
  }
}
