import { createContext, createElement, useContext, type ReactNode } from 'react';
import { useStore, type StoreApi } from 'zustand';
import { poolSize, requestedPoolSize } from '../rules/batch/pool-size';
import { createLazyRuntime } from '../runtime/lazy-runtime';
import { createConverterStore, type ConverterStoreState } from './converter-store';

export type ConverterStore = StoreApi<ConverterStoreState>;

/**
 * The page's store, on the real engine with one instance per core (at most four; rules/batch/pool-size.ts).
 * `?pool=N` can only lower that, which is how the batch benchmark compares a pool of 1 with the default.
 * Tests provide their own store, on a fake engine.
 */
export const converterStore: ConverterStore = createConverterStore(
  createLazyRuntime(() =>
    import('../runtime/browser-runtime').then(({ createBrowserRuntime }) =>
      createBrowserRuntime(
        poolSize(navigator.hardwareConcurrency, requestedPoolSize(location.search), navigator.vendor),
      ),
    ),
  ),
);

const ConverterStoreContext = createContext<ConverterStore>(converterStore);

export function ConverterStoreProvider({ store, children }: { store: ConverterStore; children: ReactNode }) {
  return createElement(ConverterStoreContext.Provider, { value: store }, children);
}

/** The store itself, for handlers that read the current state when they run (not on render). */
export function useConverterStore(): ConverterStore {
  return useContext(ConverterStoreContext);
}

export function useConverter<T>(selector: (state: ConverterStoreState) => T): T {
  return useStore(useContext(ConverterStoreContext), selector);
}
