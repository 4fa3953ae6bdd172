/**
 * The Worker that `start` constructs, so its error event can be heard. @ffmpeg/ffmpeg keeps its worker to
 * itself and never listens for errors: a worker whose script could not be fetched (a page left open
 * across a deploy, whose hashed files are gone) left `load()` pending for ever, and so the conversion.
 * `start` must construct the worker synchronously, as `FFmpeg.load` does; the global is restored before
 * anything else can run.
 */
export function withWorkerOf<T>(start: () => T): { result: T; worker: Worker | null } {
  const NativeWorker = globalThis.Worker;
  const made: Worker[] = [];
  globalThis.Worker = class extends NativeWorker {
    constructor(...args: ConstructorParameters<typeof Worker>) {
      super(...args);
      made.push(this);
    }
  };
  try {
    const result = start();
    return { result, worker: made[0] ?? null };
  } finally {
    globalThis.Worker = NativeWorker;
  }
}
