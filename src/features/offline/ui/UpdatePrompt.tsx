import { Button, Group, Notification, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { OFFLINE_TEXTS } from '../model/offline-status';
import { isUpdatePromptVisible } from '../store/offline-store';
import { useOffline } from '../store/use-offline';

/** 'A new version is available' with a reload action; hidden while a conversion runs. */
export function UpdatePrompt() {
  const visible = useOffline(isUpdatePromptVisible);
  const acceptUpdate = useOffline((s) => s.acceptUpdate);
  const dismissUpdate = useOffline((s) => s.dismissUpdate);
  if (!visible) return null;
  return (
    <Notification
      title={OFFLINE_TEXTS.updateTitle}
      icon={<IconRefresh size={18} aria-hidden />}
      onClose={dismissUpdate}
      closeButtonProps={{ 'aria-label': 'Later' }}
      role="alertdialog"
      aria-label={OFFLINE_TEXTS.updateTitle}
      maw={360}
    >
      <Text size="sm">{OFFLINE_TEXTS.updateBody}</Text>
      <Group justify="flex-end" mt="xs">
        <Button size="xs" onClick={() => void acceptUpdate()}>
          {OFFLINE_TEXTS.reload}
        </Button>
      </Group>
    </Notification>
  );
}
