import { describe, expect, it } from 'vitest';
import { REJECTION_REASONS, screenUpload } from './upload-rules';

const MB = 1024 * 1024;
const png = (name: string, size = 1000) => ({ name, type: 'image/png', size });

describe('screenUpload', () => {
  it('accepts PNGs by type or by name, in the order chosen', () => {
    const files = [png('b.png'), { name: 'a.PNG', type: '', size: 5 }, png('no-extension')];
    expect(screenUpload(files).accepted.map((f) => f.name)).toEqual(['b.png', 'a.PNG', 'no-extension']);
  });
  it('sets a non-PNG apart, for its own toast', () => {
    const result = screenUpload([png('ok.png'), { name: 'photo.jpg', type: 'image/jpeg', size: 10 }]);
    expect(result.accepted.map((f) => f.name)).toEqual(['ok.png']);
    expect(result.notPng.map((f) => f.name)).toEqual(['photo.jpg']);
    expect(result.rejected).toEqual([]);
  });
  it('refuses a file over 50 MB, and accepts exactly 50 MB', () => {
    const result = screenUpload([png('big.png', 50 * MB + 1), png('limit.png', 50 * MB)]);
    expect(result.accepted.map((f) => f.name)).toEqual(['limit.png']);
    expect(result.rejected).toEqual([
      { file: png('big.png', 50 * MB + 1), reasons: ['File is larger than 52428800 bytes'] },
    ]);
  });
  it('refuses the whole choice when it holds more than 10 files, with every reason of each file', () => {
    const files = [
      ...Array.from({ length: 10 }, (_, i) => png(`${i}.png`)),
      { name: 'x.gif', type: 'image/gif', size: 1 },
    ];
    const result = screenUpload(files);
    expect(result.accepted).toEqual([]);
    expect(result.notPng).toEqual([]);
    expect(result.rejected).toHaveLength(11);
    expect(result.rejected[0]!.reasons).toEqual([REJECTION_REASONS.count]);
    expect(result.rejected[10]!.reasons).toEqual(['File type must be image/png (.png)', 'Too many files']);
  });
  it('accepts exactly 10 files', () => {
    expect(screenUpload(Array.from({ length: 10 }, (_, i) => png(`${i}.png`))).accepted).toHaveLength(10);
  });
});
