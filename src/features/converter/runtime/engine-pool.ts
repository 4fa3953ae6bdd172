/**
 * A small pool of engine instances; each runs one job at a time and jobs wait, in order, for a free one.
 * A single conversion runs on the first instance, the one kept warm; batches (several GIFs side by side)
 * use the others too.
 */
export interface PoolMember {
  readonly busy: boolean;
  warmUp(): Promise<void>;
}

export class EnginePool<Instance extends PoolMember> {
  readonly #instances: Instance[];
  readonly #waiting: { among: number; take: (instance: Instance) => void }[] = [];

  constructor(size: number, create: () => Instance) {
    this.#instances = Array.from({ length: Math.max(1, size) }, create);
  }

  get size(): number {
    return this.#instances.length;
  }

  /** The instance a single conversion runs on (and the size estimate's sample). */
  get first(): Instance {
    return this.#instances[0]!;
  }

  /** Calls `visit` with every instance, busy or not. */
  forEach(visit: (instance: Instance) => void): void {
    this.#instances.forEach((instance) => visit(instance));
  }

  /** Loads the first `count` instances (all by default) in the background; settles when each has loaded or failed. */
  async warmUp(count = this.#instances.length): Promise<void> {
    await Promise.all(this.#instances.slice(0, count).map((instance) => instance.warmUp()));
  }

  /**
   * Runs `task` on the first free instance among the first `among` (all by default), waiting for one if
   * they are busy. A job that waits a moment for the warm first instance beats one that starts at once
   * on a cold one: a new core and new workers cost a small conversion about as much again.
   */
  async run<T>(task: (instance: Instance) => Promise<T>, among = this.#instances.length): Promise<T> {
    const instance = await this.#acquire(Math.max(1, among));
    try {
      return await task(instance);
    } finally {
      this.#release(instance);
    }
  }

  readonly #reserved = new Set<Instance>();

  #acquire(among: number): Promise<Instance> {
    const free = this.#instances.slice(0, among).find((i) => !i.busy && !this.#reserved.has(i));
    if (free) {
      this.#reserved.add(free);
      return Promise.resolve(free);
    }
    return new Promise((take) => this.#waiting.push({ among, take }));
  }

  /** Hands the instance to the first waiting job that may use it, else frees it. */
  #release(instance: Instance): void {
    const position = this.#instances.indexOf(instance);
    const next = this.#waiting.findIndex((waiting) => position < waiting.among);
    if (next >= 0) this.#waiting.splice(next, 1)[0]!.take(instance);
    else this.#reserved.delete(instance);
  }
}
