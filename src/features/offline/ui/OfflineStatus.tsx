import { Affix } from '@mantine/core';
import { useEffect } from 'react';
import { startOfflineSupport } from '../service-worker/register';
import { offlineStore } from '../store/use-offline';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * Mount once per app: registers the service worker and shows the update prompt in a corner.
 * The status badge lives in the header (`<OfflineBadge />`).
 */
export function OfflineStatus() {
  useEffect(() => startOfflineSupport(offlineStore), []);
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={300}>
      <UpdatePrompt />
    </Affix>
  );
}
