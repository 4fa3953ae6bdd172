import {
  joinOptimisedRuns,
  runInput,
  runsWorthCutting,
  type OptimiserOptions,
  type OptimiseRun,
  type OptimiserInput,
} from '../rules/gif/optimiser';
import { abortError } from '../rules/errors';
import { failAllOnError, settle, type Waiting } from './worker-requests';
import type { OptimiseRequest, OptimiseResponse, PartnerMessage, WarmUpMessage } from './optimiser-protocol';

type Pending = Waiting<Uint8Array | null>;

/**
 * The optimiser on two workers at once when the plan cuts the animation in two runs (rules/plan/segments.ts
 * optimiseRunsFor): each gets a copy of what its run needs, the runs are joined here. The GIF one worker
 * makes otherwise.
 */
export async function optimiseOnWorkers(
  workers: readonly [OptimiserWorker, OptimiserWorker],
  input: OptimiserInput,
  options: OptimiserOptions,
  given: readonly OptimiseRun[] | null,
): Promise<Uint8Array> {
  const runs = runsWorthCutting(input, options, given);
  if (!runs) {
    // Lossy: the second worker encodes the lower band of each big frame (rules/gif/optimiser.ts).
    if (options.lossiness > 0) workers[0].partnerWith(workers[1]);
    return workers[0].optimise(input, options, options.lossiness > 0);
  }
  // Copies: the whole input stays here, for one run if a later one declines (and a GIF is kept if the
  // runs do not beat it).
  const parts = runs.map((run, i) => {
    const part = runInput(input, run);
    return workers[i % 2]!.optimiseRun(copyOf(part.input), options, part.run);
  });
  // Cancelled or failed, every run rejects: the first rejection awaited below is the one reported, the
  // others must not surface as unhandled.
  for (const part of parts) part.catch(() => undefined);
  // A GIF's bytes are not decoded here: a later run that declines says so as soon as it has read its first
  // frame, and the idle worker then takes the whole animation in one run while the other finishes (its
  // result unused).
  const declined = Promise.all(parts.slice(1)).then((later) => later.some((part) => part === null));
  if (await declined) return workers[1].optimise(input, options);
  return joinOptimisedRuns(input, await Promise.all(parts)) ?? workers[1].optimise(input, options);
}

const copyOf = (input: OptimiserInput): OptimiserInput =>
  input instanceof Uint8Array
    ? input.slice()
    : { ...input, frames: input.frames.map((frame) => ({ ...frame, indices: frame.indices?.slice() })) };

/** The buffers to transfer with `input`: its own, or those its indexed frames are views of (each once). */
function buffersOf(input: OptimiserInput): ArrayBuffer[] {
  if (input instanceof Uint8Array) return [input.buffer as ArrayBuffer];
  const buffers = new Set<ArrayBuffer>();
  for (const frame of input.frames) if (frame.indices) buffers.add(frame.indices.buffer as ArrayBuffer);
  return [...buffers];
}

/** The runtime's side of an optimiser worker: one GIF at a time, cancelled by terminating the worker. */
export class OptimiserWorker {
  #worker: Worker | null = null;
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();

  /** The worker whose end of a channel this worker's current one holds (partnerWith). */
  #partner: OptimiserWorker | null = null;

  /**
   * The GIF to keep (the optimised one, or the same bytes back). Transfers `input`: the caller does not use
   * it again. `bands`: big frames' lower bands go to the partner (partnerWith).
   */
  async optimise(input: OptimiserInput, options: OptimiserOptions, bands = false): Promise<Uint8Array> {
    const kept = await this.#post(input, options, bands ? { bands } : {});
    if (!kept) throw new Error('The GIF optimiser returned no GIF');
    return kept;
  }

  /** Only the frames of `run`, as a GIF of their own; null when they cannot be optimised. Transfers `input`. */
  optimiseRun(input: OptimiserInput, options: OptimiserOptions, run: OptimiseRun): Promise<Uint8Array | null> {
    return this.#post(input, options, { run });
  }

  /** Starts the worker and compiles the optimiser in it, so that the first GIF does not wait for that. */
  warmUp(): void {
    const message: WarmUpMessage = { kind: 'warm-up' };
    this.#ensureWorker().postMessage(message);
  }

  /**
   * Connects this worker and `other` (each encodes the other's lower bands), unless their running workers
   * already are. A worker that fails stops its partner too: a band it held is never answered.
   */
  partnerWith(other: OptimiserWorker): void {
    if (this.#partner === other && other.#partner === this) return;
    const { port1, port2 } = new MessageChannel();
    this.#connect(port1, other);
    other.#connect(port2, this);
  }

  #connect(port: MessagePort, other: OptimiserWorker): void {
    const message: PartnerMessage = { kind: 'partner', port };
    this.#ensureWorker().postMessage(message, [port]);
    this.#partner = other;
  }

  #post(
    given: OptimiserInput,
    options: OptimiserOptions,
    extra: Pick<OptimiseRequest, 'run' | 'bands'>,
  ): Promise<Uint8Array | null> {
    const worker = this.#ensureWorker();
    const id = this.#nextId++;
    // A GIF goes as its own buffer, exactly its bytes, so that it can be transferred.
    const input =
      !(given instanceof Uint8Array) || (given.byteOffset === 0 && given.byteLength === given.buffer.byteLength)
        ? given
        : given.slice();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      const request: OptimiseRequest = {
        kind: 'optimise',
        id,
        input: input instanceof Uint8Array ? (input.buffer as ArrayBuffer) : input,
        options,
        ...extra,
      };
      // Transferred: the caller does not use `input` again.
      worker.postMessage(request, buffersOf(input));
    });
  }

  /** Stops at once; a pending GIF rejects with an AbortError. A later call starts a new worker. */
  terminate(): void {
    this.#worker?.terminate();
    this.#worker = null;
    this.#partner = null;
    for (const { reject } of this.#pending.values()) reject(abortError());
    this.#pending.clear();
  }

  /** Its partner stopped: a GIF waiting on a band would never finish. */
  #fail(error: Error): void {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    this.terminate();
    for (const { reject } of pending) reject(error);
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./gif.worker.ts', import.meta.url), {
      type: 'module',
      name: 'gif-optimiser',
    });
    worker.onmessage = (event: MessageEvent<OptimiseResponse>) => {
      settle(this.#pending, event.data, ({ gif }) => (gif ? new Uint8Array(gif) : null));
    };
    failAllOnError(worker, this.#pending, (error) => {
      const partner = this.#partner;
      this.terminate();
      if (partner && partner.#partner === this) partner.#fail(error);
    });
    this.#worker = worker;
    return worker;
  }
}
