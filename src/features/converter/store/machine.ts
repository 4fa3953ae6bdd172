import type { ConversionOutput, ConversionProgress } from '../engine/contracts';

/** The converter's state machine: idle → converting → done | failed (spec section 4). */
export type ConverterState =
  | { status: 'idle' }
  | { status: 'converting'; jobId: number; progress: ConversionProgress }
  | { status: 'done'; result: ConversionOutput }
  | { status: 'failed'; error: string };

export type ConverterEvent =
  | { type: 'start'; jobId: number }
  | { type: 'progress'; jobId: number; progress: ConversionProgress }
  | { type: 'succeed'; jobId: number; result: ConversionOutput }
  | { type: 'fail'; jobId: number; error: string }
  | { type: 'cancel' }
  | { type: 'reset' };

const INITIAL_PROGRESS: ConversionProgress = { stage: 'preparing', progress: 0, message: 'Starting...' };

/** Pure transition; events of a stale job (another jobId) leave the state unchanged. */
export function transition(state: ConverterState, event: ConverterEvent): ConverterState {
  switch (event.type) {
    case 'start':
      return state.status === 'converting'
        ? state
        : { status: 'converting', jobId: event.jobId, progress: INITIAL_PROGRESS };
    case 'progress':
      if (state.status !== 'converting' || state.jobId !== event.jobId) return state;
      // Progress never goes backwards within a job.
      if (event.progress.progress < state.progress.progress) return state;
      return { ...state, progress: event.progress };
    case 'succeed':
      if (state.status !== 'converting' || state.jobId !== event.jobId) return state;
      return { status: 'done', result: event.result };
    case 'fail':
      if (state.status !== 'converting' || state.jobId !== event.jobId) return state;
      return { status: 'failed', error: event.error };
    case 'cancel':
      return state.status === 'converting' ? { status: 'idle' } : state;
    case 'reset':
      return { status: 'idle' };
  }
}
