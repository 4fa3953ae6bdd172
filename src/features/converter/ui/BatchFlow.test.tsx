import { act, screen, waitFor, within } from '@testing-library/react';
import { unzipSync } from 'fflate';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeOutput, pngFile } from '@/test-utils/fake-runtime';
import { renderConverter } from '@/test-utils/render';
import { ConvertCard } from './ConvertCard';
import { ProgressCard } from './ProgressCard';
import { ResultCard } from './ResultCard';
import { SettingsCard } from './SettingsCard';
import { cropEditor } from './crop/lazy-crop-editor';

function setup(files: File[]) {
  const result = renderConverter(
    <>
      <SettingsCard />
      <ConvertCard />
      <ProgressCard />
      <ResultCard />
    </>,
  );
  act(() => result.store.getState().chooseFiles(files));
  return result;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

afterEach(() => vi.restoreAllMocks());

describe('a batch of stills', () => {
  // The card renders with its crop editor, as the page has it: the chunk is in before the card shows.
  beforeAll(() => cropEditor.preload());

  it('converts each file, shows files done, every GIF with its download, the failures and the zip', async () => {
    const zips: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      if ((blob as Blob).type === 'application/zip') zips.push(blob as Blob);
      return `blob:${(blob as Blob).type}:${(blob as Blob).size}`;
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { user, runtime, store } = setup([pngFile('a.png'), pngFile('b.png'), pngFile('c.png')]);
    await user.click(screen.getByRole('radio', { name: 'Static (one GIF per file)' }));
    expect(screen.getByText('3 files → 3 static GIFs, one per file')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Convert/ }));
    await settle();

    runtime.jobs[0]!.resolve(fakeOutput({ gif: new Blob([new Uint8Array(700)], { type: 'image/gif' }) }));
    await settle();
    await waitFor(() => expect(screen.getByTestId('files-done')).toHaveTextContent('1 / 3 files'));
    runtime.jobs[1]!.reject(new Error('Failed to load image: b.png (bad CRC)'));
    await settle();
    runtime.jobs[2]!.resolve(fakeOutput({ gif: new Blob([new Uint8Array(800)], { type: 'image/gif' }) }));
    await settle();

    expect(await screen.findByText('Your GIFs are ready for download!')).toBeInTheDocument();
    expect(screen.getByText('2 of 3 files converted')).toBeInTheDocument();
    expect(screen.getByText('Conversion successful!')).toBeInTheDocument();
    expect(screen.getByText('1 of 3 files could not be converted.')).toBeInTheDocument();
    const failure = screen.getByTestId('batch-failure');
    expect(within(failure).getByText('b.png')).toBeInTheDocument();
    expect(within(failure).getByText('Failed to load image: b.png (bad CRC)')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Download a.gif' })).toHaveAttribute('download', 'a.gif');
    expect(screen.getByRole('link', { name: 'Download c.gif' })).toHaveAttribute('download', 'c.gif');
    expect(screen.getByRole('img', { name: 'Preview of a.gif' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download b.gif' })).not.toBeInTheDocument();

    const all = await screen.findByRole('link', { name: 'Download all (.zip)' });
    await vi.waitFor(() => expect(all).toHaveAttribute('download', expect.stringMatching(/^converted_\d+\.zip$/)));
    const entries = unzipSync(new Uint8Array(await zips[0]!.arrayBuffer()));
    expect(Object.keys(entries)).toEqual(['a.gif', 'c.gif']);
    expect(entries['c.gif']).toHaveLength(800);

    const urls = create.mock.results.map((r) => r.value as string);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    for (const url of urls) expect(revoke).toHaveBeenCalledWith(url);
    expect(screen.queryByText('Your GIFs are ready for download!')).not.toBeInTheDocument();
    expect(store.getState().files).toEqual([]);
  });

  it("says once when the browser's privacy protection made the converter decode the PNGs itself", async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => `blob:${(blob as Blob).type}`);
    const { user, runtime } = setup([pngFile('a.png'), pngFile('b.png')]);
    await user.click(screen.getByRole('radio', { name: 'Static (one GIF per file)' }));
    await user.click(screen.getByRole('button', { name: /^Convert/ }));
    await settle();
    runtime.jobs[0]!.resolve(fakeOutput({ readBackHidden: true }));
    await settle();
    runtime.jobs[1]!.resolve(fakeOutput({ readBackHidden: true }));
    await settle();
    expect(await screen.findByText('Your GIFs are ready for download!')).toBeInTheDocument();
    expect(
      screen.getAllByText(
        "Your browser's privacy protection hides canvas pixels, so the converter decoded the PNGs itself.",
      ),
    ).toHaveLength(1);
  });

  it('Cancel stops every file of the batch', async () => {
    const { user, runtime } = setup([pngFile('a.png'), pngFile('b.png'), pngFile('c.png')]);
    await user.click(screen.getByRole('radio', { name: 'Static (one GIF per file)' }));
    await user.click(screen.getByRole('button', { name: /^Convert/ }));
    await settle();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(runtime.jobs.map((job) => job.options.signal?.aborted)).toEqual([true, true]);
    await settle();
    expect(runtime.jobs).toHaveLength(2);
    expect(screen.queryByLabelText('Conversion progress')).not.toBeInTheDocument();
  });
});
