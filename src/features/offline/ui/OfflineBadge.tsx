import { Badge, Loader } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconCloudCheck, IconWifiOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { offlineBadge, type OfflineBadgeKind } from '../model/offline-status';
import { useOffline } from '../store/use-offline';
import classes from './OfflineBadge.module.css';

const LOOK: Record<OfflineBadgeKind, { color: string; variant: 'default' | 'filled'; icon: ReactNode }> = {
  // The badge's own text colour: Mantine's gray spinner is the colour of the dark scheme's badge and vanished.
  preparing: {
    color: 'gray',
    variant: 'default',
    icon: <Loader size={12} color="var(--mantine-color-dimmed)" data-testid="offline-spinner" aria-hidden />,
  },
  ready: {
    color: 'teal',
    variant: 'default',
    icon: <IconCloudCheck size={14} color="var(--mantine-color-teal-7)" aria-hidden />,
  },
  offline: { color: 'orange.9', variant: 'filled', icon: <IconWifiOff size={14} aria-hidden /> },
};

/** A quiet badge: preparing offline mode, ready to work offline, or offline. Fits in a header. */
export function OfflineBadge() {
  const phase = useOffline((s) => s.phase);
  const { online } = useNetwork();
  const badge = offlineBadge(phase, online);
  return (
    <div role="status" aria-live="polite">
      {badge && (
        <Badge
          color={LOOK[badge.kind].color}
          variant={LOOK[badge.kind].variant}
          leftSection={LOOK[badge.kind].icon}
          tt="none"
          classNames={{ root: classes.root, label: classes.label, section: classes.section }}
          title={badge.label}
          data-offline-status={badge.kind}
        >
          {badge.label}
        </Badge>
      )}
    </div>
  );
}
