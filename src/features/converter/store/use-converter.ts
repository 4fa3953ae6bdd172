import { createContext, createElement, useContext, type ReactNode } from 'react';
import { useStore, type StoreApi } from 'zustand';
import { createBrowserEngine } from '../worker/browser-engine';
import { createConverterStore, type ConverterStoreState } from './converter-store';

type ConverterStore = StoreApi<ConverterStoreState>;

/** The page's store, on the real engine. Tests provide their own store, on a fake engine. */
export const converterStore: ConverterStore = createConverterStore(createBrowserEngine());

const ConverterStoreContext = createContext<ConverterStore>(converterStore);

export function ConverterStoreProvider({ store, children }: { store: ConverterStore; children: ReactNode }) {
  return createElement(ConverterStoreContext.Provider, { value: store }, children);
}

export function useConverter<T>(selector: (state: ConverterStoreState) => T): T {
  return useStore(useContext(ConverterStoreContext), selector);
}
