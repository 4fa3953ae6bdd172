import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pngFile } from '@/test-utils/fake-runtime';
import { renderConverter } from '@/test-utils/render';
import { buildApng, readChunks, solid, writeChunks } from '../../../../tests/fixtures/apng';
import { Converter } from './Converter';

const apngFile = (name: string, bytes = buildApng(threeFrames)) =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'image/png' });
const threeFrames = {
  width: 10,
  height: 8,
  frames: [
    { image: solid(10, 8, [255, 0, 0, 255]), delay: [1, 10] as [number, number] },
    { image: solid(4, 4, [0, 255, 0, 255]), x: 2, y: 2, delay: [1, 5] as [number, number] },
    { image: solid(4, 4, [0, 0, 255, 255]), x: 5, y: 3, delay: [3, 10] as [number, number] },
  ],
};

/** A paste event carrying files and text, as the browser sends it (jsdom has no DataTransfer). */
function paste(target: Element, files: File[], text = '') {
  const clipboardData = {
    items: [
      ...files.map((file) => ({ kind: 'file', getAsFile: () => file })),
      ...(text ? [{ kind: 'string', getAsFile: () => null }] : []),
    ],
    files,
  };
  fireEvent(target, Object.assign(new Event('paste', { bubbles: true, cancelable: true }), { clipboardData }));
}

describe('ways in', () => {
  it('a paste adds the clipboard PNG as pasted-<time>.png after the chosen files', async () => {
    const { user, container, store } = renderConverter(<Converter />);
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, [pngFile('a.png')]);
    await screen.findByText('Selected files (1)');
    paste(document.body, [pngFile('image.png')]);
    await screen.findByText('Selected files (2)');
    const names = store.getState().files.map((f) => f.file.name);
    expect(names[0]).toBe('a.png');
    expect(names[1]).toMatch(/^pasted-\d{4}(-\d{2}){5}\.png$/);
  });

  it('a paste with no image says so, except in a text field', async () => {
    renderConverter(<Converter />);
    paste(document.body, [], 'words');
    expect(await screen.findByText('No image to paste')).toBeInTheDocument();
    const field = document.body.appendChild(document.createElement('input'));
    paste(field, [], 'words');
    expect(screen.getAllByText('No image to paste')).toHaveLength(1);
  });

  it('an APNG is one row with its frame count, expanded into one row per frame', async () => {
    const { user, container, store } = renderConverter(<Converter />);
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, [apngFile('anim.png')]);
    const row = await screen.findByTestId('file-row');
    expect(within(row).getByText(/3 frames/)).toBeInTheDocument();
    expect(store.getState().settings.mode).toBe('animated');
    await user.click(screen.getByRole('button', { name: 'Expand the 3 frames of anim.png' }));
    const rows = await screen.findAllByTestId('file-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText(/frame 2 of 3/)).toBeInTheDocument();
    // Each frame's own delay is what it shows without an override.
    expect(within(rows[2]!).getByPlaceholderText('300 (APNG)')).toBeInTheDocument();
  });

  it('a malformed APNG is refused with its reason and the other files are kept', async () => {
    const { user, container, store } = renderConverter(<Converter />);
    const chunks = readChunks(buildApng(threeFrames));
    const fdat = chunks.find((chunk) => chunk.type === 'fdAT')!;
    new DataView(fdat.data.buffer, fdat.data.byteOffset).setUint32(0, 9);
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, [
      apngFile('broken.png', writeChunks(chunks)),
      pngFile('fine.png'),
    ]);
    expect(
      await screen.findByText('Failed to load image: broken.png (fdAT sequence number 9 where 2 was expected)'),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(store.getState().files.map((f) => f.file.name)).toEqual(['fine.png']));
  });
});
