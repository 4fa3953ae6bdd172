import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { archiveFileName, batchEntryNames, zipGifs } from './archive';

describe('archiveFileName', () => {
  it('is converted_<timestamp>.zip', () => {
    expect(archiveFileName(1732200000000)).toBe('converted_1732200000000.zip');
  });
});

describe('batchEntryNames', () => {
  it('swaps the .png extension for .gif', () => {
    expect(batchEntryNames(['logo.png', 'Icon.PNG', 'noext'])).toEqual(['logo.gif', 'Icon.gif', 'noext.gif']);
  });
  it('keeps names unique, ignoring case', () => {
    expect(batchEntryNames(['a.png', 'A.png', 'a.png'])).toEqual(['a.gif', 'A (2).gif', 'a (3).gif']);
  });
});

describe('zipGifs', () => {
  it('holds exactly the given files, byte for byte', () => {
    const one = new Uint8Array([71, 73, 70, 56, 57, 97, 1]);
    const two = new Uint8Array([71, 73, 70, 56, 57, 97, 2, 3]);
    const unzipped = unzipSync(
      zipGifs([
        { name: 'one.gif', bytes: one },
        { name: 'two.gif', bytes: two },
      ]),
    );
    expect(Object.keys(unzipped).sort()).toEqual(['one.gif', 'two.gif']);
    expect(unzipped['one.gif']).toEqual(one);
    expect(unzipped['two.gif']).toEqual(two);
  });
});
