import type { FFmpeg } from '@ffmpeg/ffmpeg';
import { CoreLifecycle } from './core-lifecycle';
import { loadCore } from './ffmpeg-instance';

/** Like the engine's own core: the heap never shrinks, so a long-lived core is replaced now and then. */
const JOBS_PER_HELPER_CORE = 20;

/**
 * A second core that an engine instance borrows to encode half of a large animation's frames, or
 * the bottom half of a large still, at the same time (conversion-job.ts). One is shared by every instance
 * of the page: only one conversion is split at a time, and a batch of stills does not split. It is preloaded with the engines so the first
 * split never waits for it.
 */
export class HelperCore<Handle extends { terminate(): void; readonly loaded: boolean } = FFmpeg> {
  readonly #lifecycle: CoreLifecycle<Handle>;
  #lent = false;

  constructor(load: () => Promise<Handle>) {
    this.#lifecycle = new CoreLifecycle(load, JOBS_PER_HELPER_CORE);
  }

  /** A failed background load is retried by the next warm-up; without a helper, jobs run on one core. */
  warmUp(): void {
    this.#lifecycle.warmUp();
  }

  /** The core when it is free and already loaded (nobody waits for a helper), or null. Give it back with `giveBack`. */
  borrow(): Handle | null {
    const ready = this.#lifecycle.ready;
    if (this.#lent || !ready) return null;
    // Its worker died while it waited (loadCore terminates a core on its worker's error): load a fresh one.
    if (!ready.loaded) {
      this.#lifecycle.retire();
      return null;
    }
    this.#lent = true;
    return ready;
  }

  /** Returns the core; after a failed or cancelled job it is replaced (its exec may still be running). */
  giveBack(clean: boolean): void {
    this.#lent = false;
    this.#lifecycle.finishJob(clean);
  }
}

export const sharedHelperCore = new HelperCore(loadCore);
