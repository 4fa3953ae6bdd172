import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAbortError } from '../rules/errors';
import type { OptimiseResponse, OptimiserMessage } from './gif-optimise-protocol';
import { GifOptimiserWorker, optimiseOnWorkers } from './gif-optimiser';

/** A stand-in for a GIF worker: it records what it was sent and answers or fails when told to. */
class FakeWorker {
  static started: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<OptimiseResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  received: OptimiserMessage[] = [];
  terminated = false;
  constructor() {
    FakeWorker.started.push(this);
  }
  postMessage(message: OptimiserMessage) {
    this.received.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(response: OptimiseResponse) {
    this.onmessage?.({ data: response } as MessageEvent<OptimiseResponse>);
  }
  crash() {
    this.onerror?.({ message: 'out of memory', preventDefault() {} } as ErrorEvent);
  }
  get requests() {
    return this.received.filter((message) => message.kind === 'optimise');
  }
  get partnerPorts() {
    return this.received.filter((message) => message.kind === 'partner').length;
  }
}

const gif = () => new Uint8Array([71, 73, 70, 56, 57, 97, 1, 2, 3]);

describe('GIF optimiser workers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.started = [];
  });

  it('lossy, one run: the first worker optimises, the second is its partner for big frames, connected once', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const workers = [new GifOptimiserWorker(), new GifOptimiserWorker()] as const;
    for (let round = 0; round < 2; round++) {
      const result = optimiseOnWorkers(workers, gif(), { lossiness: 40 }, null);
      const [first, second] = FakeWorker.started;
      const request = first!.requests[round]!;
      expect(request).toMatchObject({ kind: 'optimise', bands: true, options: { lossiness: 40 } });
      expect(second!.requests).toHaveLength(0);
      const smaller = new Uint8Array([71, 73, 70]).buffer;
      first!.answer({ id: request.id, ok: true, gif: smaller });
      expect(await result).toEqual(new Uint8Array([71, 73, 70]));
    }
    expect(FakeWorker.started).toHaveLength(2);
    expect(FakeWorker.started.map((worker) => worker.partnerPorts)).toEqual([1, 1]);
  });

  it('lossless: no partner, no second worker', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const workers = [new GifOptimiserWorker(), new GifOptimiserWorker()] as const;
    const result = optimiseOnWorkers(workers, gif(), { lossiness: 0 }, null);
    const [first] = FakeWorker.started;
    expect(first!.requests[0]).not.toHaveProperty('bands');
    first!.answer({ id: first!.requests[0]!.id, ok: true, gif: gif().buffer });
    await result;
    expect(FakeWorker.started).toHaveLength(1);
  });

  it('a partner that stops fails the GIF waiting on its band, and the next GIF starts and connects new workers', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const workers = [new GifOptimiserWorker(), new GifOptimiserWorker()] as const;
    const result = optimiseOnWorkers(workers, gif(), { lossiness: 40 }, null);
    const [first, second] = FakeWorker.started;
    second!.crash();
    await expect(result).rejects.toThrow('out of memory');
    expect(first!.terminated && second!.terminated).toBe(true);

    const next = optimiseOnWorkers(workers, gif(), { lossiness: 40 }, null);
    const [third, fourth] = FakeWorker.started.slice(2);
    expect([third!.partnerPorts, fourth!.partnerPorts]).toEqual([1, 1]);
    third!.answer({ id: third!.requests[0]!.id, ok: true, gif: gif().buffer });
    await expect(next).resolves.toEqual(gif());
  });

  it('cancelling stops the workers: the pending GIF rejects with an AbortError', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const workers = [new GifOptimiserWorker(), new GifOptimiserWorker()] as const;
    const result = optimiseOnWorkers(workers, gif(), { lossiness: 40 }, null);
    for (const worker of workers) worker.terminate();
    await expect(result).rejects.toSatisfy(isAbortError);
    expect(FakeWorker.started.every((worker) => worker.terminated)).toBe(true);
  });

  it('warms up: starts the worker and has it compile the pass first; the next GIF goes to the same worker', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const worker = new GifOptimiserWorker();
    worker.warmUp();
    expect(FakeWorker.started).toHaveLength(1);
    expect(FakeWorker.started[0]!.received).toEqual([{ kind: 'warm-up' }]);
    const result = worker.optimise(gif(), { lossiness: 0 });
    const request = FakeWorker.started[0]!.requests[0]!;
    FakeWorker.started[0]!.answer({ id: request.id, ok: true, gif: null });
    await expect(result).rejects.toThrow('The GIF optimiser returned no GIF');
    expect(FakeWorker.started).toHaveLength(1);
  });
});
