import { MantineProvider } from '@mantine/core';
import { render as testingLibraryRender } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import { createConverterStore } from '@/features/converter/store/converter-store';
import { ConverterStoreProvider } from '@/features/converter/store/use-converter';
import { createFakeRuntime } from './fake-runtime';

/**
 * The one test render (Mantine's vite-template style): the component inside the app's providers, with a
 * toast container and a user-event session. jsdom's gaps are stubbed once, in tests/setup/jsdom.ts.
 */
export function render(ui: ReactElement) {
  const user = userEvent.setup({ applyAccept: false, delay: null });
  const view = testingLibraryRender(
    <MantineProvider env="test">
      {ui}
      <ToastContainer autoClose={false} />
    </MantineProvider>,
  );
  return { ...view, user };
}

/** A converter component around a store of its own on a fake runtime, so each test drives conversions by hand. */
export function renderConverter(ui: ReactElement) {
  const runtime = createFakeRuntime();
  const store = createConverterStore(runtime);
  return { ...render(<ConverterStoreProvider store={store}>{ui}</ConverterStoreProvider>), runtime, store };
}
