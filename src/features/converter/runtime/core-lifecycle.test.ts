import { describe, expect, it } from 'vitest';
import { CoreLifecycle } from './core-lifecycle';
import { HelperCore } from './helper-core';

class FakeCore {
  terminated = false;
  constructor(readonly id: number) {}
  get loaded() {
    return !this.terminated;
  }
  terminate() {
    this.terminated = true;
  }
}

/** A loader whose loads finish when told to (or fail), counting them. */
function fakeLoader() {
  const cores: FakeCore[] = [];
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const load = () =>
    new Promise<FakeCore>((resolve, reject) => {
      const core = new FakeCore(cores.length + 1);
      cores.push(core);
      pending.push({ resolve: () => resolve(core), reject });
    });
  return { load, cores, pending };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('CoreLifecycle', () => {
  it('loads lazily, once, however many jobs ask', async () => {
    const loader = fakeLoader();
    const lifecycle = new CoreLifecycle(loader.load, 20);
    expect(loader.cores).toHaveLength(0);
    const first = lifecycle.core();
    const second = lifecycle.core();
    lifecycle.warmUp();
    expect(loader.cores).toHaveLength(1);
    expect(lifecycle.ready).toBeNull();
    loader.pending[0]!.resolve();
    expect(await first).toBe(loader.cores[0]);
    expect(await second).toBe(loader.cores[0]);
    expect(lifecycle.ready).toBe(loader.cores[0]);
  });

  it('retires a core after N clean jobs: terminates it and starts loading the next at once', async () => {
    const loader = fakeLoader();
    const lifecycle = new CoreLifecycle(loader.load, 3);
    lifecycle.warmUp();
    loader.pending[0]!.resolve();
    await lifecycle.core();
    expect([lifecycle.finishJob(true), lifecycle.finishJob(true)]).toEqual([false, false]);
    expect(loader.cores).toHaveLength(1);
    expect(lifecycle.finishJob(true)).toBe(true);
    await settle();
    expect(loader.cores[0]!.terminated).toBe(true);
    // The replacement is already loading; nobody waits for a core that is being retired.
    expect(loader.cores).toHaveLength(2);
    expect(lifecycle.ready).toBeNull();
    loader.pending[1]!.resolve();
    expect(await lifecycle.core()).toBe(loader.cores[1]);
    // The count starts again with the new core.
    expect(lifecycle.finishJob(true)).toBe(false);
  });

  it('retires the core after a job that was not clean', async () => {
    const loader = fakeLoader();
    const lifecycle = new CoreLifecycle(loader.load, 20);
    lifecycle.warmUp();
    loader.pending[0]!.resolve();
    await lifecycle.core();
    expect(lifecycle.finishJob(false)).toBe(true);
    await settle();
    expect(loader.cores[0]!.terminated).toBe(true);
    expect(loader.cores).toHaveLength(2);
  });

  it('terminates a core retired while it was still loading, once it has loaded', async () => {
    const loader = fakeLoader();
    const lifecycle = new CoreLifecycle(loader.load, 20);
    lifecycle.warmUp();
    lifecycle.retire();
    loader.pending[0]!.resolve();
    loader.pending[1]!.resolve();
    await settle();
    expect(loader.cores[0]!.terminated).toBe(true);
    expect(await lifecycle.core()).toBe(loader.cores[1]);
    expect(lifecycle.ready).toBe(loader.cores[1]);
  });

  it('forgets a failed load: the warm-up swallows it, the next job reports it, the one after tries again', async () => {
    const loader = fakeLoader();
    const lifecycle = new CoreLifecycle(loader.load, 20);
    const job = lifecycle.core();
    loader.pending[0]!.reject(new Error('no wasm'));
    await expect(job).rejects.toThrow('no wasm');
    lifecycle.warmUp();
    expect(loader.cores).toHaveLength(2);
    loader.pending[1]!.resolve();
    expect(await lifecycle.core()).toBe(loader.cores[1]);
  });
});

describe('HelperCore', () => {
  it('lends its core only once loaded and only to one borrower; a failed job replaces it', async () => {
    const loader = fakeLoader();
    const helper = new HelperCore(loader.load);
    expect(helper.borrow()).toBeNull();
    helper.warmUp();
    expect(helper.borrow()).toBeNull(); // still loading: nobody waits for a helper
    loader.pending[0]!.resolve();
    await settle();
    const core = helper.borrow();
    expect(core).toBe(loader.cores[0]);
    expect(helper.borrow()).toBeNull();
    helper.giveBack(true);
    expect(helper.borrow()).toBe(core);
    helper.giveBack(false);
    await settle();
    expect(loader.cores[0]!.terminated).toBe(true);
    expect(helper.borrow()).toBeNull();
    loader.pending[1]!.resolve();
    await settle();
    expect(helper.borrow()).toBe(loader.cores[1]);
  });

  it('lends no core whose worker died while it waited, and loads a fresh one', async () => {
    const loader = fakeLoader();
    const helper = new HelperCore(loader.load);
    helper.warmUp();
    loader.pending[0]!.resolve();
    await settle();
    loader.cores[0]!.terminate(); // what a worker's error event does to the core
    expect(helper.borrow()).toBeNull();
    expect(loader.cores).toHaveLength(2);
    loader.pending[1]!.resolve();
    await settle();
    expect(helper.borrow()).toBe(loader.cores[1]);
  });
});
