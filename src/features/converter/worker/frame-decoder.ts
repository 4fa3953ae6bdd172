import type { Placement, Size } from '../engine/dimensions';
import { abortError } from '../engine/errors';
import type { Picture } from '../engine/frame-sources';
import type { DecodeRequest, DecodeResponse } from './decode-protocol';

/** The engine's side of the decode worker: one frame at a time, cancelled by terminating the worker. */
export class FrameDecoder {
  #worker: Worker | null = null;
  #nextId = 1;
  readonly #pending = new Map<number, { resolve: (rgba: Uint8Array) => void; reject: (error: Error) => void }>();

  decode(file: Blob, name: string, canvas: Size, placement: Placement, picture: Picture = 'file'): Promise<Uint8Array> {
    const worker = this.#ensureWorker();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      const request: DecodeRequest = { id, file, name, canvas, placement, picture };
      worker.postMessage(request);
    });
  }

  /** Stops any decode at once; pending frames reject with an AbortError. A later decode starts a new worker. */
  terminate(): void {
    this.#worker?.terminate();
    this.#worker = null;
    for (const { reject } of this.#pending.values()) reject(abortError());
    this.#pending.clear();
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./decode.worker.ts', import.meta.url), { type: 'module', name: 'png-decoder' });
    worker.onmessage = (event: MessageEvent<DecodeResponse>) => {
      const response = event.data;
      const pending = this.#pending.get(response.id);
      if (!pending) return; // a frame of a cancelled job
      this.#pending.delete(response.id);
      if (response.ok) pending.resolve(new Uint8Array(response.rgba));
      else pending.reject(new Error(response.message));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const error = new Error(event.message || 'The image decoder stopped unexpectedly');
      for (const { reject } of this.#pending.values()) reject(error);
      this.#pending.clear();
      this.terminate();
    };
    this.#worker = worker;
    return worker;
  }
}
