import { afterEach, describe, expect, it } from 'vitest';
import { withWorkerOf } from './worker-watch';

/** Node has no Worker: a stand-in that remembers its URL. */
class FakeWorker {
  constructor(readonly url: string | URL) {}
}
const scope = globalThis as { Worker?: unknown };

describe('withWorkerOf', () => {
  afterEach(() => delete scope.Worker);

  it('hands back the worker the call constructed, and the call’s result', () => {
    scope.Worker = FakeWorker;
    const { result, worker } = withWorkerOf(() => {
      new Worker('/a.js');
      return 'loading';
    });
    expect(result).toBe('loading');
    expect(worker).toBeInstanceOf(FakeWorker);
    expect((worker as unknown as FakeWorker).url).toBe('/a.js');
    // The global is the browser's own again.
    expect(scope.Worker).toBe(FakeWorker);
    expect(new Worker('/b.js')).toBeInstanceOf(FakeWorker);
  });

  it('gives null when no worker was made, and restores the global when the call throws', () => {
    scope.Worker = FakeWorker;
    expect(withWorkerOf(() => 1)).toEqual({ result: 1, worker: null });
    expect(() =>
      withWorkerOf(() => {
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(scope.Worker).toBe(FakeWorker);
  });
});
