import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pngFile } from '@/test-utils/fake-runtime';
import { renderConverter } from '@/test-utils/render';
import { TransparencyCard } from './TransparencyCard';

// jsdom cannot decode a PNG: every chosen file counts as having transparent pixels.
vi.mock('./use-transparent-files', () => ({
  useTransparentFiles: (files: readonly File[]) => files.map(() => true),
}));

function setup() {
  const result = renderConverter(<TransparencyCard />);
  act(() => result.store.getState().chooseFiles([pngFile('logo.png')]));
  return result;
}

const threshold = () => screen.getByRole('slider', { name: 'Fully transparent below opacity' });
// The preview background offers White and Black too: the matte's are those of its own control.
const matte = (name: string) =>
  within(screen.getByRole('radiogroup', { name: 'Blend soft edges onto' })).getByRole('radio', { name });

describe('TransparencyCard', () => {
  it('cuts at half opacity without a matte, and keeps all but the faintest pixels with one, showing the value', async () => {
    const { user, store } = setup();
    expect(threshold()).toHaveAttribute('aria-valuenow', '128');
    expect(screen.getByText(/\(1–255, default 128\): now 128\.$/)).toBeInTheDocument();

    await user.click(matte('White'));
    expect(store.getState().settings.matte).toBe('#ffffff');
    expect(threshold()).toHaveAttribute('aria-valuenow', '8');
    expect(screen.getByText(/blended onto the matte \(1–255, default 8 with a matte\): now 8\.$/)).toBeInTheDocument();
    // Nothing was chosen: the setting follows the matte's default.
    expect(store.getState().settings.alphaThreshold).toBeNull();
    expect(screen.queryByRole('button', { name: /^Use the default/ })).not.toBeInTheDocument();

    await user.click(matte('None'));
    expect(threshold()).toHaveAttribute('aria-valuenow', '128');
  });

  it("keeps the person's threshold when the matte changes, until they take the default again", async () => {
    const { user, store } = setup();
    await user.click(matte('White'));
    for (let i = 0; i < 3; i++) fireEvent.keyDown(threshold(), { key: 'ArrowRight' });
    expect(store.getState().settings.alphaThreshold).toBe(11);
    expect(screen.getByText(/: now 11\.$/)).toBeInTheDocument();

    await user.click(matte('Black'));
    expect(threshold()).toHaveAttribute('aria-valuenow', '11');
    await user.click(matte('None'));
    expect(threshold()).toHaveAttribute('aria-valuenow', '11');
    expect(store.getState().settings.alphaThreshold).toBe(11);

    await user.click(screen.getByRole('button', { name: 'Use the default (128)' }));
    expect(store.getState().settings.alphaThreshold).toBeNull();
    expect(threshold()).toHaveAttribute('aria-valuenow', '128');
    await user.click(matte('White'));
    expect(threshold()).toHaveAttribute('aria-valuenow', '8');
  });

  it('has no threshold for dithered soft edges, and gives it back with a matte', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('radio', { name: 'Dither' }));
    expect(screen.queryByRole('slider', { name: 'Fully transparent below opacity' })).not.toBeInTheDocument();
    await user.click(matte('White'));
    expect(threshold()).toHaveAttribute('aria-valuenow', '8');
  });
});
