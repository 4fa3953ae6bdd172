import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconMessagePlus } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

export function ThankYou({ onSendMore }: { onSendMore: () => void }) {
  // The form that had focus is gone: move focus to the news so keyboard and screen-reader users follow.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden="true">
          <IconCircleCheck size={36} stroke={1.75} />
        </ThemeIcon>
        <Title order={2} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          Thank You!
        </Title>
        <Text maw={480}>
          Your email client should have opened with your feedback ready to go. Please send the email there to complete
          your submission: nothing reaches us until you do.
        </Text>
        <Button variant="light" leftSection={<IconMessagePlus size={18} stroke={1.75} />} onClick={onSendMore}>
          Send More Feedback
        </Button>
      </Stack>
    </Paper>
  );
}
