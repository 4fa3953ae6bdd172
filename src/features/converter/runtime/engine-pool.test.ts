import { describe, expect, it } from 'vitest';
import { EnginePool, type PoolMember } from './engine-pool';

class FakeInstance implements PoolMember {
  busy = false;
  warmUps = 0;
  warmUp() {
    this.warmUps++;
    return Promise.resolve();
  }
}

/** A task that records when it runs and finishes when told to. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('EnginePool', () => {
  it('warms every instance', () => {
    const instances: FakeInstance[] = [];
    const pool = new EnginePool(3, () => {
      const instance = new FakeInstance();
      instances.push(instance);
      return instance;
    });
    pool.warmUp();
    expect(pool.size).toBe(3);
    expect(instances.map((i) => i.warmUps)).toEqual([1, 1, 1]);
    pool.warmUp(1);
    expect(instances.map((i) => i.warmUps)).toEqual([2, 1, 1]);
  });

  it('with one instance, runs jobs one after the other, in order', async () => {
    const pool = new EnginePool(1, () => new FakeInstance());
    const log: string[] = [];
    const first = gate();
    const a = pool.run(async () => {
      log.push('a start');
      await first.opened;
      log.push('a end');
    });
    const b = pool.run(async () => {
      log.push('b start');
    });
    await Promise.resolve();
    expect(log).toEqual(['a start']);
    first.open();
    await Promise.all([a, b]);
    expect(log).toEqual(['a start', 'a end', 'b start']);
  });

  it('with two instances, runs two jobs side by side on different instances', async () => {
    const pool = new EnginePool(2, () => new FakeInstance());
    const used: FakeInstance[] = [];
    const hold = gate();
    const jobs = [0, 1].map(() =>
      pool.run(async (instance) => {
        used.push(instance);
        await hold.opened;
      }),
    );
    await Promise.resolve();
    expect(used).toHaveLength(2);
    expect(used[0]).not.toBe(used[1]);
    hold.open();
    await Promise.all(jobs);
  });

  it('a job kept to the first instance waits for it, though another is free, and gets it next', async () => {
    const pool = new EnginePool(2, () => new FakeInstance());
    const used: FakeInstance[] = [];
    const first = gate();
    const a = pool.run(async (instance) => {
      used.push(instance);
      await first.opened;
    }, 1);
    const b = pool.run(async (instance) => void used.push(instance), 1);
    await Promise.resolve();
    expect(used).toHaveLength(1);
    // A batch job may still take the second instance meanwhile.
    const c = pool.run(async (instance) => void used.push(instance));
    await c;
    expect(used).toHaveLength(2);
    expect(used[1]).not.toBe(used[0]);
    first.open();
    await Promise.all([a, b]);
    expect(used[2]).toBe(used[0]);
  });

  it('a released instance goes to the first waiting job that may use it', async () => {
    const pool = new EnginePool(2, () => new FakeInstance());
    const holds = [gate(), gate()];
    const used: string[] = [];
    const jobs = holds.map((hold, n) =>
      pool.run(async () => {
        used.push(`held ${n}`);
        await hold.opened;
      }),
    );
    const firstOnly = pool.run(async () => void used.push('first only'), 1);
    const any = pool.run(async () => void used.push('any'));
    await Promise.resolve();
    holds[1]!.open(); // the second instance frees first: the first-only job cannot take it, the next one can
    await any;
    expect(used).toEqual(['held 0', 'held 1', 'any']);
    holds[0]!.open();
    await Promise.all([...jobs, firstOnly]);
    expect(used.at(-1)).toBe('first only');
  });

  it('frees the instance when a job fails', async () => {
    const pool = new EnginePool(1, () => new FakeInstance());
    await expect(pool.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(pool.run(async () => 'next')).resolves.toBe('next');
  });
});
