import { MantineProvider } from '@mantine/core';
import { render as testingLibraryRender } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { ToastContainer } from 'react-toastify';
import { createConverterStore } from '@/features/converter/store/converter-store';
import { ConverterStoreProvider } from '@/features/converter/store/use-converter';
import { createFakeEngine } from './fake-engine';

/**
 * Renders a converter component the way the app does (Mantine, a toast container), around a store
 * of its own on a fake engine, so each test starts fresh and drives conversions by hand.
 */
export function renderConverter(ui: ReactElement) {
  const engine = createFakeEngine();
  const store = createConverterStore(engine);
  const user = userEvent.setup({ applyAccept: false, delay: null });
  const view = testingLibraryRender(
    <MantineProvider env="test">
      <ConverterStoreProvider store={store}>{ui}</ConverterStoreProvider>
      <ToastContainer autoClose={false} />
    </MantineProvider>,
  );
  return { ...view, engine, store, user };
}
