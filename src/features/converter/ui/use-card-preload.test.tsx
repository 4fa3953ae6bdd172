import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCardPreload } from './use-card-preload';

const preloadCards = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('./lazy-cards', () => ({ preloadCards }));
// Idle at once: the order of things is under test, not the browser's idle timing.
vi.mock('@/shared/lib/when-idle', () => ({
  whenIdle: (task: () => void) => {
    task();
    return () => {};
  },
}));

function servedByServiceWorker(served: boolean) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: served ? { controller: {} } : undefined,
  });
}

describe('useCardPreload', () => {
  afterEach(() => {
    preloadCards.mockClear();
    servedByServiceWorker(false);
  });

  it('on a first visit, fetches the cards at once, before the engine is in', async () => {
    servedByServiceWorker(false);
    const { result } = renderHook(({ settled }) => useCardPreload(settled), { initialProps: { settled: false } });
    expect(preloadCards).toHaveBeenCalledTimes(1);
    await act(async () => {});
    expect(result.current).toBe(true);
  });

  it('on a page the service worker serves, waits for the engine to settle, then fetches them once', async () => {
    servedByServiceWorker(true);
    const { result, rerender } = renderHook(({ settled }) => useCardPreload(settled), {
      initialProps: { settled: false },
    });
    await act(async () => {});
    expect(preloadCards).not.toHaveBeenCalled();
    expect(result.current).toBe(false);
    rerender({ settled: true });
    await act(async () => {});
    expect(preloadCards).toHaveBeenCalledTimes(1);
    expect(result.current).toBe(true);
    rerender({ settled: true });
    expect(preloadCards).toHaveBeenCalledTimes(1);
  });
});
