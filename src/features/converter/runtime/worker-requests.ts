import { ConversionError, workerFailure } from '../rules/errors';

/** A request posted to a worker, waiting for the worker's answer with its id. */
export interface Waiting<T> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

/** A worker's answer to one request: what was asked for, or a failure the worker worded for a person already. */
type Answer = { id: number } & ({ ok: true } | { ok: false; message: string });

/**
 * Settles the request `answer` is for: with `value` of the answer, or rejected in the worker's words
 * (errorMessageOf). An answer nobody waits for any more (a cancelled job) is dropped.
 */
export function settle<A extends Answer, T>(
  waiting: Map<number, Waiting<T>>,
  answer: A,
  value: (answer: Extract<A, { ok: true }>) => T,
): void {
  const request = waiting.get(answer.id);
  if (!request) return;
  waiting.delete(answer.id);
  const reply: Answer = answer;
  if (reply.ok) request.resolve(value(answer as Extract<A, { ok: true }>));
  else request.reject(new ConversionError(reply.message));
}

/**
 * When the worker itself fails (its script, its memory), every request waiting on it rejects with the
 * failure in the product's words, never the browser's text; then `stop` ends the worker.
 */
export function failAllOnError<T>(
  worker: Worker,
  waiting: Map<number, Waiting<T>>,
  stop: (error: Error) => void,
): void {
  worker.onerror = (event) => {
    event.preventDefault();
    const error = workerFailure(event.message);
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
    stop(error);
  };
}
