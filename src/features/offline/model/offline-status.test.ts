import { describe, expect, it } from 'vitest';
import { OFFLINE_TEXTS, offlineBadge } from './offline-status';

describe('offlineBadge', () => {
  it('says the app is being prepared, then ready, while online', () => {
    expect(offlineBadge('preparing', true)).toEqual({ kind: 'preparing', label: OFFLINE_TEXTS.preparing });
    expect(offlineBadge('ready', true)).toEqual({ kind: 'ready', label: 'Ready to work offline' });
  });

  it('shows nothing online when there is no service worker', () => {
    expect(offlineBadge('unavailable', true)).toBeNull();
  });

  it('says Offline whenever the network is gone, whatever the service worker did', () => {
    for (const phase of ['unavailable', 'preparing', 'ready'] as const) {
      expect(offlineBadge(phase, false)).toEqual({ kind: 'offline', label: 'Offline' });
    }
  });
});
