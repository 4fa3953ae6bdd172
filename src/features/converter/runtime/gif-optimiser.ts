import type { GifOptimiseOptions } from '../rules/gif-optimise';
import { abortError } from '../rules/errors';
import type { OptimiseRequest, OptimiseResponse } from './gif-optimise-protocol';

/** The runtime's side of the optimiser worker: one GIF at a time, cancelled by terminating the worker. */
export class GifOptimiserWorker {
  #worker: Worker | null = null;
  #nextId = 1;
  readonly #pending = new Map<number, { resolve: (gif: Uint8Array) => void; reject: (error: Error) => void }>();

  optimise(gif: Uint8Array, options: GifOptimiseOptions): Promise<Uint8Array> {
    const worker = this.#ensureWorker();
    const id = this.#nextId++;
    // Its own buffer, exactly the GIF's bytes, so that it can be transferred.
    const buffer = gif.byteOffset === 0 && gif.byteLength === gif.buffer.byteLength ? gif.buffer : gif.slice().buffer;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      const request: OptimiseRequest = { id, gif: buffer as ArrayBuffer, options };
      // Transferred: the caller does not use `gif` again.
      worker.postMessage(request, [request.gif]);
    });
  }

  /** Stops at once; a pending GIF rejects with an AbortError. A later call starts a new worker. */
  terminate(): void {
    this.#worker?.terminate();
    this.#worker = null;
    for (const { reject } of this.#pending.values()) reject(abortError());
    this.#pending.clear();
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./gif-optimise.worker.ts', import.meta.url), {
      type: 'module',
      name: 'gif-optimiser',
    });
    worker.onmessage = (event: MessageEvent<OptimiseResponse>) => {
      const response = event.data;
      const pending = this.#pending.get(response.id);
      if (!pending) return; // a GIF of a cancelled job
      this.#pending.delete(response.id);
      if (response.ok) pending.resolve(new Uint8Array(response.gif));
      else pending.reject(new Error(response.message));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const error = new Error(event.message || 'The GIF optimiser stopped unexpectedly');
      for (const { reject } of this.#pending.values()) reject(error);
      this.#pending.clear();
      this.terminate();
    };
    this.#worker = worker;
    return worker;
  }
}
