import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconMessagePlus } from '@tabler/icons-react';

export function ThankYou({ onSendMore }: { onSendMore: () => void }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden="true">
          <IconCircleCheck size={36} stroke={1.75} />
        </ThemeIcon>
        <Title order={2}>Thank You!</Title>
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
