import {
  ColourVariety,
  EMPTY_STATS,
  gradientStats,
  isSmoothGradient,
  MANY_COLOURS,
  mergeStats,
} from '../engine/content-analysis';
import type { ConversionProgress } from '../engine/contracts';
import { errorMessageOf } from '../engine/errors';
import { errorSummary, framesWritten, isCoreAbort } from '../engine/ffmpeg-log';
import { applyTiming, joinGifs } from '../engine/gif-bytes';
import { splitFrames } from '../engine/segments';
import { buildPlan, planLayout, type ConversionPlan, type FrameSource, type PlannedFrame } from '../engine/plan';
import {
  completeProgress,
  finalizingProgress,
  milestonesFor,
  preparingProgress,
  processingProgress,
} from '../engine/progress';
import type { ConversionSettings } from '../engine/settings';
import type { FFmpegPort } from './ffmpeg-port';

/** Produces a frame's pixels: RGBA of the plan's output size, the picture already drawn at its placement. */
export type FrameReader = (frame: PlannedFrame, canvas: { width: number; height: number }) => Promise<Uint8Array>;

export interface ConversionJob {
  settings: ConversionSettings;
  /** The chosen files' names and sizes, in frame order. */
  sources: readonly FrameSource[];
  readFrame: FrameReader;
  onProgress?: (progress: ConversionProgress) => void;
  /** A second, idle core: when the plan splits, half of the frames are encoded on it at the same time. */
  helper?: FFmpegPort;
  /** When looping: how often the GIF plays (an APNG's own play count; 0 = forever). */
  plays?: number;
}

export interface JobResult {
  gif: Uint8Array;
  plan: ConversionPlan;
}

/** Raised when ffmpeg itself failed: the instance that ran the job must be replaced. */
export class EncoderError extends Error {}

const LOG_LINES_KEPT = 40;

function hasTransparency(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! < 128) return true;
  return false;
}

/**
 * One conversion on one ffmpeg instance: plan → frames written one at a time → the plan's arguments →
 * the GIF with exact timing. Inputs and output are deleted from the instance's file system whatever
 * happens, so a warm instance stays clean between jobs.
 */
export async function runConversionJob(port: FFmpegPort, job: ConversionJob): Promise<JobResult> {
  const report = job.onProgress ?? (() => {});
  const layout = planLayout(job.settings, job.sources);
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
    for (const [index, frame] of layout.frames.entries()) {
      const rgba = await job.readFrame(frame, layout);
      if (rgba.length !== layout.width * layout.height * 4)
        throw new Error(`Frame ${index + 1} has ${rgba.length} bytes, expected ${layout.width}x${layout.height} RGBA`);
      stats = mergeStats(stats, gradientStats(rgba, layout.width, layout.height));
      transparent ||= hasTransparency(rgba);
      variety.add(rgba);
      if (helper && helperFrom !== null && index >= helperFrom) {
        // Writing transfers the buffer, so the helper gets its own copy first.
        await helper.writeFile(frame.inputFile, rgba.slice());
        writtenOnHelper.push(frame.inputFile);
      }
      await port.writeFile(frame.inputFile, rgba);
      written.push(frame.inputFile);
      report(preparingProgress(milestones, index + 1, total));
    }

    const plan = buildPlan(layout, job.settings, {
      smoothGradient: isSmoothGradient(stats),
      transparent,
      manyColours: variety.distinct > MANY_COLOURS,
    });
    report(processingProgress(milestones, 0, total));
    let muxed: Uint8Array;
    if (helper && plan.split && helperFrom === plan.split.runs[1].firstFrame) {
      const split = plan.split;
      outputs.push(split.paletteFile, ...split.runs.map((run) => run.outputFile));
      await execOrThrow(port, split.paletteArgs, () => {});
      await helper.writeFile(split.paletteFile, await port.readFile(split.paletteFile));
      const done = [0, 0];
      const onFrames = (run: number) => (frames: number) => {
        done[run] = frames;
        report(processingProgress(milestones, done[0]! + done[1]!, total));
      };
      const [first, second] = await Promise.all([
        execOrThrow(port, split.runs[0].args, onFrames(0)).then(() => port.readFile(split.runs[0].outputFile)),
        execOrThrow(helper, split.runs[1].args, onFrames(1)).then(() => helper.readFile(split.runs[1].outputFile)),
      ]);
      muxed = joinGifs([first, second]);
    } else {
      outputs.push(plan.outputFile);
      await execOrThrow(port, plan.args, (frames) => report(processingProgress(milestones, frames, total)));
      muxed = await port.readFile(plan.outputFile);
    }

    report(finalizingProgress(milestones));
    const gif = applyTiming(muxed, {
      delaysCs: plan.frames.map((f) => f.delayCs),
      loop: plan.loop,
      ...(job.plays !== undefined ? { plays: job.plays } : {}),
      // Whole frames over a cleared canvas: transparent pixels show the page, not the previous frame.
      ...(transparent && total > 1 ? { disposal: 'background' as const } : {}),
    });
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
