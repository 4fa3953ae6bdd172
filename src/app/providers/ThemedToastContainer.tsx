import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
// Its stylesheet is in the page's one stylesheet: the default entry injects it while the page hydrates, which
// restyled the whole page in the middle of hydration.
import 'react-toastify/ReactToastify.css';
import { cssTransition, ToastContainer } from 'react-toastify/unstyled';
import classes from './ThemedToastContainer.module.css';

/**
 * The library's bounce without the collapse that follows a toast's exit: that collapse animates the
 * toast's height, a layout and a repaint every frame, and the toast of the files just chosen usually
 * leaves while the first conversion runs, on the cores the conversion needs. The bounce itself only
 * moves and fades the toast, which the compositor does alone.
 */
const BounceWithoutCollapse = cssTransition({
  enter: 'Toastify--animate Toastify__bounce-enter',
  exit: 'Toastify--animate Toastify__bounce-exit',
  appendPosition: true,
  collapse: false,
});

/**
 * The one toast notifier of the product, themed like the rest of the page. No countdown bar: it is an
 * animation for the whole five seconds a toast stays, and the toast of the files just chosen is usually
 * still there when Convert is clicked; on a machine that composites in software each of its frames took
 * CPU from the conversion (see ProgressCard.tsx).
 *
 * Where the header has its menu button (narrower than `sm`), toasts come up from the bottom: at the top,
 * two of them covered the whole header. On wider screens they sit top right, under the header.
 */
export function ThemedToastContainer() {
  const colorScheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const { breakpoints } = useMantineTheme();
  // The same query as the header's `hiddenFrom="sm"` menu button.
  const wide = useMediaQuery(`(min-width: ${breakpoints.sm})`, true, { getInitialValueInEffect: false });
  return (
    <ToastContainer
      position={wide ? 'top-right' : 'bottom-center'}
      className={classes.container}
      theme={colorScheme}
      // The newest toast nearest the screen's edge it comes from.
      newestOnTop={wide}
      closeOnClick={false}
      hideProgressBar
      transition={BounceWithoutCollapse}
    />
  );
}
