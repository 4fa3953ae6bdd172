import { EMPTY_STATS, gradientStats, isSmoothGradient, mergeStats } from '../engine/content-analysis';
import type { ConversionProgress } from '../engine/contracts';
import { errorMessageOf } from '../engine/errors';
import { errorSummary, framesWritten, isCoreAbort } from '../engine/ffmpeg-log';
import { applyTiming } from '../engine/gif-bytes';
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
  let outputFile: string | null = null;

  try {
    report(preparingProgress(milestones, 0, total));
    let stats = EMPTY_STATS;
    let transparent = false;
    for (const [index, frame] of layout.frames.entries()) {
      const rgba = await job.readFrame(frame, layout);
      if (rgba.length !== layout.width * layout.height * 4)
        throw new Error(`Frame ${index + 1} has ${rgba.length} bytes, expected ${layout.width}x${layout.height} RGBA`);
      stats = mergeStats(stats, gradientStats(rgba, layout.width, layout.height));
      transparent ||= hasTransparency(rgba);
      await port.writeFile(frame.inputFile, rgba);
      written.push(frame.inputFile);
      report(preparingProgress(milestones, index + 1, total));
    }

    const plan = buildPlan(layout, job.settings, { smoothGradient: isSmoothGradient(stats), transparent });
    outputFile = plan.outputFile;
    report(processingProgress(milestones, 0, total));
    const lines: string[] = [];
    let coreAborted = false;
    const unsubscribe = port.onLog((line) => {
      lines.push(line);
      if (lines.length > LOG_LINES_KEPT) lines.shift();
      coreAborted ||= isCoreAbort(line);
      const frames = framesWritten(line);
      if (frames !== null) report(processingProgress(milestones, frames, total));
    });
    let code: number;
    try {
      code = await port.exec(plan.args);
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

    report(finalizingProgress(milestones));
    const muxed = await port.readFile(plan.outputFile);
    const gif = applyTiming(muxed, {
      delaysCs: plan.frames.map((f) => f.delayCs),
      loop: plan.loop,
      // Whole frames over a cleared canvas: transparent pixels show the page, not the previous frame.
      ...(transparent && total > 1 ? { disposal: 'background' as const } : {}),
    });
    report(completeProgress(milestones));
    return { gif, plan };
  } finally {
    for (const file of outputFile ? [...written, outputFile] : written) {
      // A missing output (failed job) is not an error here.
      await port.deleteFile(file).catch(() => {});
    }
  }
}
