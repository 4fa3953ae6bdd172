import { List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconBug, IconBulb, IconMessageCircle, IconPalette } from '@tabler/icons-react';

const WANTED = [
  { icon: IconBulb, label: 'Feature requests' },
  { icon: IconBug, label: 'Bug reports' },
  { icon: IconPalette, label: 'UX improvements' },
  { icon: IconBolt, label: 'Performance feedback' },
  { icon: IconMessageCircle, label: 'General comments' },
] as const;

/** The side list of feedback we are looking for (feedback page). */
export function WantedFeedback() {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} size="h4" mb="sm">
        What we would love to hear
      </Title>
      <List spacing="sm" center>
        {WANTED.map(({ icon: Icon, label }) => (
          <List.Item
            key={label}
            icon={
              <ThemeIcon size={28} radius="xl" variant="light" aria-hidden="true">
                <Icon size={16} stroke={1.75} />
              </ThemeIcon>
            }
          >
            {label}
          </List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed" mt="md">
        Sending feedback opens your own email client with the message ready: nothing is sent until you press send there.
      </Text>
    </Paper>
  );
}
