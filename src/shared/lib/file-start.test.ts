import { describe, expect, it, vi } from 'vitest';
import { readStart } from './file-start';

describe('readStart', () => {
  it("reads a file's first 64 KiB once, however often it is asked for", async () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => i & 255);
    const file = new File([bytes], 'a.png');
    const slice = vi.spyOn(file, 'slice');
    const [first, again] = await Promise.all([readStart(file), readStart(file)]);
    expect(first).toEqual(bytes.subarray(0, 64 * 1024));
    expect(again).toBe(first);
    expect(await readStart(file)).toBe(first);
    expect(slice).toHaveBeenCalledTimes(1);
    // Another file of the same bytes is another snapshot: read on its own.
    expect(await readStart(new File([bytes.subarray(0, 10)], 'a.png'))).toEqual(bytes.subarray(0, 10));
  });

  it('reads a file again after a read that failed', async () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'b.png');
    const slice = vi
      .spyOn(file, 'slice')
      .mockImplementationOnce(() => ({ arrayBuffer: () => Promise.reject(new Error('NotReadableError')) }) as Blob);
    await expect(readStart(file)).rejects.toThrow('NotReadableError');
    await Promise.resolve();
    expect(await readStart(file)).toEqual(new Uint8Array([1, 2, 3]));
    expect(slice).toHaveBeenCalledTimes(2);
  });
});
