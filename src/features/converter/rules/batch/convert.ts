import { runBatch, type BatchProgress, type JobOutcome } from './scheduler';
import type {
  BatchItemResult,
  ConversionOutput,
  ConversionProgress,
  ConversionRequest,
  ConvertEachOptions,
  ConvertOptions,
} from '../contracts';

export type ConvertOne = (request: ConversionRequest, options: ConvertOptions) => Promise<ConversionOutput>;

function toItem(sourceName: string, outcome: JobOutcome<ConversionOutput>): BatchItemResult {
  return outcome.status === 'done'
    ? { status: 'done', sourceName, output: outcome.value }
    : { status: 'failed', sourceName, error: outcome.error };
}

function batchProgress({ done, total, percent }: BatchProgress): ConversionProgress {
  const finished = done === total;
  return {
    stage: finished ? 'complete' : done === 0 && percent === 0 ? 'preparing' : 'processing',
    progress: percent,
    message: finished ? `Converted ${total} files` : `Converting ${total} files: ${done} of ${total} done...`,
    filesDone: done,
    filesTotal: total,
  };
}

/**
 * A static batch on top of single conversions: each file becomes its own one-file request with the
 * same settings, `concurrency` of them at a time (the caller sizes it to its engine pool and memory).
 */
export async function convertEachFile(
  convert: ConvertOne,
  concurrency: number,
  request: ConversionRequest,
  options: ConvertEachOptions = {},
): Promise<BatchItemResult[]> {
  const { files } = request;
  if (files.length === 0) throw new Error('No files provided');
  const settings = { ...request.settings, mode: 'static' as const };
  const outcomes = await runBatch(files, {
    concurrency,
    ...(options.signal ? { signal: options.signal } : {}),
    run: (file, index, job) => {
      // An expanded APNG frame stays that frame: a static batch of frames makes one still GIF per frame.
      const frame = request.animationFrames?.[index];
      const one = { files: [file], settings, ...(frame != null ? { animationFrames: [frame] } : {}) };
      return convert(one, {
        signal: job.signal,
        ...(options.abortGraceMs !== undefined ? { abortGraceMs: options.abortGraceMs } : {}),
        ...(options.keepDecodes ? { keepDecodes: true } : {}),
        onProgress: (p) => job.onProgress(p.progress),
      });
    },
    onSettled: (index, outcome) => options.onItem?.(index, toItem(files[index]!.name, outcome)),
    onProgress: (progress) => options.onProgress?.(batchProgress(progress)),
  });
  return outcomes.map((outcome, index) => toItem(files[index]!.name, outcome));
}
