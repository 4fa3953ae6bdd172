import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAbortError } from '../rules/errors';
import type { GifDecodeRequest, GifDecodeResponse } from './gif-decode-protocol';
import { GifDecoderWorker } from './gif-decoder';

/** A stand-in for the decoder worker: it records what it was sent and answers when told to. */
class FakeWorker {
  static started: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<GifDecodeResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  received: { request: GifDecodeRequest; transfer: Transferable[] }[] = [];
  terminated = false;
  constructor() {
    FakeWorker.started.push(this);
  }
  postMessage(request: GifDecodeRequest, transfer: Transferable[]) {
    this.received.push({ request, transfer });
  }
  terminate() {
    this.terminated = true;
  }
  answer(response: GifDecodeResponse) {
    this.onmessage?.({ data: response } as MessageEvent<GifDecodeResponse>);
  }
}

const gif = () => new Blob([new Uint8Array([71, 73, 70, 56, 57, 97])], { type: 'image/gif' });
const until = (condition: () => boolean) => vi.waitFor(() => expect(condition()).toBe(true));

describe('GifDecoderWorker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.started = [];
  });

  it('hands the GIF bytes over and gets the frames back as pixels', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const decoder = new GifDecoderWorker();
    const decoded = decoder.decode(gif());
    await until(() => FakeWorker.started[0]?.received.length === 1);
    const worker = FakeWorker.started[0]!;
    const { request, transfer } = worker.received[0]!;
    expect(new Uint8Array(request.gif)).toEqual(new Uint8Array([71, 73, 70, 56, 57, 97]));
    expect(transfer).toEqual([request.gif]);
    const rgba = new Uint8ClampedArray([1, 2, 3, 255]).buffer;
    worker.answer({ id: request.id, ok: true, width: 1, height: 1, frames: [{ rgba, delayCs: 7 }] });
    const result = await decoded;
    expect(result.width).toBe(1);
    expect(result.frames).toHaveLength(1);
    expect([...result.frames[0]!.rgba]).toEqual([1, 2, 3, 255]);
    expect(result.frames[0]!.delayCs).toBe(7);
  });

  it("rejects with the worker's message when the GIF cannot be decoded", async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const decoded = new GifDecoderWorker().decode(gif());
    await until(() => FakeWorker.started[0]?.received.length === 1);
    const worker = FakeWorker.started[0]!;
    worker.answer({ id: worker.received[0]!.request.id, ok: false, message: 'not a GIF' });
    await expect(decoded).rejects.toThrow('not a GIF');
  });

  it('stops the worker when the only decode is aborted, and starts a new one for the next', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const decoder = new GifDecoderWorker();
    const controller = new AbortController();
    const decoded = decoder.decode(gif(), { signal: controller.signal });
    await until(() => FakeWorker.started[0]?.received.length === 1);
    controller.abort();
    const error = await decoded.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(FakeWorker.started[0]!.terminated).toBe(true);

    void decoder.decode(gif());
    await until(() => FakeWorker.started.length === 2);
  });

  it('keeps the worker for the other decodes when one of several is aborted', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const decoder = new GifDecoderWorker();
    const controller = new AbortController();
    const dropped = decoder.decode(gif(), { signal: controller.signal });
    const kept = decoder.decode(gif());
    await until(() => FakeWorker.started[0]?.received.length === 2);
    controller.abort();
    await expect(dropped).rejects.toThrow();
    const worker = FakeWorker.started[0]!;
    expect(worker.terminated).toBe(false);
    worker.answer({ id: worker.received[0]!.request.id, ok: true, width: 1, height: 1, frames: [] });
    worker.answer({ id: worker.received[1]!.request.id, ok: true, width: 2, height: 2, frames: [] });
    await expect(kept).resolves.toMatchObject({ width: 2 });
  });
});
