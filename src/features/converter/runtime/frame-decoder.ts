import type { HistogramSampling } from '../rules/palette/refine';
import type { Size } from '../rules/dimensions';
import { abortError } from '../rules/errors';
import type { DecodedFrame } from '../rules/palette/frame-facts';
import type { Picture } from '../rules/plan/frame-sources';
import type { TransparencyOptions } from '../rules/palette/matte';
import { assignDecodesAhead } from './kept-decodes';
import { failAllOnError, settle, type Waiting } from './worker-requests';
import type { DecodeAheadRequest, DecodeRequest, DecodeResponse, KeepOnlyRequest } from './decode-protocol';
import type { FactsAheadAsk } from '../rules/plan/facts-ahead';
import type { FrameCut } from '../rules/plan/frame-cuts';

/** A still PNG to decode ahead: its pixel count (from its header) and the facts to read from it too. */
export interface DecodeAhead {
  file: Blob;
  pixels: number;
  facts: FactsAheadAsk | null;
}

interface Pending extends Waiting<DecodedFrame> {
  worker: Worker;
}

/**
 * Decoding (PNG inflate, colour conversion, scaling, read-back) is a frame's biggest cost before the
 * engine runs, and frames are independent: one worker per core, up to four, each frame to the least busy.
 */
export const decodeParallelism = (cores = globalThis.navigator?.hardwareConcurrency ?? 2) =>
  Math.min(4, Math.max(2, cores));

/** The runtime's side of the decode workers: frames decode side by side; cancel terminates them all. */
export class FrameDecoder {
  #workers: Worker[] = [];
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  /** Each file's number, the key of its decode kept by a worker (runtime/kept-decodes.ts). */
  readonly #keys = new WeakMap<Blob, number>();
  #nextKey = 1;
  /** Which worker keeps which file's full-size decode, as the workers last said. */
  readonly #holders = new Map<number, Worker>();

  readonly parallelism: number;

  constructor(parallelism?: number) {
    this.parallelism = parallelism ?? decodeParallelism();
  }

