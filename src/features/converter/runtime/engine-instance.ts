import type { FFmpeg } from '@ffmpeg/ffmpeg';
import type { ConversionProgress } from '../rules/contracts';
import { abortError, isAbortError } from '../rules/errors';
import { heapBytes } from '../rules/core-log';
import { callOffWay, type UnbrokenStep } from '../rules/plan/call-off';
import { heapLimitFor, needsFreshCore } from '../rules/plan/memory';
import type { Picture } from '../rules/plan/frame-sources';
import type { FrameSource } from '../rules/plan/plan';
import type { ConversionSettings } from '../rules/settings';
import type { Size } from '../rules/dimensions';
import type { StageClock } from '../rules/stage-times';
import { runConversionJob, type JobResult } from './conversion-job';
import { asCore, loadCore } from './ffmpeg-instance';
import { FrameDecoder, type DecodeAhead } from './frame-decoder';
import { CoreLifecycle } from './core-lifecycle';
import { OptimiserWorker, optimiseOnWorkers } from './optimiser-workers';
import { sharedHelperCore, type HelperCore } from './helper-core';

export interface InstanceJob {
  /** Each frame's file, by the frame's index in `sources` (an APNG's file once per frame). */
  files: readonly File[];
  /**
   * Each frame's file check (validatePng) when it still runs while the job starts: the frame is decoded
   * meanwhile, and handed to the core only once its file passed (a failed check fails the job with its
   * own message, whatever the decoder said).
   */
  checks?: readonly Promise<void>[];
  sources: readonly FrameSource[];
  /** Which picture of its file each frame shows; missing means the files as the browser decodes them. */
  pictures?: readonly Picture[];
  /** An APNG converted on its own: its num_plays (0 = forever), kept while the loop settings are default. */
  plays?: number;
  settings: ConversionSettings;
  onProgress: (progress: ConversionProgress) => void;
  signal?: AbortSignal;
  /** See ConvertOptions.abortGraceMs. */
  abortGraceMs?: number;
  clock?: StageClock;
  /** A conversion on its own, not one file of a batch: a large still may borrow the helper core too. */
  alone?: boolean;
  /** See ConversionJob.sampleOf. */
  sampleOf?: Size;
  /** No encode of these files is expected after this job: their kept decodes go to the core (DecodeRequest.handOver). */
  handOver?: boolean;
  /** Other instances' decoders, where this job's files may be kept decoded (the decodes ahead go to the first). */
  keepers?: readonly FrameDecoder[];
}

/** A fresh core after this many jobs (see core-lifecycle.ts for why). */
const JOBS_PER_CORE = 20;
/** How long after the core is in the optimisers wait, idle, before they warm up (skipped once a job ran). */
const OPTIMISER_WARM_UP_AFTER_MS = 1000;

/**
 * One engine instance, kept warm: a core in its worker plus PNG decode workers and two GIF optimiser workers,
 * running one job at a time.
 * It replaces its core after a failure, a cancel, a job that grew the heap a lot, or many jobs, and starts
 * loading the replacement at once so the next job does not wait; its workers only after a failure or cancel.
 */
export class EngineInstance {
  readonly #lifecycle = new CoreLifecycle(loadCore, JOBS_PER_CORE);
  readonly #decoder: FrameDecoder;
  readonly #optimisers = [new OptimiserWorker(), new OptimiserWorker()] as const;
  #busy = false;
  #jobsStarted = 0;
  #optimisersWarming = false;

  /**
   * `helper`: a second core lent for large animations (see helper-core.ts); `decodeWorkers`: PNG decode
   * workers (default: one per core, 2–4).
   */
  constructor(
    private readonly helper: HelperCore = sharedHelperCore,
    decodeWorkers?: number,
  ) {
    this.#decoder = new FrameDecoder(decodeWorkers);
  }

  get busy(): boolean {
    return this.#busy;
  }

  /** Its decode workers, which keep the files decoded ahead (InstanceJob.keepers). */
  get decoder(): FrameDecoder {
    return this.#decoder;
  }

