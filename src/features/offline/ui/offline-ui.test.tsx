import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineStore, setConversionBusy } from '../store/use-offline';
import { OfflineBadge } from './OfflineBadge';
import { UpdatePrompt } from './UpdatePrompt';

const initialState = offlineStore.getState();

function renderWithMantine(ui: ReactNode) {
  return render(<MantineProvider>{ui}</MantineProvider>);
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

beforeAll(() => {
  // jsdom has no matchMedia; Mantine reads it for the colour scheme.
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
});

beforeEach(() => offlineStore.setState(initialState, true));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('OfflineBadge', () => {
  it('follows the service worker from preparing to ready, and says Offline when the network goes', () => {
    renderWithMantine(<OfflineBadge />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    act(() => offlineStore.getState().setPhase('preparing'));
    expect(screen.getByRole('status')).toHaveTextContent('Preparing offline mode…');

    act(() => offlineStore.getState().setPhase('ready'));
    expect(screen.getByRole('status')).toHaveTextContent('Ready to work offline');

    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(/^Offline$/);
    setOnline(true);
    expect(screen.getByRole('status')).toHaveTextContent('Ready to work offline');
  });
});

describe('UpdatePrompt', () => {
  it('offers the waiting version and activates it on Reload', async () => {
    const activate = vi.fn(async () => {});
    renderWithMantine(<UpdatePrompt />);
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();

    act(() => offlineStore.getState().offerUpdate(activate));
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(activate).toHaveBeenCalledOnce();
  });

  it('disappears while a conversion runs and comes back when it ends', () => {
    renderWithMantine(<UpdatePrompt />);
    act(() => offlineStore.getState().offerUpdate(async () => {}));
    expect(screen.getByRole('alertdialog', { name: 'A new version is available' })).toBeInTheDocument();

    act(() => setConversionBusy(true));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => setConversionBusy(false));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('closes with Later until another version waits', async () => {
    renderWithMantine(<UpdatePrompt />);
    act(() => offlineStore.getState().offerUpdate(async () => {}));
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