  /**
   * `file`'s pixels (`source` size) decoded to `size`, drawn at `at` on a transparent canvas of `canvas` size.
   * `picture` says which picture of the file: the PNG itself, or an APNG's default image or frame N.
   * The pixels come back on the matte of `transparency`, with their facts (rules/palette/frame-facts.ts), and a copy
   * of those from row `copyRowsFrom` on when asked.
   */
  decode(
    file: Blob,
    name: string,
    frame: {
      source: Size;
      cut?: FrameCut | null;
      size: Size;
      canvas: Size;
      at: { x: number; y: number };
      histogram: HistogramSampling;
      copyRowsFrom?: number | undefined;
      tilesAt?: Size | undefined;
      /** See DecodeRequest.handOver. */
      handOver?: boolean | undefined;
    },
    transparency: TransparencyOptions,
    picture: Picture = 'file',
  ): Promise<DecodedFrame> {
    const key = this.#keyOf(file);
    // The worker that keeps the file decoded, even if busy: a frame's wait there is shorter than a decode.
    const worker = this.#holders.get(key) ?? this.#leastBusyWorker();
    // A whole PNG at its own size is kept by the worker that decodes it (decode.worker.ts), and cut from there.
    const whole = frame.size.width === frame.source.width && frame.size.height === frame.source.height;
    if (picture === 'file' && (whole || frame.cut)) this.#holders.set(key, worker);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, worker });
      const request: DecodeRequest = {
        type: 'decode',
        id,
        file,
        key,
        name,
        ...frame,
        cut: frame.cut ?? null,
        copyRowsFrom: frame.copyRowsFrom ?? null,
        tilesAt: frame.tilesAt ?? null,
        handOver: frame.handOver ?? false,
        picture,
        transparency: {
          matte: transparency.matte,
          alphaThreshold: transparency.alphaThreshold,
          softEdges: transparency.softEdges ?? 'cut',
        },
      };
      worker.postMessage(request);
    });
  }

  /** Whether a worker keeps (or is making) `file`'s full-size decode. */
  keeps(file: Blob): boolean {
    const key = this.#keys.get(file);
    return key !== undefined && this.#holders.has(key);
  }

  /** A new choice of files: the workers give back their kept decodes of any other file. */
  keepOnly(files: readonly Blob[]): void {
    const keys = files.map((file) => this.#keys.get(file)).filter((key) => key !== undefined);
    const request: KeepOnlyRequest = { type: 'keep-only', keys };
    for (const worker of this.#workers) worker.postMessage(request);
    for (const key of [...this.#holders.keys()]) if (!keys.includes(key)) this.#holders.delete(key);
  }

  /**
   * Still PNGs (with their pixel counts) decoded now, while the person looks at the settings, and kept for
   * the encodes to come: the size estimate's sample and the conversion take them from there.
   */
  decodeAhead(files: readonly DecodeAhead[]): void {
    const assigned = assignDecodesAhead(
      files.map(({ file, pixels }) => (this.#holders.has(this.#keyOf(file)) ? null : pixels)),
      this.parallelism,
    );
    assigned.forEach((index, i) => {
      const { file, pixels, facts } = files[i]!;
      const key = this.#keyOf(file);
      // A file decoded already (the same files, newly cropped or turned): the worker that keeps it reads the
      // facts of the new ask from its kept decode.
      const held = facts ? this.#holders.get(key) : undefined;
      if (index === null && !held) return;
      while (index !== null && this.#workers.length <= index) this.#startWorker();
      const worker = held ?? this.#workers[index!]!;
      const request: DecodeAheadRequest = { type: 'decode-ahead', file, key, pixels, facts };
      worker.postMessage(request);
      this.#holders.set(key, worker);
    });
  }

  /** Starts the first worker ahead of the first frame (idempotent): a first visit fetches and compiles its script. */
  warmUp(): void {
    if (this.#workers.length === 0) this.#startWorker();
  }

  /** Stops any decode at once; pending frames reject with an AbortError. A later decode starts new workers. */
  terminate(): void {
    for (const worker of this.#workers) worker.terminate();
    this.#workers = [];
    this.#holders.clear();
    for (const { reject } of this.#pending.values()) reject(abortError());
    this.#pending.clear();
  }

  #keyOf(file: Blob): number {
    let key = this.#keys.get(file);
    if (key === undefined) this.#keys.set(file, (key = this.#nextKey++));
    return key;
  }

  /** What a worker said it keeps after a frame. */
  #heldBy(worker: Worker, keys: readonly number[]): void {
    for (const [key, holder] of this.#holders) if (holder === worker && !keys.includes(key)) this.#holders.delete(key);
    for (const key of keys) this.#holders.set(key, worker);
  }

  #leastBusyWorker(): Worker {
    const load = (worker: Worker) => [...this.#pending.values()].filter((p) => p.worker === worker).length;
    const idle = this.#workers.find((worker) => load(worker) === 0);
    if (idle) return idle;
    if (this.#workers.length < this.parallelism) return this.#startWorker();
    return this.#workers.reduce((best, worker) => (load(worker) < load(best) ? worker : best));
  }

  #startWorker(): Worker {
    const worker = new Worker(new URL('./decode.worker.ts', import.meta.url), { type: 'module', name: 'png-decoder' });
    worker.onmessage = (event: MessageEvent<DecodeResponse>) => {
      const response = event.data;
      this.#heldBy(worker, response.kept);
      settle(this.#pending, response, (decoded) => ({
        rgba: new Uint8Array(decoded.rgba),
        facts: decoded.facts,
        ...(decoded.rowsCopy ? { rowsCopy: new Uint8Array(decoded.rowsCopy) } : {}),
        ...(decoded.readBackHidden ? { readBackHidden: true } : {}),
      }));
    };
    failAllOnError(worker, this.#pending, () => this.terminate());
    this.#workers.push(worker);
    return worker;
  }
}
