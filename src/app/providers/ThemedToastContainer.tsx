import { useComputedColorScheme } from '@mantine/core';
import { ToastContainer } from 'react-toastify';

/**
 * The one toast notifier of the product, themed like the rest of the page. No countdown bar: it is an
 * animation for the whole five seconds a toast stays, and the toast of the files just chosen is usually
 * still there when Convert is clicked; on a machine that composites in software each of its frames took
 * CPU from the conversion (see ProgressCard.tsx).
 */
export function ThemedToastContainer() {
  const colorScheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return <ToastContainer position="top-right" theme={colorScheme} newestOnTop closeOnClick={false} hideProgressBar />;
}
