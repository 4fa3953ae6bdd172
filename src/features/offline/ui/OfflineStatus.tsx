import { Affix, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { whenLoadedAndIdle } from '@/shared/lib/when-idle';
import { startOfflineSupport } from '../service-worker/register';
import { offlineStore } from '../store/use-offline';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * Mount once per app: registers the service worker and shows the update prompt in a corner.
 * The status badge lives in the header (`<OfflineBadge />`).
 */
export function OfflineStatus() {
  // Registering (and the precache download it starts) waits for the page's load and an idle moment: it kept
  // the main thread busy while the page hydrated.
  useEffect(() => whenLoadedAndIdle(() => startOfflineSupport(offlineStore), 2000), []);
  const { breakpoints } = useMantineTheme();
  // Toasts come up from the bottom where the header has its menu button, and from the top right on
  // wider screens (ThemedToastContainer): the prompt takes the other edge, so neither hides the other.
  const wide = useMediaQuery(`(min-width: ${breakpoints.sm})`, true, { getInitialValueInEffect: false });
  return (
    <Affix
      position={wide ? { bottom: 16, left: 16 } : { top: 'calc(var(--site-header-height) + 8px)', left: 16, right: 16 }}
      zIndex={300}
    >
      <UpdatePrompt />
    </Affix>
  );
}
