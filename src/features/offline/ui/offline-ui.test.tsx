import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/test-utils/render';
import { offlineStore, setConversionBusy } from '../store/use-offline';
import { OfflineBadge } from './OfflineBadge';
import { OfflineStatus } from './OfflineStatus';
import { UpdatePrompt } from './UpdatePrompt';

const initialState = offlineStore.getState();

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

beforeEach(() => offlineStore.setState(initialState, true));
afterEach(() => vi.restoreAllMocks());

describe('OfflineBadge', () => {
  it('follows the service worker from preparing to ready, and says Offline when the network goes', () => {
    render(<OfflineBadge />);
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
    const { user } = render(<UpdatePrompt />);
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();

    act(() => offlineStore.getState().offerUpdate(activate));
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(activate).toHaveBeenCalledOnce();
  });

  it('disappears while a conversion runs and comes back when it ends', () => {
    render(<UpdatePrompt />);
    act(() => offlineStore.getState().offerUpdate(async () => {}));
    expect(screen.getByRole('alertdialog', { name: 'A new version is available' })).toBeInTheDocument();

    act(() => setConversionBusy(true));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => setConversionBusy(false));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('closes with Later until another version waits', async () => {
    const { user } = render(<UpdatePrompt />);
    act(() => offlineStore.getState().offerUpdate(async () => {}));
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it.each([
    { screenWidth: 'narrow', wide: false, edge: 'top' },
    { screenWidth: 'wide', wide: true, edge: 'bottom' },
  ])('on a $screenWidth screen sits at the $edge, the edge the toasts do not come from', ({ wide, edge }) => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...matchMedia(query), matches: wide }));
    render(<OfflineStatus />);
    act(() => offlineStore.getState().offerUpdate(async () => {}));
    const affix = screen.getByRole('alertdialog').parentElement!;
    expect(affix.style.getPropertyValue(`--affix-${edge}`)).not.toBe('');
    expect(affix.style.getPropertyValue(`--affix-${edge === 'top' ? 'bottom' : 'top'}`)).toBe('');
  });
});
