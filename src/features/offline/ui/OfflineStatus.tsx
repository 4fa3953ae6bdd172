import { Affix, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { startOfflineSupport } from '../service-worker/register';
import { offlineStore } from '../store/use-offline';
import { OfflineBadge } from './OfflineBadge';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * Mount once per app: registers the service worker and shows the update prompt in a corner.
 * With `withBadge={false}` the status badge is left to the header (`<OfflineBadge />`).
 */
export function OfflineStatus({ withBadge = true }: { withBadge?: boolean }) {
  useEffect(() => startOfflineSupport(offlineStore), []);
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={300}>
      <Stack gap="xs" align="flex-start">
        <UpdatePrompt />
        {withBadge && <OfflineBadge />}
      </Stack>
    </Affix>
  );
}
