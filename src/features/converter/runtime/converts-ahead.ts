import type { ConversionProgress, ConversionRequest, ConvertOptions } from '../rules/contracts';
import { sameRequest } from '../rules/plan/convert-ahead';

/** Where a conversion's time went (StageClock times, totalMs, frames), as its User Timing mark carries it. */
export type StageDetail = Record<string, number>;

/**
 * How the runtime runs a conversion ahead (one GIF, or a batch of them): `onStages` gets each engine
 * conversion's stage times instead of a mark being left.
 */
export type StartAhead<Result> = (
  request: ConversionRequest,
  options: ConvertOptions & { onStages: (detail: StageDetail) => void },
) => Promise<Result>;

interface AheadJob<Result> {
  request: ConversionRequest;
  controller: AbortController;
  result: Promise<Result>;
  startedAt: number;
  settled: boolean;
  failed: boolean;
  taken: boolean;
  last: ConversionProgress | null;
  onProgress: ((progress: ConversionProgress) => void) | null;
  /** Each engine conversion's stage times, with when they came, until the job is taken. */
  stages: { detail: StageDetail; at: number }[];
  onStages: ((detail: StageDetail, at: number) => void) | null;
}

/**
 * The conversion made ahead (ConverterRuntime.convertAhead): asked for, it waits for idle time, checks that
 * it is worth making, then runs as any conversion; convert() of the same request takes it over (`take`).
 * Called off, it stops at its next safe point within `graceMs`, leaving the engine warm.
 */
export class ConvertsAhead<Result> {
  #job: AheadJob<Result> | null = null;
  #wanted: ConversionRequest | null = null;
  #cancelWait: (() => void) | null = null;
  #version = 0;

  constructor(
    private readonly start: StartAhead<Result>,
    private readonly worth: (request: ConversionRequest) => Promise<boolean>,
    /** Runs the task in idle time; returns what calls it off. */
    private readonly whenIdle: (task: () => void) => () => void,
    /** A job ahead that no convert() took has used up the decodes kept for it (they are made again). */
    private readonly wasted: (request: ConversionRequest) => void,
    private readonly graceMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  want(request: ConversionRequest | null): void {
    if (request && this.#job && sameRequest(this.#job.request, request)) return;
    if (request && this.#wanted && sameRequest(this.#wanted, request)) return;
    this.callOff();
    if (!request) return;
    const version = this.#version;
    this.#wanted = request;
    this.#cancelWait = this.whenIdle(() => {
      this.#cancelWait = null;
      this.worth(request).then(
        (worth) => {
          if (version !== this.#version) return;
          this.#wanted = null;
          if (worth) this.#begin(request);
        },
        () => {},
      );
    });
  }

  /**
   * The job made ahead for `request`, now the caller's: its result, its progress from the last step on, each
   * engine conversion's stage times (`onStages`, with `ahead`: the ms of it before the job was taken). Null
   * when none is (another job ahead is called off), or when it failed: the conversion then tries for itself.
   */
  take(
    request: ConversionRequest,
    options: ConvertOptions,
    onStages: (detail: StageDetail) => void,
  ): Promise<Result> | null {
    const job = this.#job;
    if (!job || job.failed || !sameRequest(job.request, request)) {
      this.callOff();
      return null;
    }
    this.#job = null;
    job.taken = true;
    const takenAt = this.now();
    // A conversion began with the job, or its total before it came (a batch's files follow one another).
    const withAhead = (detail: StageDetail, at: number) => {
      const total = detail.totalMs ?? 0;
      const began = Math.max(job.startedAt, at - total);
      onStages({ ...detail, ahead: Math.min(Math.max(takenAt - began, 0), total) });
    };
    for (const { detail, at } of job.stages) withAhead(detail, at);
    job.onStages = withAhead;
    if (job.last) options.onProgress?.(job.last);
    job.onProgress = (progress) => options.onProgress?.(progress);
    if (options.signal?.aborted) job.controller.abort();
    else options.signal?.addEventListener('abort', () => job.controller.abort(), { once: true });
    return job.result;
  }

  /** Stops waiting, and the job under way if any: nothing of it is reported. */
  callOff(): void {
    this.#version++;
    this.#wanted = null;
    this.#cancelWait?.();
    this.#cancelWait = null;
    const job = this.#job;
    this.#job = null;
    if (!job) return;
    job.controller.abort();
    if (job.settled) this.wasted(job.request);
  }

  #begin(request: ConversionRequest): void {
    const controller = new AbortController();
    const job: AheadJob<Result> = {
      request,
      controller,
      result: Promise.resolve(null as never),
      startedAt: this.now(),
      settled: false,
      failed: false,
      taken: false,
      last: null,
      onProgress: null,
      stages: [],
      onStages: null,
    };
    job.result = this.start(request, {
      signal: controller.signal,
      abortGraceMs: this.graceMs,
      onProgress: (progress) => {
        job.last = progress;
        job.onProgress?.(progress);
      },
      onStages: (detail) => {
        const at = this.now();
        if (job.onStages) job.onStages(detail, at);
        else job.stages.push({ detail, at });
      },
    });
    this.#job = job;
    const settle = (failed: boolean) => {
      job.settled = true;
      job.failed = failed;
      // Called off while it ran: what it took is given back now. Still wanted: when it is called off.
      if (!job.taken && this.#job !== job) this.wasted(request);
    };
    job.result.then(
      () => settle(false),
      () => settle(true),
    );
  }
}
