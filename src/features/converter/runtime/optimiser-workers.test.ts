import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAbortError } from '../rules/errors';
import type { GifFile } from '../rules/gif/file';
import type { OptimiseResponse, OptimiserMessage } from './optimiser-protocol';
import { OptimiserWorker, optimiseOnWorkers } from './optimiser-workers';

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

/**
 * Indexed frames (as the core hands them over) of a still camera: a noisy 32x32 background that never
 * changes and one pixel that does.
 */
function stillCamera(frameCount: number): GifFile {
  const palette = Uint8Array.from({ length: 256 * 3 }, (_, i) => Math.floor(i / 3));
  const background = Uint8Array.from({ length: 32 * 32 }, (_, p) => (p * 37) % 200);
  return {
    width: 32,
    height: 32,
    globalPalette: null,
    backgroundIndex: 0,
    loopCount: 0,
    frames: Array.from({ length: frameCount }, (_, n) => {
      const indices = background.slice();
      indices[n] = 255;
      return {
        left: 0,
        top: 0,
        width: 32,
        height: 32,
        localPalette: palette,
        transparentIndex: null,
        disposal: 1,
        delayCs: 10,
        interlaced: false,
        minCodeSize: 8,
        data: new Uint8Array(0),
        indices,
      };
    }),
  };
}

describe('GIF optimiser workers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.started = [];
  });

  it('lossy, one run: the first worker optimises, the second is its partner for big frames, connected once', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const workers = [new OptimiserWorker(), new OptimiserWorker()] as const;
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

  it('lossy, a still camera cut in two runs: one run at once, in bands on both workers, no run made for nothing', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const workers = [new OptimiserWorker(), new OptimiserWorker()] as const;
    const runs = [
      { firstFrame: 0, frameCount: 2 },
      { firstFrame: 2, frameCount: 2 },
    ];
    const result = optimiseOnWorkers(workers, stillCamera(4), { lossiness: 40 }, runs);
    const [first, second] = FakeWorker.started;
    expect(first!.requests).toHaveLength(1);
    expect(first!.requests[0]).toMatchObject({ bands: true });
    expect(first!.requests[0]).not.toHaveProperty('run');
    expect(second!.requests).toHaveLength(0);
    expect([first!.partnerPorts, second!.partnerPorts]).toEqual([1, 1]);
    first!.answer({ id: first!.requests[0]!.id, ok: true, gif: gif().buffer });
    await expect(result).resolves.toEqual(gif());

    // Lossless, the same frames are cut: each worker makes one run (the later one gets the frame before it).
    const cut = optimiseOnWorkers(workers, stillCamera(4), { lossiness: 0 }, runs);
    expect(first!.requests[1]!.run).toEqual(runs[0]);
    expect(second!.requests[0]!.run).toEqual({ firstFrame: 1, frameCount: 2 });
    for (const worker of workers) worker.terminate();
    await expect(cut).rejects.toSatisfy(isAbortError);
  });

  it('lossless: no partner, no second worker', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const workers = [new OptimiserWorker(), new OptimiserWorker()] as const;
    const result = optimiseOnWorkers(workers, gif(), { lossiness: 0 }, null);
    const [first] = FakeWorker.started;
    expect(first!.requests[0]).not.toHaveProperty('bands');
    first!.answer({ id: first!.requests[0]!.id, ok: true, gif: gif().buffer });
    await result;
    expect(FakeWorker.started).toHaveLength(1);
  });

  it('a partner that stops fails the GIF waiting on its band, and the next GIF starts and connects new workers', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const workers = [new OptimiserWorker(), new OptimiserWorker()] as const;
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
    const workers = [new OptimiserWorker(), new OptimiserWorker()] as const;
    const result = optimiseOnWorkers(workers, gif(), { lossiness: 40 }, null);
    for (const worker of workers) worker.terminate();
    await expect(result).rejects.toSatisfy(isAbortError);
    expect(FakeWorker.started.every((worker) => worker.terminated)).toBe(true);
  });

  it('warms up: starts the worker and has it compile the optimiser first; the next GIF goes to the same worker', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const worker = new OptimiserWorker();
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
