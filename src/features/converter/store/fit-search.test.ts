import { describe, expect, it } from 'vitest';
import { createFakeRuntime, fakeOutput, pngFile } from '@/test-utils/fake-runtime';
import type { ConversionSettings } from '../rules/settings';
import { createConverterStore } from './converter-store';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The fake encoder's size for some settings: 2 MB at full size and 256 colours, shrinking like a photo. */
function bytesFor(settings: ConversionSettings): number {
  const scale = settings.resize ? settings.width / 1920 : 1;
  return Math.round(2_000_000 * (settings.quality / 100) ** 0.8 * scale ** 1.8);
}

/** Answers every encode of a search with `bytesFor` its settings until the store's convert settles. */
async function answerSearch(runtime: ReturnType<typeof createFakeRuntime>, outcome: Promise<unknown>) {
  let settled = false;
  void outcome.finally(() => (settled = true));
  let answered = 0;
  while (!settled) {
    await settle();
    if (runtime.jobs.length > answered) {
      const job = runtime.jobs[answered++]!;
      job.resolve(fakeOutput({ gif: new Blob([new Uint8Array(bytesFor(job.request.settings))]) }));
    }
  }
  return answered;
}

describe('store: Fit under', () => {
  it('searches until the GIF is under the budget and reports what it chose', async () => {
    const runtime = createFakeRuntime();
    const store = createConverterStore(runtime);
    store.getState().chooseFiles([pngFile('photo.png', 1920, 1280)]);
    store.getState().updateSettings({ targetBytes: 256 * 1024 });
    const outcome = store.getState().convert();
    const encodes = await answerSearch(runtime, outcome);

    expect(await outcome).toEqual({ kind: 'done' });
    const machine = store.getState().machine;
    if (machine.status !== 'done') throw new Error('not done');
    expect(machine.result.gif.size).toBeLessThanOrEqual(256 * 1024);
    expect(machine.fit).toMatchObject({ fits: true, budget: 256 * 1024, encodes });
    expect(encodes).toBeLessThanOrEqual(4);
    // Every encode of the search is of the same files: the decodes kept for them stay kept.
    expect(runtime.jobs.map((job) => job.options.keepDecodes)).toEqual(runtime.jobs.map(() => true));

    // The chosen settings become the person's, with the budget off, to tweak by hand.
    store.getState().applyFittedSettings();
    expect(store.getState().settings).toMatchObject({ ...machine.fit!.settings, targetBytes: null });
  });

  it('an impossible budget ends with the smallest GIF and says it missed', async () => {
    const runtime = createFakeRuntime();
    const store = createConverterStore(runtime);
    store.getState().chooseFiles([pngFile('photo.png', 1920, 1280)]);
    store.getState().updateSettings({ targetBytes: 1024 });
    const outcome = store.getState().convert();
    await answerSearch(runtime, outcome);
    const result = await outcome;
    expect(result).toMatchObject({ kind: 'fit-missed', budget: 1024 });
    const machine = store.getState().machine;
    if (machine.status !== 'done') throw new Error('not done');
    expect(machine.fit?.fits).toBe(false);
    const sizes = runtime.jobs.map((job) => bytesFor(job.request.settings));
    expect(machine.result.gif.size).toBe(Math.min(...sizes));
  });

  it('cancel stops the search quietly', async () => {
    const runtime = createFakeRuntime();
    const store = createConverterStore(runtime);
    store.getState().chooseFiles([pngFile('photo.png', 1920, 1280)]);
    store.getState().updateSettings({ targetBytes: 1024 });
    const outcome = store.getState().convert();
    await settle();
    runtime.current.resolve(fakeOutput({ gif: new Blob([new Uint8Array(5000)]) }));
    await settle();
    expect(runtime.jobs).toHaveLength(2);
    store.getState().cancel();
    expect(await outcome).toEqual({ kind: 'cancelled' });
    expect(store.getState().machine).toEqual({ status: 'idle' });
  });
});
