import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { toast } from 'react-toastify/unstyled';

type Kind = 'success' | 'error' | 'info';

function ToastMessage({ title, message }: { title: string; message?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {message && (
        <Text size="sm" component="div">
          {message}
        </Text>
      )}
    </Stack>
  );
}

/** The one toast helper: a bold title and an optional message under it, as every toast of the product reads. */
export function notify(kind: Kind, title: string, message?: ReactNode): void {
  toast[kind](<ToastMessage title={title} message={message} />);
}
