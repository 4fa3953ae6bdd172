import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useMemo } from 'react';
import { notify } from '@/shared/ui/notify';
import { shareFailureMessage } from '../rules/errors';
import { canShareFiles, type FileSharing } from './browser-features';
import { MESSAGES } from './messages';

/**
 * The GIF handed to the system's share sheet (a phone's messages, mail, photos), beside Download. Only
 * where the browser can share this file (browser-features.ts): elsewhere Download is the way, and no
 * button promises more.
 */
export function ShareGifButton({ gif, fileName }: { gif: Blob; fileName: string }) {
  const file = useMemo(() => new File([gif], fileName, { type: 'image/gif' }), [gif, fileName]);
  const sharing = navigator as FileSharing;
  const shareable = useMemo(() => canShareFiles(sharing, [file]), [sharing, file]);
  if (!shareable) return null;
  const share = async () => {
    try {
      await sharing.share!({ files: [file], title: fileName });
    } catch (error) {
      const message = shareFailureMessage(error);
      if (message) notify('error', MESSAGES.shareFailedTitle, message);
    }
  };
  return (
    <Button variant="default" size="md" leftSection={<IconShare size={18} />} onClick={() => void share()}>
      Share GIF
    </Button>
  );
}
