import { describe, expect, it } from 'vitest';
import { isFromFolder, pastedFileName, sortOutFolders } from './intake';

const file = (name: string, extra: { path?: string; webkitRelativePath?: string; type?: string } = {}) => ({
  name,
  type: extra.type ?? (name.endsWith('.png') ? 'image/png' : 'text/plain'),
  ...extra,
});

describe('files of folders', () => {
  it('recognises dropped folders (file-selector paths) and chosen ones (webkitRelativePath)', () => {
    expect(isFromFolder(file('a.png', { path: '/shots/a.png' }))).toBe(true);
    expect(isFromFolder(file('a.png', { webkitRelativePath: 'shots/a.png' }))).toBe(true);
    expect(isFromFolder(file('a.png', { path: './a.png' }))).toBe(false);
    expect(isFromFolder(file('a.png'))).toBe(false);
  });

  it("skips a folder's non-PNG files together, silently its system files; single files go on to screening", () => {
    const intake = sortOutFolders([
      file('a.png', { path: '/f/a.png' }),
      file('notes.txt', { path: '/f/notes.txt' }),
      file('.DS_Store', { path: '/f/.DS_Store' }),
      file('Thumbs.db', { path: '/f/Thumbs.db' }),
      file('loose.txt', { path: './loose.txt' }),
    ]);
    expect(intake.files.map((f) => f.name)).toEqual(['a.png', 'loose.txt']);
    expect(intake.skipped.map((f) => f.name)).toEqual(['notes.txt']);
  });
});

describe('pastedFileName', () => {
  it('names a pasted image by the local time, numbering further images of the same paste', () => {
    const now = new Date(2026, 10, 2, 8, 5, 9);
    expect(pastedFileName(now)).toBe('pasted-2026-11-02-08-05-09.png');
    expect(pastedFileName(now, 1)).toBe('pasted-2026-11-02-08-05-09-2.png');
  });
});
