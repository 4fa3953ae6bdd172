import { createStore } from 'zustand/vanilla';
import type { ConverterEngine } from '../engine/contracts';
import { DEFAULT_SETTINGS, type ConversionSettings } from '../engine/settings';
import { transition, type ConverterEvent, type ConverterState } from './machine';

export interface ConverterStoreState {
  machine: ConverterState;
  files: File[];
  settings: ConversionSettings;
  setFiles(files: File[]): void;
  convert(): Promise<void>;
  reset(): void;
}

/** The single source of truth of the converter. The engine is injected so tests can fake it. */
export function createConverterStore(engine: ConverterEngine) {
  let nextJobId = 1;

  return createStore<ConverterStoreState>()((set, get) => {
    const dispatch = (event: ConverterEvent) => set((s) => ({ machine: transition(s.machine, event) }));

    return {
      machine: { status: 'idle' },
      files: [],
      settings: DEFAULT_SETTINGS,
      setFiles(files) {
        set({ files, machine: { status: 'idle' } });
      },
      async convert() {
        const { files, settings, machine } = get();
        if (machine.status === 'converting') return;
        const jobId = nextJobId++;
        dispatch({ type: 'start', jobId });
        try {
          const result = await engine.convert(
            { files, settings },
            { onProgress: (progress) => dispatch({ type: 'progress', jobId, progress }) },
          );
          dispatch({ type: 'succeed', jobId, result });
        } catch (error) {
          dispatch({
            type: 'fail',
            jobId,
            error: error instanceof Error && error.message ? error.message : 'An unknown error occurred',
          });
        }
      },
      reset() {
        set({ files: [], machine: transition(get().machine, { type: 'reset' }) });
      },
    };
  });
}
