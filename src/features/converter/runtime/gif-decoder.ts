import { abortError } from '../rules/errors';
import type { DecodedGif } from '../rules/contracts';
import type { GifDecodeRequest, GifDecodeResponse } from './gif-decode-protocol';
import { failAllOnError, settle, type Waiting } from './worker-requests';

/**
 * The page's side of the GIF decoder worker, started on first use. A decode nobody waits for any more
 * is dropped; when it was the only one, the worker is stopped at once (a long GIF takes seconds) and the
 * next decode starts a new one.
 */
export class GifDecoderWorker {
  #worker: Worker | null = null;
  #nextId = 1;
  readonly #pending = new Map<number, Waiting<DecodedGif>>();

  async decode(gif: Blob, options: { signal?: AbortSignal } = {}): Promise<DecodedGif> {
    const { signal } = options;
    if (signal?.aborted) throw abortError();
    const buffer = await gif.arrayBuffer();
    if (signal?.aborted) throw abortError();
    const worker = this.#ensureWorker();
    const id = this.#nextId++;
    return new Promise<DecodedGif>((resolve, reject) => {
      const onAbort = () => this.#drop(id, abortError());
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);
      this.#pending.set(id, {
        resolve: (decoded) => (settle(), resolve(decoded)),
        reject: (error) => (settle(), reject(error)),
      });
      const request: GifDecodeRequest = { kind: 'decode', id, gif: buffer };
      worker.postMessage(request, [buffer]);
    });
  }

  #drop(id: number, error: Error): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    pending.reject(error);
    if (this.#pending.size === 0) this.#stop();
  }

  #stop(): void {
    this.#worker?.terminate();
    this.#worker = null;
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./gif.worker.ts', import.meta.url), {
      type: 'module',
      name: 'gif-decoder',
    });
    worker.onmessage = (event: MessageEvent<GifDecodeResponse>) => {
      settle(this.#pending, event.data, ({ width, height, frames }) => ({
        width,
        height,
        frames: frames.map(({ rgba, delayCs }) => ({ rgba: new Uint8ClampedArray(rgba), delayCs })),
      }));
    };
    failAllOnError(worker, this.#pending, () => this.#stop());
    this.#worker = worker;
    return worker;
  }
}
