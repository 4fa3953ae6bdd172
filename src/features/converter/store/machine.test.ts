import { describe, expect, it } from 'vitest';
import type { ConversionOutput } from '../rules/contracts';
import { INITIAL_PROGRESS, transition, type ConverterState } from './machine';

const result: ConversionOutput = { gif: new Blob(), fileName: 'converted_1.gif', width: 1, height: 1, frameCount: 1 };
const idle: ConverterState = { status: 'idle' };
const converting: ConverterState = { status: 'converting', jobId: 7, progress: INITIAL_PROGRESS };
const halfway = { stage: 'processing', progress: 50, message: 'Processing' } as const;

describe('transition', () => {
  it('starts a job from idle, done or failed', () => {
    expect(transition(idle, { type: 'start', jobId: 7 })).toEqual(converting);
    const done: ConverterState = { status: 'done', progress: halfway, result };
    expect(transition(done, { type: 'start', jobId: 8 })).toMatchObject({ status: 'converting', jobId: 8 });
  });
  it('does not start a second job while one runs', () => {
    expect(transition(converting, { type: 'start', jobId: 8 })).toBe(converting);
  });
  it('records progress of the current job, never backwards', () => {
    const moved = transition(converting, { type: 'progress', jobId: 7, progress: halfway });
    expect(moved).toEqual({ ...converting, progress: halfway });
    expect(transition(moved, { type: 'progress', jobId: 7, progress: { ...halfway, progress: 30 } })).toBe(moved);
  });
  it('ends in done with the result, or failed with the message and the last progress', () => {
    expect(transition(converting, { type: 'succeed', jobId: 7, result })).toMatchObject({
      status: 'done',
      result,
      progress: { stage: 'complete', progress: 100 },
    });
    const moved = transition(converting, { type: 'progress', jobId: 7, progress: halfway });
    expect(transition(moved, { type: 'fail', jobId: 7, error: 'Failed to load image' })).toEqual({
      status: 'failed',
      progress: halfway,
      error: 'Failed to load image',
    });
  });
  it('ignores every event of a stale job', () => {
    expect(transition(converting, { type: 'progress', jobId: 6, progress: halfway })).toBe(converting);
    expect(transition(converting, { type: 'succeed', jobId: 6, result })).toBe(converting);
    expect(transition(converting, { type: 'fail', jobId: 6, error: 'x' })).toBe(converting);
    expect(transition(converting, { type: 'cancel', jobId: 6 })).toBe(converting);
    expect(transition(idle, { type: 'succeed', jobId: 7, result })).toBe(idle);
  });
  it('ends a batch in batch-done with every item, failed ones included', () => {
    const items = [
      { status: 'done', sourceName: 'a.png', output: result },
      { status: 'failed', sourceName: 'b.png', error: 'Failed to load image' },
    ] as const;
    expect(transition(converting, { type: 'succeed-batch', jobId: 7, items })).toEqual({
      status: 'batch-done',
      items,
      progress: { stage: 'complete', progress: 100, message: 'Conversion complete', filesDone: 2, filesTotal: 2 },
    });
    expect(transition(converting, { type: 'succeed-batch', jobId: 6, items })).toBe(converting);
    expect(transition({ status: 'batch-done', progress: halfway, items }, { type: 'clear' })).toEqual(idle);
  });
  it('cancel returns the current job to idle', () => {
    expect(transition(converting, { type: 'cancel', jobId: 7 })).toEqual(idle);
  });
  it('clear forgets a result or an error, but not a running job', () => {
    expect(transition({ status: 'done', progress: halfway, result }, { type: 'clear' })).toEqual(idle);
    expect(transition({ status: 'failed', progress: halfway, error: 'x' }, { type: 'clear' })).toEqual(idle);
    expect(transition(converting, { type: 'clear' })).toBe(converting);
  });
});
