import { describe, expect, it } from 'vitest';
import { convertEachFile, type ConvertOne } from './convert';
import type { ConversionProgress } from '../contracts';
import { DEFAULT_SETTINGS } from '../settings';

const file = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });

describe('convertEachFile', () => {
  it('converts every file on its own, in static mode with the same settings, isolating failures', async () => {
    const requests: { names: string[]; mode: string; quality: number }[] = [];
    const convert: ConvertOne = async (request) => {
      const [only] = request.files;
      requests.push({ names: request.files.map((f) => f.name), ...request.settings });
      if (only!.name === 'bad.png') throw new Error('Failed to load image: bad.png');
      return { gif: new Blob(['gif']), fileName: `converted_1.gif`, width: 10, height: 10, frameCount: 1 };
    };
    const items: { index: number; status: string }[] = [];
    const results = await convertEachFile(
      convert,
      2,
      {
        files: [file('a.png'), file('bad.png'), file('c.png')],
        settings: { ...DEFAULT_SETTINGS, mode: 'animated', quality: 50 },
      },
      { onItem: (index, item) => items.push({ index, status: item.status }) },
    );
    expect(requests.map((r) => [r.names, r.mode, r.quality])).toEqual([
      [['a.png'], 'static', 50],
      [['bad.png'], 'static', 50],
      [['c.png'], 'static', 50],
    ]);
    expect(results.map((r) => [r.sourceName, r.status])).toEqual([
      ['a.png', 'done'],
      ['bad.png', 'failed'],
      ['c.png', 'done'],
    ]);
    expect(results[1]).toEqual({ status: 'failed', sourceName: 'bad.png', error: 'Failed to load image: bad.png' });
    expect(items).toHaveLength(3);
  });

  it('an expanded APNG frame stays that frame in its own request', async () => {
    const frames: unknown[] = [];
    const convert: ConvertOne = async (request) => {
      frames.push(request.animationFrames);
      return { gif: new Blob(['gif']), fileName: 'converted_1.gif', width: 10, height: 10, frameCount: 1 };
    };
    const anim = file('anim.png');
    await convertEachFile(convert, 1, {
      files: [anim, anim, file('still.png')],
      settings: DEFAULT_SETTINGS,
      animationFrames: [2, 0, null],
    });
    expect(frames).toEqual([[2], [0], undefined]);
  });

  it('reports files done of total with the overall percent', async () => {
    const progress: ConversionProgress[] = [];
    const convert: ConvertOne = async (_request, options) => {
      options.onProgress?.({ stage: 'processing', progress: 50, message: 'Encoding GIF...' });
      return { gif: new Blob(), fileName: 'x.gif', width: 1, height: 1, frameCount: 1 };
    };
    await convertEachFile(
      convert,
      1,
      { files: [file('a.png'), file('b.png')], settings: DEFAULT_SETTINGS },
      {
        onProgress: (p) => progress.push(p),
      },
    );
    expect(progress.map((p) => [p.stage, p.progress, p.filesDone, p.filesTotal])).toEqual([
      ['preparing', 0, 0, 2],
      ['processing', 25, 0, 2],
      ['processing', 50, 1, 2],
      ['processing', 75, 1, 2],
      ['complete', 100, 2, 2],
    ]);
  });

  it('refuses an empty batch with its message', async () => {
    const convert: ConvertOne = () => Promise.reject(new Error('unreachable'));
    await expect(convertEachFile(convert, 2, { files: [], settings: DEFAULT_SETTINGS })).rejects.toThrow(
      'No files provided',
    );
  });
});
