import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pngFile } from '@/test-utils/fake-runtime';
import { renderConverter } from '@/test-utils/render';
import { ConvertCard } from './ConvertCard';
import { PROGRESS_SHOWN_EVERY_MS, ProgressCard } from './ProgressCard';
import { ResultCard } from './ResultCard';

function setup(files: File[] = []) {
  const result = renderConverter(
    <>
      <ConvertCard />
      <ProgressCard />
      <ResultCard />
    </>,
  );
  if (files.length > 0) act(() => result.store.getState().chooseFiles(files));
  return result;
}

afterEach(() => vi.restoreAllMocks());

describe('converting from the page', () => {
  it('asks for files first', async () => {
    const { user, runtime } = setup();
    await user.click(screen.getByRole('button', { name: /^Convert/ }));
    expect(await screen.findByText('No files selected')).toBeInTheDocument();
    expect(screen.getByText('Please upload at least one PNG file to convert.')).toBeInTheDocument();
    expect(runtime.jobs).toHaveLength(0);
  });

  it('shows the latest progress at most every PROGRESS_SHOWN_EVERY_MS, and where the job ended at once', async () => {
    const { user, runtime } = setup([pngFile('a.png', 160, 120, 2000), pngFile('b.png', 160, 120, 2000)]);
    await user.click(screen.getByRole('button', { name: /^Convert/ }));
    await new Promise((resolve) => setTimeout(resolve, PROGRESS_SHOWN_EVERY_MS + 50));
    const report = (progress: number) =>
      act(() => runtime.current.options.onProgress?.({ stage: 'processing', progress, message: `Frame ${progress}` }));
    report(30);
    report(40);
    report(50);
    // The first change shows at once, the ones right after it wait, and only the latest of them is shown.
    expect(screen.getByText('30%')).toBeInTheDocument();
    expect(screen.queryByText('50%')).not.toBeInTheDocument();
    expect(await screen.findByText('50%')).toBeInTheDocument();
    expect(screen.queryByText('40%')).not.toBeInTheDocument();
    report(60);
    report(70);
    await act(async () => runtime.finish({ frameCount: 2, width: 160, height: 120, fileName: 'out.gif' }));
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.getByText('Complete')).toBeInTheDocument();
  });

  it("says in one line when the browser's privacy protection made the converter decode the PNG itself", async () => {
    const { user, runtime } = setup([pngFile('a.png', 160, 120, 2000)]);
    await user.click(screen.getByRole('button', { name: /^Convert/ }));
    await act(async () => runtime.finish({ width: 160, height: 120, readBackHidden: true }));
    expect(await screen.findByText('Conversion successful!')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Your browser's privacy protection hides canvas pixels, so the converter decoded the PNG itself.",
      ),
    ).toBeInTheDocument();
  });

  it('says nothing of the decoding when the browser decoded the PNG', async () => {
    const { user, runtime } = setup([pngFile('a.png', 160, 120, 2000)]);
    await user.click(screen.getByRole('button', { name: /^Convert/ }));
    await act(async () => runtime.finish({ width: 160, height: 120 }));
    expect(await screen.findByText('Your GIF is ready for download!')).toBeInTheDocument();
    expect(screen.queryByText(/privacy protection/)).not.toBeInTheDocument();
  });

  it('shows progress while busy, then the result with its facts', async () => {
    const { user, runtime } = setup([pngFile('a.png', 160, 120, 2000), pngFile('b.png', 160, 120, 2000)]);
    await user.click(screen.getByRole('button', { name: /^Convert/ }));
    const busy = screen.getByRole('button', { name: /^Convert/ });
    expect(busy).toHaveTextContent('Converting...');
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    act(() => runtime.current.options.onProgress?.({ stage: 'processing', progress: 30, message: 'Composing frames' }));
    expect(await screen.findByText('Processing')).toBeInTheDocument();
    expect(screen.getByText('30%')).toBeInTheDocument();
    expect(screen.getByText('Composing frames')).toBeInTheDocument();
    expect(screen.getByText('Composing frames').closest('[aria-live="polite"]')).not.toBeNull();

    await act(async () =>
      runtime.finish({ frameCount: 2, width: 160, height: 120, fileName: 'converted_animated_7.gif' }),
    );
    expect(await screen.findByText('Conversion successful!')).toBeInTheDocument();
    expect(screen.getByText('Your GIF is ready for download!')).toBeInTheDocument();
    expect(screen.getByText('160 × 120')).toBeInTheDocument();
    expect(screen.getByText('2')).toBeInTheDocument();
    expect(screen.getByText('600 Bytes')).toBeInTheDocument();
    expect(screen.getByText('85% smaller')).toBeInTheDocument();
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('download', 'converted_animated_7.gif');
    expect(screen.getByRole('button', { name: /^Convert/ })).toHaveTextContent('Convert to GIF');
  });

  it('says Download started when the GIF is downloaded', async () => {
    const { user, runtime } = setup([pngFile('a.png')]);
    await user.click(screen.getByRole('button', { name: /^Convert/ }));
    await act(async () => runtime.finish());
    const download = await screen.findByRole('link', { name: 'Download' });
    download.addEventListener('click', (event) => event.preventDefault());
    await user.click(download);
    expect(await screen.findByText('Download started')).toBeInTheDocument();
  });

  it('shows Download in a commit of its own, before the comparison mounts', async () => {
    const { user, runtime, container } = setup([pngFile('a.png')]);
    await user.click(screen.getByRole('button', { name: /^Convert/ }));
    // What the page holds when Download first appears: the comparison's canvases must not be in that commit.
    let compareWithDownload: boolean | null = null;
    const observer = new MutationObserver(() => {
      if (compareWithDownload !== null || !screen.queryByRole('link', { name: 'Download' })) return;
      compareWithDownload = container.querySelector('[data-testid="compare-view"]') !== null;
    });
    observer.observe(container, { subtree: true, childList: true });
    // Not inside act(): act would flush the deferred render into the same turn as the result's.
    runtime.finish();
    expect(await screen.findByTestId('compare-view')).toBeInTheDocument();
    observer.disconnect();
    expect(compareWithDownload).toBe(false);
  });

  it('shows the failure in the progress card and a toast, keeping the files', async () => {
    const { user, runtime, store } = setup([pngFile('a.png')]);
    await user.click(screen.getByRole('button', { name: /^Convert/ }));
    await act(async () => runtime.fail(new Error('Failed to load image')));
    expect(await screen.findByText('Conversion failed')).toBeInTheDocument();
    expect(screen.getByText('Conversion Failed')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to load image')).toHaveLength(2);
    expect(store.getState().files).toHaveLength(1);
  });

  it('cancels quietly back to idle', async () => {
    const { user, runtime, store } = setup([pngFile('a.png')]);
    await user.click(screen.getByRole('button', { name: /^Convert/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(runtime.current.options.signal?.aborted).toBe(true);
    expect(screen.getByRole('button', { name: /^Convert/ })).toBeEnabled();
    expect(screen.queryByText('Conversion failed')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Conversion progress')).not.toBeInTheDocument();
    expect(store.getState().files).toHaveLength(1);
  });

  it('Reset clears the result and revokes its object URL', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:result');
    const { user, runtime, store } = setup([pngFile('a.png')]);
    await user.click(screen.getByRole('button', { name: /^Convert/ }));
    await act(async () => runtime.finish());
    await screen.findByRole('link', { name: 'Download' });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(revoke).toHaveBeenCalledWith('blob:result');
    expect(screen.queryByText('Your GIF is ready for download!')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Conversion progress')).not.toBeInTheDocument();
    expect(store.getState().files).toEqual([]);
  });
});
