import { describe, expect, it } from 'vitest';
import { errorSummary, framesWritten, isCoreAbort } from './ffmpeg-log';

describe('ffmpeg log', () => {
  it('reads the frame count of a stats line', () => {
    expect(framesWritten('frame=    5 fps=0.0 q=-0.0 Lsize=      52kB time=00:00:02.01')).toBe(5);
    expect(framesWritten('frame=123 fps=9')).toBe(123);
    expect(framesWritten('  Stream #0:0: Video: gif, pal8')).toBeNull();
  });
  it('treats a bare Aborted() as the normal end of main(), an abort with a reason as a crash', () => {
    expect(isCoreAbort('Aborted()')).toBe(false);
    expect(isCoreAbort('Aborted(OOM)')).toBe(true);
  });
  it('summarises the last error lines', () => {
    expect(errorSummary(['ok', 'Error reinitializing filters!', 'Conversion failed!'])).toBe(
      'Error reinitializing filters!; Conversion failed!',
    );
    expect(errorSummary(['frame=1'])).toBeNull();
  });
});
