import { describe, expect, it } from 'vitest';
import type { ConversionOutput, ConversionProgress, ConversionRequest, ConvertOptions } from '../rules/contracts';
import { DEFAULT_SETTINGS } from '../rules/settings';
import { ConvertsAhead, type StageDetail } from './converts-ahead';

const output = { fileName: 'converted_1.gif' } as ConversionOutput;
const a = new File([new Uint8Array(8)], 'a.png');
const request: ConversionRequest = { files: [a], settings: DEFAULT_SETTINGS };
const progress = (value: number): ConversionProgress => ({ stage: 'processing', progress: value, message: '' });

interface Started {
  request: ConversionRequest;
  options: ConvertOptions & { onStages: (detail: StageDetail) => void };
  resolve(output: ConversionOutput): void;
  reject(error: unknown): void;
}

/** A ConvertsAhead whose idle time comes when the test says, with jobs the test finishes by hand. */
function setUp(worth = true) {
  const started: Started[] = [];
  const idle: (() => void)[] = [];
  const wasted: ConversionRequest[] = [];
  let now = 1000;
  const ahead = new ConvertsAhead(
    (req, options) =>
      new Promise<ConversionOutput>((resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        started.push({ request: req, options, resolve, reject });
      }),
    async () => worth,
    (task) => {
      idle.push(task);
      return () => idle.splice(idle.indexOf(task), 1);
    },
    (req) => wasted.push(req),
    1000,
    () => now,
  );
  const idleComes = async () => {
    for (const task of idle.splice(0)) task();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { ahead, started, idle, wasted, idleComes, later: (ms: number) => (now += ms) };
}

describe('ConvertsAhead', () => {
  it('starts in idle time a conversion worth making, which a convert() of the same request takes over', async () => {
    const { ahead, started, idleComes, later } = setUp();
    ahead.want(request);
    expect(started).toHaveLength(0);
    await idleComes();
    expect(started.map((s) => s.request)).toEqual([request]);
    expect(started[0]!.options.abortGraceMs).toBe(1000);
    started[0]!.options.onProgress!(progress(30));

    later(250);
    const shown: number[] = [];
    const stages: StageDetail[] = [];
    const taken = ahead.take(
      { ...request, settings: { ...DEFAULT_SETTINGS } },
      { onProgress: (p) => shown.push(p.progress) },
      (d) => stages.push(d),
    );
    expect(taken).not.toBeNull();
    started[0]!.options.onProgress!(progress(70));
    started[0]!.options.onStages({ decode: 40, totalMs: 400 });
    started[0]!.resolve(output);
    await expect(taken).resolves.toBe(output);
    // Its last step first, then the rest; its stage times with the part it ran before it was taken.
    expect(shown).toEqual([30, 70]);
    expect(stages).toEqual([{ decode: 40, totalMs: 400, ahead: 250 }]);
  });

  it('hands over a finished job at once, and no request twice', async () => {
    const { ahead, started, idleComes, later } = setUp();
    ahead.want(request);
    await idleComes();
    ahead.want({ ...request });
    await idleComes();
    expect(started).toHaveLength(1);
    started[0]!.options.onStages({ totalMs: 300 });
    started[0]!.resolve(output);
    await Promise.resolve();
    later(1000);
    const stages: StageDetail[] = [];
    await expect(ahead.take(request, {}, (d) => stages.push(d))).resolves.toBe(output);
    expect(stages).toEqual([{ totalMs: 300, ahead: 300 }]);
    // Taken once: the next convert() converts for itself.
    expect(ahead.take(request, {}, () => {})).toBeNull();
  });

  it('gives each conversion of a batch the part of it made before the take', async () => {
    const { ahead, started, idleComes, later } = setUp();
    ahead.want(request);
    await idleComes();
    later(300);
    started[0]!.options.onStages({ totalMs: 300 });
    later(200);
    const stages: StageDetail[] = [];
    const taken = ahead.take(request, {}, (d) => stages.push(d));
    later(100);
    started[0]!.options.onStages({ totalMs: 250 });
    started[0]!.resolve(output);
    await taken;
    // The first file's 300 ms were all before the take; the second's began 150 ms before it.
    expect(stages).toEqual([
      { totalMs: 300, ahead: 300 },
      { totalMs: 250, ahead: 150 },
    ]);
  });

  it('calls off the job for another request, and gives back what it used', async () => {
    const { ahead, started, idleComes, wasted } = setUp();
    ahead.want(request);
    await idleComes();
    const other = { ...request, settings: { ...DEFAULT_SETTINGS, quality: 40 } };
    ahead.want(other);
    expect(started[0]!.options.signal!.aborted).toBe(true);
    await Promise.resolve();
    expect(wasted).toEqual([request]);
    await idleComes();
    expect(started.map((s) => s.request)).toEqual([request, other]);
    // A convert() of a third request calls the second off and takes nothing.
    expect(ahead.take(request, {}, () => {})).toBeNull();
    expect(started[1]!.options.signal!.aborted).toBe(true);
  });

  it('does not start what is not worth it, nor what was called off before idle time came', async () => {
    const small = setUp(false);
    small.ahead.want(request);
    await small.idleComes();
    expect(small.started).toHaveLength(0);

    const { ahead, started, idle, idleComes } = setUp();
    ahead.want(request);
    ahead.want(null);
    expect(idle).toHaveLength(0);
    await idleComes();
    expect(started).toHaveLength(0);
  });

  it('leaves a failed job to the conversion, and stops a taken job when that conversion is cancelled', async () => {
    const { ahead, started, idleComes, wasted } = setUp();
    ahead.want(request);
    await idleComes();
    started[0]!.reject(new Error('the engine stopped'));
    await Promise.resolve();
    await Promise.resolve();
    expect(ahead.take(request, {}, () => {})).toBeNull();
    expect(wasted).toEqual([request]);

    ahead.want({ ...request, files: [a, a] });
    await idleComes();
    const cancel = new AbortController();
    const taken = ahead.take({ ...request, files: [a, a] }, { signal: cancel.signal }, () => {})!;
    cancel.abort();
    expect(started[1]!.options.signal!.aborted).toBe(true);
    await expect(taken).rejects.toMatchObject({ name: 'AbortError' });
  });
});
