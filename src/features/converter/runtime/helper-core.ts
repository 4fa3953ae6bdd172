import type { FFmpeg } from '@ffmpeg/ffmpeg';
import { loadFFmpeg } from './ffmpeg-instance';

/**
 * A second ffmpeg core that an engine instance borrows to encode half of a large animation's frames at
 * the same time (conversion-job.ts). One is shared by every instance of the page: only one animation is
 * encoded at a time, and a batch of stills does not split. It is preloaded with the engines so the first
 * split never waits for it.
 */
const JOBS_PER_HELPER_CORE = 20;

export class HelperCore {
  #ffmpeg: Promise<FFmpeg> | null = null;
  /** The core once loaded: borrowing never waits for a load. */
  #ready: FFmpeg | null = null;
  #lent = false;
  #jobsOnCore = 0;

  warmUp(): void {
    this.#core().catch(() => {
      // A failed background load is retried by the next borrow; without a helper, jobs run on one core.
    });
  }

  /** The core when it is free and already loaded (nobody waits for a helper), or null. Give it back with `giveBack`. */
  borrow(): FFmpeg | null {
    if (this.#lent || !this.#ready) return null;
    this.#lent = true;
    return this.#ready;
  }

  /** Returns the core; after a failed or cancelled job it is replaced (its exec may still be running). */
  giveBack(clean: boolean): void {
    this.#lent = false;
    // Like the engine's own core: the heap never shrinks, so a long-lived core is replaced now and then.
    if (clean && ++this.#jobsOnCore < JOBS_PER_HELPER_CORE) return;
    this.#jobsOnCore = 0;
    const old = this.#ffmpeg;
    this.#ffmpeg = null;
    this.#ready = null;
    old?.then((ffmpeg) => ffmpeg.terminate()).catch(() => {});
    this.warmUp();
  }

  #core(): Promise<FFmpeg> {
    if (!this.#ffmpeg) {
      const loading = loadFFmpeg();
      this.#ffmpeg = loading;
      loading.then(
        (ffmpeg) => {
          if (this.#ffmpeg === loading) this.#ready = ffmpeg;
        },
        () => {
          if (this.#ffmpeg === loading) this.#ffmpeg = null;
        },
      );
    }
    return this.#ffmpeg;
  }
}

export const sharedHelperCore = new HelperCore();
