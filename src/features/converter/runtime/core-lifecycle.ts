/** What the lifecycle needs from a core: a way to stop it at once (for ffmpeg.wasm, ending its worker). */
export interface Terminable {
  terminate(): void;
}

/**
 * The life of one engine core, shared by every instance that owns one (engine-instance.ts, helper-core.ts):
 * loaded lazily (or warmed ahead), retired after a failed or cancelled job or after `jobsPerCore` jobs,
 * and then terminated while its replacement starts loading at once, so the next job does not wait.
 *
 * Why retire at all: the wasm heap never shrinks, and a core that has run many jobs has crashed with "memory
 * access out of bounds". Loading from cache takes a fraction of a second.
 */
export class CoreLifecycle<Handle extends Terminable> {
  #loading: Promise<Handle> | null = null;
  #ready: Handle | null = null;
  #jobs = 0;

  constructor(
    private readonly load: () => Promise<Handle>,
    private readonly jobsPerCore: number,
  ) {}

  /** The core, loading it if needed. A failed load is forgotten: the next call tries again. */
  core(): Promise<Handle> {
    if (!this.#loading) {
      const loading = this.load();
      this.#loading = loading;
      loading.then(
        (core) => {
          if (this.#loading === loading) this.#ready = core;
        },
        () => {
          if (this.#loading === loading) this.#loading = null;
        },
      );
    }
    return this.#loading;
  }

  /** The core if it has finished loading, without waiting; null otherwise. */
  get ready(): Handle | null {
    return this.#ready;
  }

  /** Starts loading in the background (idempotent); a failed load is reported by the next `core()`. */
  warmUp(): void {
    this.core().catch(() => {});
  }

  /** Counts a finished job; a job that was not clean, or the last one a core may run, retires the core. */
  finishJob(clean: boolean): boolean {
    if (clean && ++this.#jobs < this.jobsPerCore) return false;
    this.retire();
    return true;
  }

  /** Terminates the core (stopping whatever it runs) and starts loading its replacement. */
  retire(): void {
    const old = this.#loading;
    this.#loading = null;
    this.#ready = null;
    this.#jobs = 0;
    old?.then((core) => core.terminate()).catch(() => {});
    this.warmUp();
  }
}
