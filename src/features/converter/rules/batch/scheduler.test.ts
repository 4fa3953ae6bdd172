import { describe, expect, it } from 'vitest';
import { runBatch, type BatchProgress, type JobContext, type JobOutcome } from './scheduler';
import { FAILURE_MESSAGES } from '../errors';

/** A job runner the test settles by hand, recording which jobs run at the same time. */
function manualRunner() {
  const jobs = new Map<number, { resolve(v: string): void; reject(e: unknown): void; context: JobContext }>();
  let running = 0;
  let peak = 0;
  const started: number[] = [];
  const run = (_item: string, index: number, context: JobContext) =>
    new Promise<string>((resolve, reject) => {
      started.push(index);
      running++;
      peak = Math.max(peak, running);
      const done = () => running--;
      jobs.set(index, {
        resolve: (v) => (done(), resolve(v)),
        reject: (e) => (done(), reject(e)),
        context,
      });
    });
  return {
    run,
    started,
    job: (index: number) => jobs.get(index)!,
    get peak() {
      return peak;
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runBatch', () => {
  it('never runs more jobs than the concurrency limit, and keeps the pool full', async () => {
    const runner = manualRunner();
    const items = ['a', 'b', 'c', 'd', 'e'];
    const batch = runBatch(items, { concurrency: 2, run: runner.run });
    await flush();
    expect(runner.started).toEqual([0, 1]);
    runner.job(1).resolve('B');
    await flush();
    expect(runner.started).toEqual([0, 1, 2]);
    runner.job(0).resolve('A');
    await flush();
    expect(runner.started).toEqual([0, 1, 2, 3]);
    for (const i of [3, 2]) runner.job(i).resolve(items[i]!.toUpperCase());
    await flush();
    runner.job(4).resolve('E');
    await batch;
    expect(runner.peak).toBe(2);
  });

  it('returns the outcomes in the order of the items, whatever order they finish in', async () => {
    const runner = manualRunner();
    const settledOrder: number[] = [];
    const batch = runBatch(['a', 'b', 'c'], {
      concurrency: 3,
      run: runner.run,
      onSettled: (index) => settledOrder.push(index),
    });
    await flush();
    runner.job(2).resolve('C');
    runner.job(0).resolve('A');
    runner.job(1).resolve('B');
    expect(await batch).toEqual([
      { status: 'done', value: 'A' },
      { status: 'done', value: 'B' },
      { status: 'done', value: 'C' },
    ]);
    expect(settledOrder).toEqual([2, 0, 1]);
  });

  it('isolates failures: a failed job is recorded with its message for a person and the others are delivered', async () => {
    const outcomes = await runBatch(['ok', 'broken', 'thrown', 'ok'], {
      concurrency: 2,
      run: async (item) => {
        if (item === 'broken') throw new Error('Failed to load image: broken.png');
        if (item === 'thrown') throw 'no message object';
        return item.length;
      },
    });
    expect(outcomes).toEqual<JobOutcome<number>[]>([
      { status: 'done', value: 2 },
      { status: 'failed', error: 'Failed to load image: broken.png' },
      // A raw text is never shown: the message of its kind is.
      { status: 'failed', error: FAILURE_MESSAGES.unknown },
      { status: 'done', value: 2 },
    ]);
  });

  it('treats a job that throws synchronously as failed', async () => {
    const outcomes = await runBatch([1], {
      concurrency: 1,
      run: () => {
        throw new RangeError('Array buffer allocation failed');
      },
    });
    expect(outcomes).toEqual([{ status: 'failed', error: FAILURE_MESSAGES['out-of-memory'] }]);
  });

  it('abort rejects with an AbortError, signals the running jobs and starts no pending one', async () => {
    const runner = manualRunner();
    const controller = new AbortController();
    const settled: number[] = [];
    const batch = runBatch(['a', 'b', 'c', 'd'], {
      concurrency: 2,
      run: runner.run,
      signal: controller.signal,
      onSettled: (index) => settled.push(index),
    });
    await flush();
    runner.job(0).resolve('A');
    await flush();
    expect(runner.started).toEqual([0, 1, 2]);
    controller.abort();
    await expect(batch).rejects.toMatchObject({ name: 'AbortError' });
    expect(runner.job(1).context.signal.aborted).toBe(true);
    expect(runner.job(2).context.signal.aborted).toBe(true);
    runner.job(1).resolve('late');
    runner.job(2).reject(new DOMException('Aborted', 'AbortError'));
    await flush();
    expect(runner.started).toEqual([0, 1, 2]);
    expect(settled).toEqual([0]);
  });

  it('does not start at all when already aborted', async () => {
    const runner = manualRunner();
    const controller = new AbortController();
    controller.abort();
    await expect(runBatch(['a'], { concurrency: 1, run: runner.run, signal: controller.signal })).rejects.toMatchObject(
      { name: 'AbortError' },
    );
    expect(runner.started).toEqual([]);
  });

  it('reports files done and an overall percent that only moves forward', async () => {
    const runner = manualRunner();
    const reports: BatchProgress[] = [];
    const batch = runBatch(['a', 'b'], { concurrency: 2, run: runner.run, onProgress: (p) => reports.push(p) });
    await flush();
    runner.job(0).context.onProgress(50);
    runner.job(0).context.onProgress(40);
    runner.job(1).context.onProgress(100);
    runner.job(0).resolve('A');
    await flush();
    runner.job(1).resolve('B');
    await batch;
    expect(reports).toEqual([
      { done: 0, total: 2, percent: 0 },
      { done: 0, total: 2, percent: 25 },
      // A job reporting 100 before it settles still counts 99: done means settled.
      { done: 0, total: 2, percent: 74 },
      { done: 1, total: 2, percent: 99 },
      { done: 2, total: 2, percent: 100 },
    ]);
  });

  it('resolves an empty batch at once', async () => {
    expect(await runBatch([], { concurrency: 4, run: async () => 1 })).toEqual([]);
  });
});
