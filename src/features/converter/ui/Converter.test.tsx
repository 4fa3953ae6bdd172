import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pngFile } from '@/test-utils/fake-runtime';
import { renderConverter } from '@/test-utils/render';
import { Converter } from './Converter';
import { DEFAULT_SETTINGS } from '../rules/settings';

describe('Converter', () => {
  it('warms the engine up once the page is idle', async () => {
    const { runtime } = renderConverter(<Converter />);
    await vi.waitFor(() => expect(runtime.warmUps).toBe(1), { timeout: 4000 });
  });

  it('renders the settings ahead, hidden, and shows them once files are chosen', async () => {
    const { user, container } = renderConverter(<Converter />);
    // Rendered ahead in idle time (the heading is in the document), but not shown before a file is chosen.
    await vi.waitFor(() => expect(container.querySelector('#settings-title')).not.toBeNull(), { timeout: 4000 });
    expect(screen.queryByRole('heading', { name: 'Conversion settings' })).not.toBeInTheDocument();
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, [pngFile('one.png')]);
    expect(await screen.findByRole('heading', { name: 'Conversion settings' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove one.png' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Conversion settings' })).not.toBeInTheDocument(),
    );
  });

  it('renders the settings ahead only once the engine is in: that render held back the engine load', async () => {
    const { runtime, container } = renderConverter(<Converter />);
    let engineIn!: () => void;
    runtime.warmedUp = new Promise((resolve) => (engineIn = resolve));
    await vi.waitFor(() => expect(runtime.warmUps).toBe(1), { timeout: 4000 });
    // The cards' code is in by now (it loads in the same idle moment); give it time to render, were it to.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(container.querySelector('#settings-title')).toBeNull();
    act(() => engineIn());
    await vi.waitFor(() => expect(container.querySelector('#settings-title')).not.toBeNull(), { timeout: 4000 });
  });

  it('shows the file list in a commit of its own, before it reveals the settings', async () => {
    const { user, container } = renderConverter(<Converter />);
    await vi.waitFor(() => expect(container.querySelector('#settings-title')).not.toBeNull(), { timeout: 4000 });
    // What the page holds when the list first appears: the settings' reveal (their effects, forced layouts)
    // must not be part of that commit.
    let settingsShownWithList: boolean | null = null;
    const observer = new MutationObserver(() => {
      if (settingsShownWithList !== null || !container.querySelector('#selected-files-title')) return;
      settingsShownWithList = screen.queryByRole('heading', { name: 'Conversion settings' }) !== null;
    });
    observer.observe(container, { subtree: true, childList: true, attributes: true });
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, [pngFile('one.png')]);
    expect(await screen.findByRole('heading', { name: 'Conversion settings' })).toBeVisible();
    observer.disconnect();
    expect(settingsShownWithList).toBe(false);
  });

  // Many interactions in one test: allow for a busy machine.
  it('hands the engine the files in list order and the settings chosen on the page', { timeout: 60_000 }, async () => {
    const { user, runtime, container } = renderConverter(<Converter />);
    const files = [pngFile('one.png', 200, 100), pngFile('two.png', 200, 100), pngFile('three.png', 200, 100)];
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, files);
    await screen.findByText('Selected files (3)');

    await user.click(screen.getByRole('button', { name: 'Remove two.png' }));
    // The settings come from a lazy chunk: the first time, they may appear a moment after the list.
    const delay = await screen.findByRole('slider', { name: 'Frame delay' });
    act(() => delay.focus());
    for (let i = 0; i < 3; i++) fireEvent.keyDown(delay, { key: 'ArrowRight' });
    const quality = screen.getByRole('slider', { name: 'Quality' });
    act(() => quality.focus());
    fireEvent.keyDown(quality, { key: 'ArrowLeft' });
    await user.click(screen.getByRole('switch', { name: /^Loop animation/ }));
    await user.click(screen.getByRole('switch', { name: /^Resize/ }));
    await user.clear(screen.getByRole('textbox', { name: 'Width' }));
    await user.type(screen.getByRole('textbox', { name: 'Width' }), '300');
    await user.click(screen.getByRole('button', { name: /^Convert/ }));

    expect(runtime.current.request.files.map((f) => f.name)).toEqual(['one.png', 'three.png']);
    // Everything not touched on the page is as it starts.
    expect(runtime.current.request.settings).toEqual({
      ...DEFAULT_SETTINGS,
      mode: 'animated',
      quality: 70,
      frameDelay: 650,
      loop: false,
      resize: true,
      width: 300,
      height: 150,
    });
  });
});
