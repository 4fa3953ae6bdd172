import { useStore } from 'zustand';
import { createBrowserEngine } from '../worker/browser-engine';
import { createConverterStore, type ConverterStoreState } from './converter-store';

export const converterStore = createConverterStore(createBrowserEngine());

export function useConverter<T>(selector: (state: ConverterStoreState) => T): T {
  return useStore(converterStore, selector);
}
