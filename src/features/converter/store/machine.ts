import type { BatchItemResult, ConversionOutput, ConversionProgress } from '../rules/contracts';
import type { FitReport } from '../rules/estimate/fit-under';

/**
 * The converter's state machine: idle → converting → done | failed.
 * A static batch (one GIF per file) ends in batch-done, holding every file's GIF or error.
 * done, batch-done and failed keep the last progress so the progress card can still show where the job ended.
 */
export type ConverterState =
  | { status: 'idle' }
  | { status: 'converting'; jobId: number; progress: ConversionProgress }
  /** `fit`: the result of a "Fit under" search, with what it chose. */
  | { status: 'done'; progress: ConversionProgress; result: ConversionOutput; fit?: FitReport }
  | { status: 'batch-done'; progress: ConversionProgress; items: readonly BatchItemResult[] }
  | { status: 'failed'; progress: ConversionProgress; error: string };

export type ConverterEvent =
  | { type: 'start'; jobId: number }
  | { type: 'progress'; jobId: number; progress: ConversionProgress }
  | { type: 'succeed'; jobId: number; result: ConversionOutput; fit?: FitReport }
  | { type: 'succeed-batch'; jobId: number; items: readonly BatchItemResult[] }
  | { type: 'fail'; jobId: number; error: string }
  /** The user stopped the job: back to idle, quietly. */
  | { type: 'cancel'; jobId: number }
  /** Reset, or a new selection: forget the result, the error and the progress. */
  | { type: 'clear' };

export const INITIAL_PROGRESS: ConversionProgress = { stage: 'preparing', progress: 0, message: 'Starting...' };

const COMPLETE_PROGRESS: ConversionProgress = { stage: 'complete', progress: 100, message: 'Conversion complete' };

/** Pure transition. Events of a job that is not the current one (stale jobId) leave the state unchanged. */
export function transition(state: ConverterState, event: ConverterEvent): ConverterState {
  if (event.type === 'clear') return state.status === 'converting' ? state : { status: 'idle' };
  if (event.type === 'start') {
    return state.status === 'converting'
      ? state
      : { status: 'converting', jobId: event.jobId, progress: INITIAL_PROGRESS };
  }
  if (state.status !== 'converting' || state.jobId !== event.jobId) return state;
  switch (event.type) {
    case 'progress':
      // Progress never goes backwards within a job.
      return event.progress.progress < state.progress.progress ? state : { ...state, progress: event.progress };
    case 'succeed':
      return {
        status: 'done',
        progress: COMPLETE_PROGRESS,
        result: event.result,
        ...(event.fit ? { fit: event.fit } : {}),
      };
    case 'succeed-batch': {
      const filesTotal = event.items.length;
      const progress = { ...COMPLETE_PROGRESS, filesDone: filesTotal, filesTotal };
      return { status: 'batch-done', progress, items: event.items };
    }
    case 'fail':
      return { status: 'failed', progress: state.progress, error: event.error };
    case 'cancel':
      return { status: 'idle' };
  }
}
