import { render, waitFor } from '@testing-library/react';
import { Activity } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pngFile } from '@/test-utils/fake-runtime';
import { useCropPreview } from './use-crop-preview';

interface FakeBitmap {
  width: number;
  height: number;
  closed: boolean;
  close(): void;
}

/** Each render's bitmap, and whether it was already closed when the render got it. */
function Probe({ file, seen }: { file: File; seen: { bitmap: FakeBitmap | null; closed: boolean }[] }) {
  const bitmap = useCropPreview(file).bitmap as unknown as FakeBitmap | null;
  seen.push({ bitmap, closed: bitmap?.closed ?? false });
  return null;
}

describe('useCropPreview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('never hands out a bitmap it has closed: hidden and shown again, it decodes the picture anew', async () => {
    const made: FakeBitmap[] = [];
    vi.stubGlobal('createImageBitmap', async () => {
      const bitmap: FakeBitmap = { width: 300, height: 200, closed: false, close: () => void (bitmap.closed = true) };
      made.push(bitmap);
      return bitmap;
    });
    const file = pngFile('photo.png', 300, 200);
    const seen: { bitmap: FakeBitmap | null; closed: boolean }[] = [];
    const view = (mode: 'visible' | 'hidden') => (
      <Activity mode={mode}>
        <Probe file={file} seen={seen} />
      </Activity>
    );
    const { rerender } = render(view('visible'));
    await waitFor(() => expect(seen.at(-1)?.bitmap).toBe(made[0]));

    rerender(view('hidden'));
    rerender(view('visible'));
    await waitFor(() => expect(made).toHaveLength(2));
    await waitFor(() => expect(seen.at(-1)?.bitmap).toBe(made[1]));
    expect(made[0]!.closed).toBe(true);
    expect(seen.filter((render) => render.closed)).toEqual([]);
  });
});
