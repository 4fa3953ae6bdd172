import { describe, expect, it, vi } from 'vitest';
import { ConversionError, FAILURE_MESSAGES } from '../rules/errors';
import { failAllOnError, settle, type Waiting } from './worker-requests';

type Answer = { id: number; ok: true; size: number } | { id: number; ok: false; message: string };

function waitingFor(...ids: number[]) {
  const waiting = new Map<number, Waiting<number>>();
  const outcomes = ids.map((id) =>
    new Promise<number>((resolve, reject) => waiting.set(id, { resolve, reject })).catch((error) => error),
  );
  return { waiting, outcomes };
}

describe('settle', () => {
  it('resolves the request the answer is for with its value, and forgets it', async () => {
    const { waiting, outcomes } = waitingFor(1, 2);
    settle(waiting, { id: 2, ok: true, size: 21 } as Answer, ({ size }) => size * 2);
    expect(await outcomes[1]).toBe(42);
    expect([...waiting.keys()]).toEqual([1]);
  });

  it("rejects in the worker's words, and drops an answer nobody waits for", async () => {
    const { waiting, outcomes } = waitingFor(1);
    settle(waiting, { id: 7, ok: true, size: 1 } as Answer, ({ size }) => size);
    expect(waiting.size).toBe(1);
    settle(waiting, { id: 1, ok: false, message: FAILURE_MESSAGES.decode } as Answer, ({ size }) => size);
    const error = await outcomes[0];
    expect(error).toBeInstanceOf(ConversionError);
    expect((error as Error).message).toBe(FAILURE_MESSAGES.decode);
    expect(waiting.size).toBe(0);
  });
});

describe('failAllOnError', () => {
  it('rejects every waiting request with the failure in the product’s words, then stops the worker', async () => {
    const { waiting, outcomes } = waitingFor(1, 2);
    const worker = {} as Worker;
    const stop = vi.fn();
    failAllOnError(worker, waiting, stop);
    const preventDefault = vi.fn();
    worker.onerror!.call(worker, { message: 'Uncaught RangeError: out of memory', preventDefault } as never);
    const errors = (await Promise.all(outcomes)) as unknown as Error[];
    expect(errors.map((error) => error.message)).toEqual([
      FAILURE_MESSAGES['out-of-memory'],
      FAILURE_MESSAGES['out-of-memory'],
    ]);
    expect(preventDefault).toHaveBeenCalled();
    expect(waiting.size).toBe(0);
    expect(stop).toHaveBeenCalledWith(errors[0]);
  });
});
