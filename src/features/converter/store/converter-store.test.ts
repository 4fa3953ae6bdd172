import { describe, expect, it, vi } from 'vitest';
import { createFakeRuntime, fakeOutput, pngFile } from '@/test-utils/fake-runtime';
import type { ConvertOptions } from '../rules/contracts';
import { abortError, engineLoadFailure, FAILURE_MESSAGES } from '../rules/errors';
import { DEFAULT_SETTINGS } from '../rules/settings';
import { ESTIMATE_ABORT_GRACE_MS } from '../rules/estimate/size-estimate';
import { findPreset } from '../rules/size-presets';
import { createConverterStore, FRAMING_SETTLE_MS } from './converter-store';

function setup() {
  const runtime = createFakeRuntime();
  const store = createConverterStore(runtime);
  return { runtime, store, state: () => store.getState() };
}

const names = (state: () => { files: { file: File }[] }) => state().files.map((f) => f.file.name);

/** Lets the store's pending promise callbacks (header reads, runtime results) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('converter store', () => {
  it('starts idle with the default settings and no files', () => {
    const { state } = setup();
    expect(state().machine).toEqual({ status: 'idle' });
    expect(state().files).toEqual([]);
    expect(state().settings).toEqual(DEFAULT_SETTINGS);
  });

  it('converts the files in the list order, with the settings and frame delays, reporting progress', async () => {
    const { runtime, state } = setup();
    const files = [pngFile('b.png'), pngFile('a.png')];
    state().chooseFiles(files);
    const outcome = state().convert();
    expect(state().machine.status).toBe('converting');
    expect(runtime.current.request.files).toEqual([files[1], files[0]]);
    expect(runtime.current.request.settings).toEqual({ ...DEFAULT_SETTINGS, mode: 'animated' });
    expect(runtime.current.request.frameDelays).toEqual([null, null]);

    runtime.current.options.onProgress?.({ stage: 'processing', progress: 30, message: 'Composing frames' });
    expect(state().machine).toMatchObject({ status: 'converting', progress: { stage: 'processing', progress: 30 } });

    runtime.finish({ frameCount: 2 });
    expect(await outcome).toEqual({ kind: 'done' });
    expect(state().machine).toMatchObject({ status: 'done', result: { frameCount: 2 } });
  });

  it('asks for the conversion Convert would make ahead, anew as the choice or a setting changes, and none while it runs', async () => {
    const { runtime, state } = setup();
    const files = [pngFile('b.png'), pngFile('a.png')];
    state().chooseFiles(files);
    const chosen = { files: [files[1], files[0]], settings: { ...DEFAULT_SETTINGS, mode: 'animated' } };
    expect(runtime.aheads.at(-1)).toEqual({ ...chosen, frameDelays: [null, null] });
    state().setFrameDelay(state().files[0]!.id, 200);
    expect(runtime.aheads.at(-1)).toEqual({ ...chosen, frameDelays: [200, null] });
    state().setMaintainAspectRatio(false);
    expect(runtime.aheads.at(-1)?.settings.maintainAspectRatio).toBe(false);
    const asked = runtime.aheads.length;
    // Convert takes it over, or calls it off, itself: nothing is asked while it runs.
    const outcome = state().convert();
    expect(runtime.current.request).toEqual(runtime.aheads.at(-1));
    runtime.current.options.onProgress?.({ stage: 'processing', progress: 30, message: '' });
    expect(runtime.aheads).toHaveLength(asked);
    runtime.finish();
    await outcome;
    // A result shown, or no files: nothing to make ahead.
    expect(runtime.aheads.at(-1)).toBeNull();
    state().reset();
    expect(runtime.aheads.at(-1)).toBeNull();
    expect(runtime.aheads.filter((request) => request === null)).toHaveLength(1);
  });

  it('an animated PNG alone makes an animation; expanded, its frames are items of their own', () => {
    const { runtime, state } = setup();
    const apng = pngFile('anim.png');
    state().chooseFiles([apng], new Map([[apng, { frameCount: 3, delaysMs: [100, 200, 300], plays: 0 }]]));
    expect(state().settings.mode).toBe('animated');
    const [item] = state().files;
    state().expandAnimation(item!.id);
    expect(state().files.map((f) => [f.file, f.frame])).toEqual([
      [apng, 0],
      [apng, 1],
      [apng, 2],
    ]);
    state().moveFile(2, 0);
    state().setFrameDelay(state().files[1]!.id, 50);
    void state().convert();
    expect(runtime.current.request.animationFrames).toEqual([2, 0, 1]);
    expect(runtime.current.request.frameDelays).toEqual([null, 50, null]);
  });

  it('hands every choice of files to the runtime to check ahead, not edits of the list, and the list emptied', () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('b.png'), pngFile('a.png')]);
    state().appendFiles([pngFile('pasted.png')]);
    state().removeFile(state().files[0]!.id);
    state().clearFiles();
    expect(runtime.prepared.map((files) => files.map((file) => file.name))).toEqual([
      ['a.png', 'b.png'],
      ['a.png', 'b.png', 'pasted.png'],
      [],
    ]);
  });

  it('hands a choice over with the settings it will be converted at, the mode the choice set included', () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('a.png'), pngFile('b.png')]);
    state().chooseFiles([pngFile('c.png')]);
    expect(runtime.preparedSettings.map((settings) => settings.mode)).toEqual(['animated', 'static']);
    expect(runtime.preparedSettings[1]).toEqual(state().settings);
  });

  it('a paste adds to the selection and keeps what was chosen', () => {
    const { state } = setup();
    state().chooseFiles([pngFile('a.png')]);
    state().setFrameDelay(state().files[0]!.id, 70);
    state().appendFiles([pngFile('pasted.png')]);
    expect(names(state)).toEqual(['a.png', 'pasted.png']);
    expect(state().files[0]!.delayMs).toBe(70);
    expect(state().settings.mode).toBe('animated');
  });

  it('a crop is kept while the first picture stays, and dropped when another first picture is chosen', () => {
    const { state } = setup();
    const first = pngFile('a.png');
    const crop = { x: 10, y: 20, width: 30, height: 40 };
    const turned = { quarterTurns: 1 as const, mirrored: true };
    state().chooseFiles([first, pngFile('b.png')]);
    state().updateSettings({ crop, orientation: turned });
    state().appendFiles([pngFile('pasted.png')]);
    state().moveFileDown(1);
    state().removeFile(state().files[2]!.id);
    expect(state().settings.crop).toEqual(crop);
    state().chooseFiles([pngFile('other.png')]);
    expect(state().settings.crop).toBeNull();
    // The orientation is a choice about the pictures' direction, kept like the other settings.
    expect(state().settings.orientation).toEqual(turned);
  });

  it('hands the files over again once a new crop or turn has settled, to be read ahead as now framed', () => {
    vi.useFakeTimers();
    try {
      const { runtime, state } = setup();
      const files = [pngFile('a.png'), pngFile('b.png')];
      state().chooseFiles(files);
      // Dragging the box or typing a field: only the framing the person stops at is read.
      state().updateSettings({ crop: { x: 0, y: 0, width: 50, height: 40 } });
      vi.advanceTimersByTime(FRAMING_SETTLE_MS - 1);
      state().updateSettings({ crop: { x: 1, y: 2, width: 60, height: 40 } });
      state().updateSettings({ orientation: { quarterTurns: 1, mirrored: false } });
      vi.advanceTimersByTime(FRAMING_SETTLE_MS - 1);
      expect(runtime.prepared).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(runtime.prepared).toHaveLength(2);
      expect(runtime.prepared[1]).toEqual(files);
      expect(runtime.preparedSettings[1]).toMatchObject({
        crop: { x: 1, y: 2, width: 60, height: 40 },
        orientation: { quarterTurns: 1, mirrored: false },
      });
      // Other settings do not change what is read ahead of a framing.
      state().updateSettings({ quality: 50 });
      vi.advanceTimersByTime(FRAMING_SETTLE_MS);
      expect(runtime.prepared).toHaveLength(2);
      // A Convert before the framing settles reads it itself: nothing is handed over during or after it.
      state().updateSettings({ crop: null });
      void state().convert();
      vi.advanceTimersByTime(FRAMING_SETTLE_MS);
      expect(runtime.prepared).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('Convert cancels a size estimate still encoding, with a grace to finish so the engine stays warm', async () => {
    const { runtime, state } = setup();
    let sampleOptions: ConvertOptions = {};
    runtime.convertSample = (_request, options = {}) => {
      sampleOptions = options;
      return new Promise((_resolve, reject) => options.signal?.addEventListener('abort', () => reject(abortError())));
    };
    state().chooseFiles([pngFile('a.png')]);
    const estimate = state().estimateSize();
    await settle();
    expect(sampleOptions.signal?.aborted).toBe(false);
    void state().convert();
    expect(sampleOptions.signal?.aborted).toBe(true);
    expect(sampleOptions.abortGraceMs).toBe(ESTIMATE_ABORT_GRACE_MS);
    expect(await estimate).toBeNull();
  });

  it('fails with the engine message and keeps files and settings', async () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('a.png')]);
    state().updateSettings({ quality: 40 });
    const outcome = state().convert();
    runtime.fail(new Error('Failed to load image'));
    expect(await outcome).toEqual({ kind: 'failed', error: 'Failed to load image' });
    expect(state().machine).toMatchObject({ status: 'failed', error: 'Failed to load image' });
    expect(state().files).toHaveLength(1);
    expect(state().settings.quality).toBe(40);
  });

  it('reports an unknown error, with what to try, for a failure without message', async () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('a.png')]);
    const outcome = state().convert();
    runtime.fail({ code: 'boom' });
    expect(await outcome).toEqual({ kind: 'failed', error: FAILURE_MESSAGES.unknown });
    expect(FAILURE_MESSAGES.unknown).toMatch(/^An unknown error occurred\. /);
  });

  it('never shows a library’s text: an engine core that failed gets its own message, and the next Convert runs', async () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('a.png')]);
    const failures: [unknown, string][] = [
      // What @ffmpeg/ffmpeg answers from a core that is not there, and what a load that failed became.
      ['Error: ffmpeg is not loaded, call `await ffmpeg.load()` first', FAILURE_MESSAGES['engine-stopped']],
      [engineLoadFailure('CompileError: WebAssembly.compile(): expected magic word'), FAILURE_MESSAGES['engine-load']],
      [new RangeError('Array buffer allocation failed'), FAILURE_MESSAGES['out-of-memory']],
      [
        new DOMException('The requested file could not be read.', 'NotReadableError'),
        FAILURE_MESSAGES['file-unreadable'],
      ],
    ];
    for (const [thrown, message] of failures) {
      const outcome = state().convert();
      runtime.fail(thrown);
      expect(await outcome).toEqual({ kind: 'failed', error: message });
      expect(state().machine).toMatchObject({ status: 'failed', error: message });
    }
    const next = state().convert();
    expect(state().machine.status).toBe('converting');
    runtime.finish({ width: 20 });
    expect(await next).toEqual({ kind: 'done' });
    expect(state().machine).toMatchObject({ status: 'done', result: { width: 20 } });
  });

  it('says which files of a batch failed in words for a person', async () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('a.png'), pngFile('b.png')]);
    state().setMode('static');
    const outcome = state().convert();
    await vi.waitFor(() => expect(runtime.jobs).toHaveLength(2));
    runtime.jobs[0]!.reject('RuntimeError: memory access out of bounds');
    runtime.jobs[1]!.resolve(fakeOutput());
    expect(await outcome).toEqual({ kind: 'batch-done', converted: 1, failed: 1 });
    expect(state().machine).toMatchObject({
      status: 'batch-done',
      items: [{ status: 'failed', sourceName: 'a.png', error: FAILURE_MESSAGES['engine-stopped'] }, { status: 'done' }],
    });
  });

  it('cancel aborts the engine and returns to idle quietly, keeping files and settings', async () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('a.png'), pngFile('b.png')]);
    const outcome = state().convert();
    const signal = runtime.current.options.signal!;
    state().cancel();
    expect(signal.aborted).toBe(true);
    expect(await outcome).toEqual({ kind: 'cancelled' });
    expect(state().machine).toEqual({ status: 'idle' });
    expect(state().files).toHaveLength(2);
    expect(state().settings.mode).toBe('animated');
  });

  it('ignores the late result of a cancelled job', async () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('a.png')]);
    const first = state().convert();
    const firstJob = runtime.current;
    state().cancel();
    await first;
    const second = state().convert();
    firstJob.resolve({ gif: new Blob(), fileName: 'stale.gif', width: 1, height: 1, frameCount: 1 });
    await settle();
    expect(state().machine.status).toBe('converting');
    runtime.finish({ fileName: 'fresh.gif' });
    await second;
    expect(state().machine).toMatchObject({ status: 'done', result: { fileName: 'fresh.gif' } });
  });

  it('refuses to convert without files, with an invalid size, or while busy, without calling the engine', async () => {
    const { runtime, state } = setup();
    expect(await state().convert()).toEqual({ kind: 'no-files' });
    state().chooseFiles([pngFile('a.png')]);
    state().updateSettings({ resize: true });
    state().setMaintainAspectRatio(false);
    state().setDimension('width', 0);
    expect(await state().convert()).toEqual({ kind: 'invalid-settings' });
    state().setDimension('width', 5000);
    expect(await state().convert()).toEqual({ kind: 'invalid-settings' });
    expect(runtime.jobs).toHaveLength(0);

    state().setDimension('width', 640);
    void state().convert();
    expect(await state().convert()).toEqual({ kind: 'busy' });
    expect(runtime.jobs).toHaveLength(1);
  });

  it('a Convert clicked while chosen files are still being read waits for them, then converts them', async () => {
    const { runtime, state } = setup();
    let arrive!: () => void;
    const intake = new Promise<void>((resolve) => (arrive = resolve)).then(() =>
      state().chooseFiles([pngFile('b.png'), pngFile('a.png')]),
    );
    state().expectFiles(intake);
    const outcome = state().convert();
    await settle();
    expect(runtime.jobs).toHaveLength(0);
    arrive();
    await settle();
    expect(runtime.jobs).toHaveLength(1);
    expect(runtime.current.request.files.map((file) => file.name)).toEqual(['a.png', 'b.png']);
    runtime.finish();
    expect(await outcome).toEqual({ kind: 'done' });
  });

  it('a Convert waiting for files that all get refused says that no files are selected', async () => {
    const { runtime, state } = setup();
    const intake = Promise.reject(new Error('unreadable'));
    state().expectFiles(intake);
    expect(await state().convert()).toEqual({ kind: 'no-files' });
    expect(runtime.jobs).toHaveLength(0);
  });

  it('choosing files replaces the selection and clears the result', async () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('a.png')]);
    const outcome = state().convert();
    runtime.finish();
    await outcome;
    state().chooseFiles([pngFile('c.png')]);
    expect(state().files.map((f) => f.file.name)).toEqual(['c.png']);
    expect(state().machine).toEqual({ status: 'idle' });
  });

  it('choosing files clears an error', async () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('a.png')]);
    const outcome = state().convert();
    runtime.fail(new Error('Failed to load image'));
    await outcome;
    state().chooseFiles([pngFile('a.png')]);
    expect(state().machine).toEqual({ status: 'idle' });
  });

  it('switches static to animated with 2+ files, and back when fewer than 2 remain', () => {
    const { state } = setup();
    state().chooseFiles([pngFile('a.png'), pngFile('b.png'), pngFile('c.png')]);
    expect(state().settings.mode).toBe('animated');
    state().removeFile(state().files[0]!.id);
    expect(state().files.map((f) => f.file.name)).toEqual(['b.png', 'c.png']);
    expect(state().settings.mode).toBe('animated');
    state().removeFile(state().files[0]!.id);
    expect(state().settings.mode).toBe('static');
  });

  it('moves a file to another place in the frame order, clearing the result', async () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('a.png'), pngFile('b.png'), pngFile('c.png')]);
    const outcome = state().convert();
    runtime.finish();
    await outcome;
    state().moveFile(2, 0);
    expect(state().files.map((f) => f.file.name)).toEqual(['c.png', 'a.png', 'b.png']);
    expect(state().machine).toEqual({ status: 'idle' });
    state().moveFile(0, 5);
    expect(state().files.map((f) => f.file.name)).toEqual(['c.png', 'a.png', 'b.png']);
  });

  it('takes new files in natural name order', () => {
    const { state } = setup();
    state().chooseFiles([pngFile('frame10.png'), pngFile('frame2.png'), pngFile('Frame1.png')]);
    expect(names(state)).toEqual(['Frame1.png', 'frame2.png', 'frame10.png']);
  });

  it('moves frames up and down, reverses them and sorts them by name, clearing the result', async () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('f1.png'), pngFile('f2.png'), pngFile('f3.png')]);
    const outcome = state().convert();
    runtime.finish();
    await outcome;
    state().moveFileUp(2);
    expect(names(state)).toEqual(['f1.png', 'f3.png', 'f2.png']);
    expect(state().machine).toEqual({ status: 'idle' });
    state().moveFileDown(0);
    expect(names(state)).toEqual(['f3.png', 'f1.png', 'f2.png']);
    state().moveFileUp(0);
    state().moveFileDown(2);
    expect(names(state)).toEqual(['f3.png', 'f1.png', 'f2.png']);
    state().reverseFiles();
    expect(names(state)).toEqual(['f2.png', 'f1.png', 'f3.png']);
    state().sortFilesByName();
    expect(names(state)).toEqual(['f1.png', 'f2.png', 'f3.png']);
  });

  it('keeps each frame its own delay through reordering and hands the delays over in frame order', () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('a.png'), pngFile('b.png'), pngFile('c.png')]);
    const [a, , c] = state().files;
    state().setFrameDelay(a!.id, 120);
    state().setFrameDelay(c!.id, 30);
    state().reverseFiles();
    state().setFrameDelay(c!.id, null);
    state().setFrameDelay(c!.id, 40);
    void state().convert();
    expect(runtime.current.request.files.map((f) => f.name)).toEqual(['c.png', 'b.png', 'a.png']);
    expect(runtime.current.request.frameDelays).toEqual([40, null, 120]);
  });

  it('does not reorder or change delays while converting', () => {
    const { state } = setup();
    state().chooseFiles([pngFile('a.png'), pngFile('b.png')]);
    void state().convert();
    state().reverseFiles();
    state().moveFileDown(0);
    state().setFrameDelay(state().files[0]!.id, 100);
    expect(names(state)).toEqual(['a.png', 'b.png']);
    expect(state().files[0]!.delayMs).toBeNull();
  });

  it('static mode with several files converts each file into its own GIF, failures included', async () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('a.png'), pngFile('b.png'), pngFile('c.png')]);
    state().setMode('static');
    state().reverseFiles();
    expect(state().settings.mode).toBe('static');
    const outcome = state().convert();
    await settle();
    // The fake runs two files side by side, each as a one-file static request.
    expect(runtime.jobs.map((job) => job.request.files.map((f) => f.name))).toEqual([['c.png'], ['b.png']]);
    expect(runtime.jobs[0]!.request.settings.mode).toBe('static');
    runtime.jobs[1]!.reject(new Error('Failed to load image: b.png'));
    await settle();
    expect(state().machine).toMatchObject({
      status: 'converting',
      progress: { filesDone: 1, filesTotal: 3 },
    });
    runtime.jobs[0]!.resolve(fakeOutput({ fileName: 'c.gif' }));
    await settle();
    runtime.jobs[2]!.resolve(fakeOutput({ fileName: 'a.gif' }));
    expect(await outcome).toEqual({ kind: 'batch-done', converted: 2, failed: 1 });
    const machine = state().machine;
    expect(machine.status).toBe('batch-done');
    if (machine.status !== 'batch-done') return;
    expect(machine.items).toEqual([
      { status: 'done', sourceName: 'c.png', output: expect.objectContaining({ fileName: 'c.gif' }) },
      { status: 'failed', sourceName: 'b.png', error: 'Failed to load image: b.png' },
      { status: 'done', sourceName: 'a.png', output: expect.objectContaining({ fileName: 'a.gif' }) },
    ]);
    expect(machine.progress).toMatchObject({ progress: 100, filesDone: 3, filesTotal: 3 });
  });

  it('cancelling a batch stops every running file and returns to idle quietly', async () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('a.png'), pngFile('b.png'), pngFile('c.png')]);
    state().setMode('static');
    const outcome = state().convert();
    await settle();
    state().cancel();
    expect(await outcome).toEqual({ kind: 'cancelled' });
    expect(runtime.jobs).toHaveLength(2);
    expect(runtime.jobs.every((job) => job.options.signal?.aborted)).toBe(true);
    expect(state().machine).toEqual({ status: 'idle' });
  });

  it('keeps animated unavailable with fewer than two files', () => {
    const { state } = setup();
    state().chooseFiles([pngFile('a.png')]);
    state().setMode('animated');
    expect(state().settings.mode).toBe('static');
    state().chooseFiles([pngFile('a.png'), pngFile('b.png')]);
    state().setMode('static');
    expect(state().settings.mode).toBe('static');
    state().setMode('animated');
    expect(state().settings.mode).toBe('animated');
  });

  it('maintains the aspect ratio of the first image', async () => {
    const { state } = setup();
    state().chooseFiles([pngFile('1-wide.png', 1600, 900), pngFile('2-square.png', 100, 100)]);
    await vi.waitFor(() => expect(state().aspectRatio).toBeCloseTo(16 / 9));
    expect(state().settings).toMatchObject({ width: 800, height: 450 });
    state().setDimension('height', 360);
    expect(state().settings).toMatchObject({ width: 640, height: 360 });
    state().setMaintainAspectRatio(false);
    state().setDimension('height', 500);
    expect(state().settings).toMatchObject({ width: 640, height: 500 });
  });

  it('keeps the proportions of the framed picture: cropped, then turned', async () => {
    const { state } = setup();
    state().chooseFiles([pngFile('wide.png', 1200, 800)]);
    await vi.waitFor(() => expect(state().aspectRatio).toBeCloseTo(1.5));
    expect(state().settings).toMatchObject({ width: 800, height: 533 });
    state().updateSettings({ orientation: { quarterTurns: 1, mirrored: false } });
    expect(state().aspectRatio).toBeCloseTo(800 / 1200);
    expect(state().settings).toMatchObject({ width: 800, height: 1200 });
    state().updateSettings({ crop: { x: 100, y: 100, width: 400, height: 200 } });
    expect(state().aspectRatio).toBeCloseTo(0.5);
    expect(state().settings).toMatchObject({ width: 800, height: 1600 });
    state().updateSettings({ crop: null, orientation: { quarterTurns: 0, mirrored: false } });
    expect(state().settings).toMatchObject({ width: 800, height: 533 });
    state().setMaintainAspectRatio(false);
    state().updateSettings({ crop: { x: 0, y: 0, width: 100, height: 100 } });
    expect(state().settings).toMatchObject({ width: 800, height: 533 });
  });

  it('does not let a late read of the first image undo a size the user set', async () => {
    const { state } = setup();
    state().chooseFiles([pngFile('classic.png', 1600, 1200)]);
    state().applyPreset(findPreset('hd')!);
    await vi.waitFor(() => expect(state().aspectRatio).toBeCloseTo(4 / 3));
    expect(state().settings).toMatchObject({ width: 1920, height: 1080 });
  });

  it('applies size presets', () => {
    const { state } = setup();
    state().applyPreset(findPreset('small')!);
    expect(state().settings).toMatchObject({ resize: true, width: 400, height: 300 });
    state().applyPreset(findPreset('original')!);
    expect(state().settings.resize).toBe(false);
  });

  it('reset clears files, result, error and progress, keeping the settings, and tells the runtime', async () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('a.png')]);
    state().updateSettings({ quality: 60 });
    const outcome = state().convert();
    runtime.finish();
    await outcome;
    state().reset();
    expect(state().files).toEqual([]);
    expect(state().machine).toEqual({ status: 'idle' });
    expect(state().settings.quality).toBe(60);
    // The runtime is told: it gives back what it kept of the files and calls off its work on them.
    expect(runtime.prepared.at(-1)).toEqual([]);
  });

  it('reset during a conversion cancels it', async () => {
    const { runtime, state } = setup();
    state().chooseFiles([pngFile('a.png')]);
    const outcome = state().convert();
    state().reset();
    expect(runtime.current.options.signal?.aborted).toBe(true);
    expect(await outcome).toEqual({ kind: 'cancelled' });
    expect(state().machine).toEqual({ status: 'idle' });
    expect(state().files).toEqual([]);
  });

  it('does not change the selection while converting', () => {
    const { state } = setup();
    state().chooseFiles([pngFile('a.png')]);
    void state().convert();
    state().chooseFiles([pngFile('b.png')]);
    state().clearFiles();
    expect(state().files.map((f) => f.file.name)).toEqual(['a.png']);
  });

  it('keeps the settings the conversion took while converting, whatever a control tries', () => {
    const { state } = setup();
    state().chooseFiles([pngFile('a.png'), pngFile('b.png')]);
    state().setMode('animated');
    void state().convert();
    const taken = state().settings;
    state().setMode('static');
    state().updateSettings({ quality: 10, crop: { x: 0, y: 0, width: 5, height: 5 } });
    state().setDimension('width', 64);
    state().setMaintainAspectRatio(!taken.maintainAspectRatio);
    state().applyPreset(findPreset('small')!);
    expect(state().settings).toEqual(taken);
  });

  it('warms the engine up on request', () => {
    const { runtime, state } = setup();
    state().warmUp();
    expect(runtime.warmUps).toBe(1);
  });
});
