import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pngFile } from '@/test-utils/fake-runtime';
import { renderConverter } from '@/test-utils/render';
import { FileList } from './FileList';
import { UploadArea } from './UploadArea';

function setup() {
  const result = renderConverter(
    <>
      <UploadArea />
      <FileList />
    </>,
  );
  const input = result.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { ...result, input };
}

function withSize(file: File, size: number): File {
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('UploadArea', () => {
  it('accepts PNGs, lists them in natural name order and says so', async () => {
    const { input, user, store } = setup();
    await user.upload(input, [pngFile('frame10.png'), pngFile('frame2.png')]);
    expect(await screen.findByText('Files uploaded: 2 PNG file(s) ready for conversion.')).toBeInTheDocument();
    expect(store.getState().files.map((f) => f.file.name)).toEqual(['frame2.png', 'frame10.png']);
    const rows = screen.getAllByTestId('file-row');
    expect(within(rows[0]!).getByText('frame2.png')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('1000 Bytes · image/png')).toBeInTheDocument();
  });

  it('accepts a .png name whatever its type', async () => {
    const { input, user, store } = setup();
    await user.upload(input, [new File([new Uint8Array(8)], 'shot.png', { type: '' })]);
    expect(await screen.findByText('Files uploaded: 1 PNG file(s) ready for conversion.')).toBeInTheDocument();
    expect(store.getState().files).toHaveLength(1);
  });

  it('refuses a non-PNG with its own toast and keeps the PNGs', async () => {
    const { input, user, store } = setup();
    await user.upload(input, [pngFile('ok.png'), new File(['x'], 'photo.jpg', { type: 'image/jpeg' })]);
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument();
    expect(screen.getByText('photo.jpg is not a PNG file.')).toBeInTheDocument();
    expect(screen.getByText('Files uploaded: 1 PNG file(s) ready for conversion.')).toBeInTheDocument();
    expect(store.getState().files.map((f) => f.file.name)).toEqual(['ok.png']);
  });

  it('refuses a file over 50 MB with its reason', async () => {
    const { input, user, store } = setup();
    await user.upload(input, [withSize(pngFile('huge.png'), 50 * 1024 * 1024 + 1)]);
    expect(await screen.findByText('Some files were rejected')).toBeInTheDocument();
    expect(screen.getByText('huge.png: File is larger than 52428800 bytes')).toBeInTheDocument();
    expect(store.getState().files).toEqual([]);
  });

  it('refuses more than 10 files, naming every reason', async () => {
    const { input, user, store } = setup();
    const files = [
      ...Array.from({ length: 10 }, (_, i) => pngFile(`${i}.png`)),
      new File(['x'], 'a.gif', { type: 'image/gif' }),
    ];
    await user.upload(input, files);
    expect(await screen.findByText('Some files were rejected')).toBeInTheDocument();
    expect(screen.getByText('0.png: Too many files')).toBeInTheDocument();
    expect(screen.getByText('a.gif: File type must be image/png (.png), Too many files')).toBeInTheDocument();
    expect(store.getState().files).toEqual([]);
  });

  it('leaves the selection alone when nothing is chosen (a cancelled dialog)', async () => {
    const { input, user, store } = setup();
    await user.upload(input, [pngFile('kept.png')]);
    await screen.findByText('kept.png');
    await user.upload(input, []);
    expect(store.getState().files.map((f) => f.file.name)).toEqual(['kept.png']);
  });

  it('replaces the selection, removes a file and clears all', async () => {
    const { input, user, store } = setup();
    await user.upload(input, [pngFile('a.png')]);
    await user.upload(input, [pngFile('b.png'), pngFile('c.png'), pngFile('d.png')]);
    expect(await screen.findByText('Selected files (3)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove c.png' }));
    expect(store.getState().files.map((f) => f.file.name)).toEqual(['b.png', 'd.png']);
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(store.getState().files).toEqual([]);
    expect(screen.queryByText(/Selected files/)).not.toBeInTheDocument();
  });
});
