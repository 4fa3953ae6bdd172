import { describe, expect, it } from 'vitest';
import { errorSummary, framesWritten, heapBytes, heapLine, isCoreAbort } from './core-log';

describe('engine core log', () => {
  it('reads back the heap size its worker logs after a job, and nothing else', () => {
    expect(heapBytes(heapLine(134_217_728))).toBe(134_217_728);
    expect(heapBytes('frame=3')).toBeNull();
    expect(heapBytes('error: heap=12 is not a heap line')).toBeNull();
  });

  it('reads the frame count of a progress line', () => {
    expect(framesWritten('frame=5')).toBe(5);
    expect(framesWritten('frame=123')).toBe(123);
    expect(framesWritten('[AVFilterGraph @ 0x5354] No such filter: x')).toBeNull();
    expect(framesWritten('error: cannot open frame0000.rgba: No such file or directory')).toBeNull();
  });
  it('takes an abort with a reason as a crash, a bare Aborted() as none', () => {
    expect(isCoreAbort('Aborted()')).toBe(false);
    expect(isCoreAbort('Aborted(OOM)')).toBe(true);
  });
  it('summarises the last error lines', () => {
    expect(
      errorSummary([
        'frame=1',
        "[AVFilterGraph @ 0x535440] No such filter: 'nosuch'",
        'error: invalid filter graph: Filter not found',
      ]),
    ).toBe("[AVFilterGraph @ 0x535440] No such filter: 'nosuch'; error: invalid filter graph: Filter not found");
    expect(errorSummary(['frame=1', 'frame=2'])).toBeNull();
  });
});
