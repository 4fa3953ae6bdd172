/**
 * A small pool of engine instances; each runs one job at a time and jobs wait, in order, for a free one.
 * The converter uses one instance today; batches (several GIFs side by side) only need a bigger size.
 */
export interface PoolMember {
  readonly busy: boolean;
  warmUp(): void;
}

export class EnginePool<Instance extends PoolMember> {
  readonly #instances: Instance[];
  readonly #waiting: ((instance: Instance) => void)[] = [];

  constructor(size: number, create: () => Instance) {
    this.#instances = Array.from({ length: Math.max(1, size) }, create);
  }

  get size(): number {
    return this.#instances.length;
  }

  /** Loads the first `count` instances (all by default) in the background. */
  warmUp(count = this.#instances.length): void {
    for (const instance of this.#instances.slice(0, count)) instance.warmUp();
  }

  /** Runs `task` on the first free instance, waiting for one if all are busy. */
  async run<T>(task: (instance: Instance) => Promise<T>): Promise<T> {
    const instance = await this.#acquire();
    try {
      return await task(instance);
    } finally {
      this.#release(instance);
    }
  }

  readonly #reserved = new Set<Instance>();

  #acquire(): Promise<Instance> {
    const free = this.#instances.find((i) => !i.busy && !this.#reserved.has(i));
    if (free) {
      this.#reserved.add(free);
      return Promise.resolve(free);
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #release(instance: Instance): void {
    const next = this.#waiting.shift();
    if (next) next(instance);
    else this.#reserved.delete(instance);
  }
}
