import { describe, expect, it, vi } from 'vitest';
import { buildApng, solid } from '../../../../tests/fixtures/apng';
import { encodePng, testPattern } from '../../../../tests/fixtures/pngs';
import { factsAhead } from '../rules/plan/facts-ahead';
import { DEFAULT_SETTINGS } from '../rules/settings';
import { DecodesAhead, type DecodeAheadTarget } from './decodes-ahead';

const pngFile = (name: string, bytes: Uint8Array) => new File([bytes as Uint8Array<ArrayBuffer>], name);
const still = (name: string, width: number, height: number) => pngFile(name, encodePng(testPattern(width, height)));

/** The idle time comes when the test says so. */
function decodesAhead() {
  const tasks: (() => void)[] = [];
  const target = { decodeAhead: vi.fn<DecodeAheadTarget['decodeAhead']>() };
  const schedule = (task: () => void) => {
    tasks.push(task);
    return () => tasks.splice(tasks.indexOf(task), 1);
  };
  const ahead = new DecodesAhead(target, schedule, schedule);
  // Also what the tasks schedule in turn (a decode ahead again waits, then for an idle moment).
  const runIdle = () =>
    vi.waitFor(() => {
      tasks.splice(0).forEach((task) => task());
      expect(target.decodeAhead).toHaveBeenCalled();
    });
  return { ahead, target, runIdle, pending: () => tasks.length };
}

describe('DecodesAhead: the PNGs just chosen, decoded while the person looks at the settings', () => {
  it('hands the still PNGs with their pixel counts to the engine once the page is idle', async () => {
    const { ahead, target, runIdle } = decodesAhead();
    const files = [still('a.png', 40, 30), still('b.png', 20, 10)];
    ahead.prepare(files, DEFAULT_SETTINGS);
    expect(target.decodeAhead).not.toHaveBeenCalled();
    await runIdle();
    expect(target.decodeAhead).toHaveBeenCalledWith([
      {
        file: files[0],
        pixels: 1200,
        facts: factsAhead(DEFAULT_SETTINGS, [{ name: 'a.png', width: 40, height: 30 }])[0],
      },
      {
        file: files[1],
        pixels: 200,
        facts: factsAhead(DEFAULT_SETTINGS, [{ name: 'b.png', width: 20, height: 10 }])[0],
      },
    ]);
    // Each still as its own conversion would ask: every pixel of a small picture, on its own canvas.
    const [[first]] = target.decodeAhead.mock.calls[0]!;
    expect(first!.facts).toMatchObject({ canvas: { width: 40, height: 30 }, histogram: { step: 1 } });
  });

  it('leaves out animated PNGs and files that are not PNGs', async () => {
    const { ahead, target, runIdle } = decodesAhead();
    const apng = pngFile(
      'moving.png',
      buildApng({ width: 4, height: 4, frames: [{ image: solid(4, 4, [255, 0, 0, 255]) }] }),
    );
    const text = new File(['not a png'], 'notes.png');
    const plain = still('plain.png', 8, 8);
    ahead.prepare([apng, text, plain], DEFAULT_SETTINGS);
    await runIdle();
    expect(target.decodeAhead).toHaveBeenCalledWith([{ file: plain, pixels: 64, facts: expect.any(Object) }]);
  });

  it('calls off what has not started when a conversion starts or another choice comes', async () => {
    const { ahead, target, runIdle, pending } = decodesAhead();
    ahead.prepare([still('a.png', 4, 4)], DEFAULT_SETTINGS);
    ahead.stop();
    expect(pending()).toBe(0);
    const later = still('b.png', 4, 4);
    ahead.prepare([still('c.png', 4, 4)], DEFAULT_SETTINGS);
    ahead.prepare([later], DEFAULT_SETTINGS);
    expect(pending()).toBe(1);
    await runIdle();
    expect(target.decodeAhead).toHaveBeenCalledTimes(1);
    expect(target.decodeAhead).toHaveBeenCalledWith([{ file: later, pixels: 16, facts: expect.any(Object) }]);
  });

  it('after a conversion took the kept decodes: decodes the chosen files ahead again, at its settings', async () => {
    const { ahead, target, runIdle, pending } = decodesAhead();
    const files = [still('a.png', 4, 4), still('b.png', 6, 6)];
    ahead.prepare(files, DEFAULT_SETTINGS);
    ahead.stop();
    const lower = { ...DEFAULT_SETTINGS, quality: 40 };
    ahead.again(files, lower);
    expect(pending()).toBe(1);
    await runIdle();
    expect(target.decodeAhead).toHaveBeenCalledWith([
      { file: files[0], pixels: 16, facts: factsAhead(lower, [{ name: 'a.png', width: 4, height: 4 }])[0] },
      { file: files[1], pixels: 36, facts: factsAhead(lower, [{ name: 'b.png', width: 6, height: 6 }])[0] },
    ]);
  });

  it('not after another choice came during the conversion; files chosen before it knew of any are taken as chosen', async () => {
    const { ahead, target, runIdle, pending } = decodesAhead();
    const converted = [still('a.png', 4, 4)];
    const chosen = [still('b.png', 4, 4)];
    ahead.prepare(chosen, DEFAULT_SETTINGS);
    ahead.again(converted, DEFAULT_SETTINGS);
    ahead.again([...chosen, still('c.png', 4, 4)], DEFAULT_SETTINGS);
    await runIdle();
    expect(target.decodeAhead).toHaveBeenCalledTimes(1);
    expect(target.decodeAhead).toHaveBeenCalledWith([{ file: chosen[0], pixels: 16, facts: expect.any(Object) }]);

    const fresh = decodesAhead();
    fresh.ahead.again(converted, DEFAULT_SETTINGS);
    expect(fresh.pending()).toBe(1);
    await fresh.runIdle();
    expect(fresh.target.decodeAhead).toHaveBeenCalledWith([
      { file: converted[0], pixels: 16, facts: expect.any(Object) },
    ]);
    expect(pending()).toBe(0);
  });

  it('the same files newly cropped and turned: asks for the facts of that cut', async () => {
    const { ahead, target, runIdle } = decodesAhead();
    const file = still('a.png', 40, 30);
    const framed = {
      ...DEFAULT_SETTINGS,
      crop: { x: 2, y: 3, width: 20, height: 10 },
      orientation: { quarterTurns: 1 as const, mirrored: false },
    };
    ahead.prepare([file], framed);
    await runIdle();
    expect(target.decodeAhead).toHaveBeenCalledWith([
      { file, pixels: 1200, facts: factsAhead(framed, [{ name: 'a.png', width: 40, height: 30 }])[0] },
    ]);
    const [[only]] = target.decodeAhead.mock.calls[0]!;
    expect(only!.facts).toMatchObject({
      canvas: { width: 10, height: 20 },
      source: { width: 40, height: 30 },
      cut: { crop: framed.crop, orientation: framed.orientation },
    });
  });
});
