import { Text } from '@mantine/core';
import { toast } from 'react-toastify';

function ToastBody({ title, message }: { title: string; message: string }) {
  return (
    <div>
      <Text fw={700} size="sm">
        {title}
      </Text>
      <Text size="sm">{message}</Text>
    </div>
  );
}

/** Toasts with a title and a line of text, as the spec writes them ('Feedback prepared!' + its sentence). */
export const notify = {
  success: (title: string, message: string) => toast.success(<ToastBody title={title} message={message} />),
  error: (title: string, message: string) => toast.error(<ToastBody title={title} message={message} />),
  info: (title: string, message: string) => toast.info(<ToastBody title={title} message={message} />),
};