  /** Loads the core in the background (idempotent); settles when it has loaded or failed to. */
  warmUp(): Promise<void> {
    // A failed background load is retried by the next job, which reports the error. The helper loads
    // once this core is in: two cores compiling at once on two CPU cores each took longer, and the first
    // conversion waits only for this one (a helper is borrowed only when it is ready).
    return this.#lifecycle.core().then(
      () => {
        this.helper.warmUp();
        // The first job's decode worker too: started by the job, its script's fetch and compile was part of it.
        this.#decoder.warmUp();
        // The optimisers are compiled on made-up frames (rules/gif/optimiser-warm-up.ts) only while no job
        // runs: on both cores at once, it slowed a conversion started meanwhile (its decode competing with
        // it; tests/bench/probes/first-gif.ts).
        // Once per instance: warmUp is called again, and a compiled optimiser stays compiled.
        if (this.#optimisersWarming) return;
        this.#optimisersWarming = true;
        // One worker per task: starting a worker takes the page's main thread a while, two at once a long task.
        const warmUpFrom = (index: number) => {
          const optimiser = this.#optimisers[index];
          if (!optimiser || this.#jobsStarted > 0) return;
          optimiser.warmUp();
          setTimeout(() => warmUpFrom(index + 1));
        };
        setTimeout(() => warmUpFrom(0), OPTIMISER_WARM_UP_AFTER_MS);
      },
      () => {},
    );
  }

  /** A new choice of files: decodes kept for the files of an earlier one are given back. */
  keepDecodesOf(files: readonly File[]): void {
    this.#decoder.keepOnly(files);
  }

  /** Still PNGs decoded ahead of the jobs that will decode them (frame-decoder.ts). */
  decodeAhead(files: readonly DecodeAhead[]): void {
    this.#decoder.decodeAhead(files);
  }

  async run(job: InstanceJob): Promise<JobResult> {
    if (this.#busy) throw new Error('This engine instance is already running a job');
    this.#busy = true;
    this.#jobsStarted++;
    const { signal } = job;
    let helper: FFmpeg | null = null;
    const giveHelperBack = (clean: boolean) => {
      if (helper) this.helper.giveBack(clean);
      helper = null;
    };
    /** What the cores say of their heaps during the job. */
    let heap: HeapWatch | null = null;
    let helperHeap: HeapWatch | null = null;
    let stopped = false;
    const stop = () => {
      stopped = true;
      this.#restart();
      giveHelperBack(false);
    };
    /** Only what runs the step: the rest of the instance (the decode workers' kept decodes) has nothing of it. */
    const stopCores = () => {
      stopped = true;
      this.#lifecycle.retire();
      giveHelperBack(false);
    };
    const stopOptimisers = () => {
      stopped = true;
      for (const optimiser of this.#optimisers) optimiser.terminate();
      // The cores' run is over and its files are deleted in order before the next job's: they stay warm (a heap
      // this run grew is seen by the next job's check: a core logs its whole heap after each run).
      this.#lifecycle.finishJob(true);
      giveHelperBack(true);
    };
    let step: UnbrokenStep | null = null;
    let grace: ReturnType<typeof setTimeout> | undefined;
    const cancel = () => {
      const way = callOffWay(job.abortGraceMs, step, job.sources);
      if (way === 'now') stop();
      else if (way === 'cores') stopCores();
      else if (way === 'optimisers') stopOptimisers();
      else grace = setTimeout(stop, job.abortGraceMs);
    };
    signal?.addEventListener('abort', cancel, { once: true });
    /** Whether the job got a core: a load that failed leaves nothing to replace (the next job loads afresh). */
    let loaded = false;
    try {
      if (signal?.aborted) throw abortError();
      const core = () => (job.clock ? job.clock.time('engine', () => this.#lifecycle.core()) : this.#lifecycle.core());
      let ffmpeg = await core();
      // A core whose worker died while idle (ffmpeg-instance.ts ends it) is replaced before the job.
      if (!ffmpeg.loaded) {
        this.#lifecycle.retire();
        ffmpeg = await core();
      }
      loaded = true;
      if (signal?.aborted) throw abortError();
      // Only one conversion at a time is split: a batch keeps every core busy with its own files.
      const splits = job.settings.mode === 'animated' ? job.files.length > 1 : job.alone === true;
      if (splits) helper = this.helper.borrow();
      heap = heapWatch(ffmpeg);
      helperHeap = helper && heapWatch(helper);
      const result = await runConversionJob(asCore(ffmpeg), {
        settings: job.settings,
        sources: job.sources,
        ...(helper ? { helper: asCore(helper) } : {}),
        ...(job.plays !== undefined ? { plays: job.plays } : {}),
        ...(job.clock ? { clock: job.clock } : {}),
        readAhead: this.#decoder.parallelism,
        onProgress: (progress) => {
          if (!signal?.aborted) job.onProgress(progress);
        },
        // The frame alone at its decoded size: the core scales it (lanczos) and places it on the canvas.
        readFrame: async (frame, copyRowsFrom) => {
          const file = job.files[frame.sourceIndex]!;
          const decode = (decoder: FrameDecoder) =>
            decoder.decode(
              file,
              frame.name,
              {
                source: frame.source,
                cut: frame.cut,
                size: frame.decoded,
                canvas: frame.decoded,
                at: { x: 0, y: 0 },
                histogram: frame.histogram,
                copyRowsFrom,
                tilesAt: frame.tilesAt,
                handOver: job.handOver,
              },
              job.settings,
              job.pictures?.[frame.sourceIndex],
            );
          // A batch's file decoded ahead by another instance is taken from there; should that instance stop
          // its decoders meanwhile (its own job failed), this one decodes the file itself.
          const keeper = job.keepers?.find((decoder) => decoder !== this.#decoder && decoder.keeps(file));
          const decoded = keeper
            ? decode(keeper).catch((error: unknown) => {
                if (isAbortError(error) && !signal?.aborted) return decode(this.#decoder);
                throw error;
              })
            : decode(this.#decoder);
          const check = job.checks?.[frame.sourceIndex];
          if (check) {
            decoded.catch(() => {}); // the check's failure is the one reported
            await check;
          }
          return decoded;
        },
        optimise: (gif, options, runs) => optimiseOnWorkers(this.#optimisers, gif, options, runs),
        onUnbroken: (now) => (step = now),
        // Chromium says how much memory the device has; Safari and Firefox do not (memory.ts plans for a phone).
        heapLimit: heapLimitFor((globalThis.navigator as { deviceMemory?: number } | undefined)?.deviceMemory),
        ...(signal ? { signal } : {}),
        ...(job.sampleOf ? { sampleOf: job.sampleOf } : {}),
      });
      clearTimeout(grace);
      // A core retired after a heavy or its 20th job takes no worker with it: their JavaScript heaps are
      // collected, and their compiled code is what makes the next job fast (a 1920x1080 animation's
      // optimiser runs took ~1.4 s each in new workers, ~1.0 s in warm ones; stage-times.ts).
      const freshCore = needsFreshCore(heap.stop(), result.plan.restartAfter);
      if (this.#lifecycle.finishJob(!freshCore)) this.helper.warmUp();
      // The helper's heap grew with its half of the frames: a big job replaces it too.
      giveHelperBack(!needsFreshCore(helperHeap?.stop() ?? null, result.plan.restartAfter));
      // Cancelled, but finished within its grace: the engine is clean and warm, the result dropped.
      if (signal?.aborted) throw abortError();
      return result;
    } catch (error) {
      giveHelperBack(false);
      // Whatever failed, the next job gets a clean core (a stopped job already replaced it; a job
      // cancelled before it started or after it finished left it clean). A core that failed to load is
      // not loaded again at once: what made it fail (the network, say) is likely still there, and the
      // next Convert would wait for that attempt instead of making its own.
      if (!stopped && !isAbortError(error) && loaded) this.#restart();
      throw signal?.aborted ? abortError() : error;
    } finally {
      heap?.stop();
      helperHeap?.stop();
      clearTimeout(grace);
      signal?.removeEventListener('abort', cancel);
      this.#busy = false;
    }
  }

  /**
   * After a failure or a cancel: terminates the core and every worker at once (this is how a running job
   * is stopped) and preloads a new core; the helper, if it failed to load, is tried again.
   */
  #restart(): void {
    this.#lifecycle.retire();
    this.#decoder.terminate();
    for (const optimiser of this.#optimisers) optimiser.terminate();
    this.helper.warmUp();
  }
}

interface HeapWatch {
  /** Stops listening; the heap the core last said it has grown to, null if it said nothing. */
  stop(): number | null;
}

/** Listens for the heap a core logs after each exec (ffmpeg-core.worker.ts). */
function heapWatch(ffmpeg: FFmpeg): HeapWatch {
  let bytes: number | null = null;
  const listen = ({ message }: { message: string }) => (bytes = heapBytes(message) ?? bytes);
  ffmpeg.on('log', listen);
  return {
    stop() {
      ffmpeg.off('log', listen);
      return bytes;
    },
  };
}
