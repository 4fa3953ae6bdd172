import { useComputedColorScheme } from '@mantine/core';
import { ToastContainer } from 'react-toastify';

/** The one toast notifier of the product, themed like the rest of the page. */
export function ThemedToastContainer() {
  const colorScheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return <ToastContainer position="top-right" theme={colorScheme} newestOnTop closeOnClick={false} />;
}
