import { abortError, errorMessageOf } from '../errors';

/**
 * Runs a batch of independent jobs, at most `concurrency` at a time, and settles each one on its own:
 * a failed job is recorded with its message and the others carry on. Aborting stops everything: no
 * pending job starts, running jobs see the aborted signal, and the batch rejects with an AbortError.
 */
export type JobOutcome<T> = { status: 'done'; value: T } | { status: 'failed'; error: string };

export interface BatchProgress {
  /** Jobs settled, failed ones included. */
  done: number;
  total: number;
  /** 0–100 over the whole batch: each job weighs the same, a settled job counts 100. */
  percent: number;
}

export interface JobContext {
  signal: AbortSignal;
  /** The job's own progress, 0–100. */
  onProgress(percent: number): void;
}

export interface BatchOptions<Item, T> {
  concurrency: number;
  run(item: Item, index: number, context: JobContext): Promise<T>;
  signal?: AbortSignal;
  onSettled?(index: number, outcome: JobOutcome<T>): void;
  onProgress?(progress: BatchProgress): void;
}

/** Resolves with one outcome per item, in the items' order, whatever order the jobs finish in. */
export function runBatch<Item, T>(items: readonly Item[], options: BatchOptions<Item, T>): Promise<JobOutcome<T>[]> {
  const { run, onSettled, onProgress } = options;
  // Jobs always get a signal, even when the caller passes none.
  const signal = options.signal ?? new AbortController().signal;
  const limit = Math.max(1, Math.floor(options.concurrency));
  const total = items.length;
  const outcomes: JobOutcome<T>[] = new Array<JobOutcome<T>>(total);
  const percents = new Array<number>(total).fill(0);
  let next = 0;
  let settled = 0;

  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });

    const report = () => {
      const percent = total === 0 ? 100 : percents.reduce((sum, p) => sum + p, 0) / total;
      onProgress?.({ done: settled, total, percent: Math.floor(percent) });
    };

    const settle = (index: number, outcome: JobOutcome<T>) => {
      if (signal.aborted) return;
      outcomes[index] = outcome;
      percents[index] = 100;
      settled++;
      onSettled?.(index, outcome);
      report();
      if (settled === total) {
        signal.removeEventListener('abort', onAbort);
        resolve(outcomes);
      } else {
        start();
      }
    };

    const launch = (index: number) => {
      const onJobProgress = (percent: number) => {
        if (signal.aborted || outcomes[index]) return;
        // A job's share never moves backwards, and stays below 100 until it has settled.
        const clamped = Math.min(99, Math.max(percents[index]!, percent));
        if (clamped === percents[index]) return;
        percents[index] = clamped;
        report();
      };
      // A job that throws synchronously is a failed job like any other.
      Promise.resolve()
        .then(() => run(items[index]!, index, { signal, onProgress: onJobProgress }))
        .then(
          (value) => settle(index, { status: 'done', value }),
          (error: unknown) => settle(index, { status: 'failed', error: errorMessageOf(error) }),
        );
    };

    function start() {
      // Started minus settled is the number running.
      while (!signal.aborted && next < total && next - settled < limit) launch(next++);
    }

    report();
    if (total === 0) {
      signal.removeEventListener('abort', onAbort);
      resolve([]);
    } else {
      start();
    }
  });
}
