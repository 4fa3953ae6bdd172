import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { pngFile } from '@/test-utils/fake-runtime';
import { renderConverter } from '@/test-utils/render';
import { ConvertCard } from './ConvertCard';
import { FileList } from './FileList';
import { SettingsCard } from './SettingsCard';
import { cropEditor } from './crop/lazy-crop-editor';

function setup(files: File[]) {
  const result = renderConverter(
    <>
      <FileList />
      <SettingsCard />
      <ConvertCard />
    </>,
  );
  act(() => result.store.getState().chooseFiles(files));
  return result;
}

describe('SettingsCard', () => {
  // The card renders with its crop editor, as the page has it: the chunk is in before the card shows.
  beforeAll(() => cropEditor.preload());

  it('shows the default settings with labelled controls', () => {
    setup([pngFile('a.png')]);
    expect(screen.getByRole('radio', { name: 'Static GIF' })).toBeChecked();
    expect(screen.getByRole('slider', { name: 'Quality' })).toHaveAttribute('aria-valuenow', '80');
    expect(screen.getByRole('slider', { name: 'Frame delay' })).toHaveAttribute('aria-valuenow', '500');
    expect(screen.getByRole('switch', { name: /^Loop animation/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^Resize/ })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /^Maintain aspect ratio/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Width' })).toHaveValue('800 px');
    expect(screen.getByRole('textbox', { name: 'Height' })).toHaveValue('600 px');
    expect(screen.getByRole('combobox', { name: 'Dithering' })).toHaveValue('Automatic');
    expect(screen.getByRole('combobox', { name: 'Size preset' })).toHaveValue('Original');
  });

  describe('mode', () => {
    it('disables Animated with a single file', () => {
      setup([pngFile('a.png')]);
      expect(screen.getByRole('radio', { name: 'Animated GIF' })).toBeDisabled();
      expect(screen.getByText('Animated needs at least 2 files')).toBeInTheDocument();
    });

    it('switches to Animated when two files are chosen, and back to Static when one remains', async () => {
      const { user } = setup([pngFile('a.png'), pngFile('b.png')]);
      expect(screen.getByRole('radio', { name: 'Animated GIF' })).toBeChecked();
      expect(screen.getByRole('slider', { name: 'Frame delay' })).not.toHaveAttribute('data-disabled');
      await user.click(screen.getByRole('button', { name: 'Remove b.png' }));
      expect(screen.getByRole('radio', { name: 'Static GIF' })).toBeChecked();
      expect(screen.getByRole('radio', { name: 'Animated GIF' })).toBeDisabled();
    });

    it('lets the user go back to Static with several files, labelled as one GIF per file', async () => {
      const { user, store } = setup([pngFile('a.png'), pngFile('b.png')]);
      expect(screen.queryByRole('radio', { name: 'Static GIF' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'Static (one GIF per file)' }));
      expect(store.getState().settings.mode).toBe('static');
      expect(screen.getByRole('switch', { name: /^Loop animation/ })).toBeDisabled();
    });
  });

  describe('width and height', () => {
    it('are editable only with Resize on', async () => {
      const { user } = setup([pngFile('a.png')]);
      expect(screen.getByRole('textbox', { name: 'Width' })).toBeDisabled();
      await user.click(screen.getByRole('switch', { name: /^Resize/ }));
      expect(screen.getByRole('textbox', { name: 'Width' })).toBeEnabled();
    });

    it('follow the first image proportions while the aspect ratio is maintained', async () => {
      const { user, store } = setup([pngFile('wide.png', 1600, 800)]);
      await user.click(screen.getByRole('switch', { name: /^Resize/ }));
      await screen.findByDisplayValue('400 px');
      const width = screen.getByRole('textbox', { name: 'Width' });
      await user.clear(width);
      await user.type(width, '1000');
      expect(screen.getByRole('textbox', { name: 'Height' })).toHaveValue('500 px');
      expect(store.getState().settings).toMatchObject({ width: 1000, height: 500 });
    });

    it('read an empty field as 0 and show it invalid; the Convert button then stays disabled', async () => {
      const { user, store, runtime } = setup([pngFile('a.png')]);
      await user.click(screen.getByRole('switch', { name: /^Maintain aspect ratio/ }));
      await user.click(screen.getByRole('switch', { name: /^Resize/ }));
      await user.clear(screen.getByRole('textbox', { name: 'Width' }));
      expect(store.getState().settings.width).toBe(0);
      expect(screen.getByRole('textbox', { name: 'Width' })).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText('Width must be between 100 and 3840 pixels')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^Convert/ })).toBeDisabled();
      expect(runtime.jobs).toHaveLength(0);
    });

    it('show out-of-range values invalid', async () => {
      const { user } = setup([pngFile('a.png')]);
      await user.click(screen.getByRole('switch', { name: /^Maintain aspect ratio/ }));
      await user.click(screen.getByRole('switch', { name: /^Resize/ }));
      const height = screen.getByRole('textbox', { name: 'Height' });
      await user.clear(height);
      await user.type(height, '2161');
      expect(screen.getByText('Height must be between 100 and 2160 pixels')).toBeInTheDocument();
      await user.clear(height);
      await user.type(height, '2160');
      expect(screen.queryByText('Height must be between 100 and 2160 pixels')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^Convert/ })).toBeEnabled();
    });

    it('take the size of a preset', async () => {
      const { user, store } = setup([pngFile('a.png')]);
      await user.click(screen.getByRole('combobox', { name: 'Size preset' }));
      await user.click(await screen.findByRole('option', { name: 'HD (1920x1080)' }));
      expect(store.getState().settings).toMatchObject({ resize: true, width: 1920, height: 1080 });
      expect(screen.getByRole('switch', { name: /^Resize/ })).toBeChecked();
    });
  });

  it('maps the Dithering choice to the setting', async () => {
    const { user, store } = setup([pngFile('a.png')]);
    await user.click(screen.getByRole('combobox', { name: 'Dithering' }));
    await user.click(await screen.findByRole('option', { name: 'Ordered' }));
    expect(store.getState().settings.dither).toBe('ordered');
  });

  it('keeps a line for the size estimate from the start, and keeps it when no estimate can be made', async () => {
    const { runtime } = setup([pngFile('a.png')]);
    const line = screen.getByTestId('size-estimate');
    expect(line).toHaveTextContent('Estimating the size at these settings…');
    // The fake runtime refuses the sample: the line empties but stays, so nothing below it moves.
    await waitFor(() => expect(runtime.samples).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('size-estimate').textContent).toBe('\u00a0'));
  });
});
