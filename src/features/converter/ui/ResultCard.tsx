import { Button, Card, Center, Group, Image, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconDownload } from '@tabler/icons-react';
import { useObjectUrl } from '@/shared/hooks/use-object-url';
import { formatBytes } from '@/shared/lib/format-bytes';
import { describeSaving, sizeSavingPercent } from '@/shared/lib/size-saving';
import { useConverter } from '../store/use-converter';
import { BatchResult } from './BatchResult';
import { MESSAGES } from './messages';
import { notify } from '@/shared/ui/notify';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} align="center">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

/** The single GIF's card, or a batch's. */
export function ResultCard() {
  const batch = useConverter((s) => (s.machine.status === 'batch-done' ? s.machine.items : null));
  return batch ? <BatchResult items={batch} /> : <SingleResult />;
}

function SingleResult() {
  const result = useConverter((s) => (s.machine.status === 'done' ? s.machine.result : null));
  const inputBytes = useConverter((s) => s.files.reduce((sum, f) => sum + f.file.size, 0));
  // The result's object URL lives as long as the result: reset, a new result or unmount revoke it.
  const url = useObjectUrl(result?.gif);

  if (!result || !url) return null;
  const saving = sizeSavingPercent(inputBytes, result.gif.size);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="result-title">
      <Stack align="center" gap="md">
        <Group gap="xs" justify="center">
          <ThemeIcon color="green" radius="xl" size="md" aria-hidden>
            <IconCheck size={16} />
          </ThemeIcon>
          <Title order={2} size="h4" id="result-title">
            {MESSAGES.resultReady}
          </Title>
        </Group>
        <Center
          p="sm"
          w="100%"
          bg="var(--mantine-color-default-hover)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Image src={url} alt="Preview of the converted GIF" maw="100%" mah={420} w="auto" fit="contain" />
        </Center>
        <SimpleGrid cols={{ base: 2, sm: 4 }} w="100%">
          <Stat label="Dimensions" value={`${result.width} × ${result.height}`} />
          <Stat label="Frames" value={String(result.frameCount)} />
          <Stat label="File size" value={formatBytes(result.gif.size)} />
          <Stat label="Vs. the PNGs" value={saving === null ? '—' : describeSaving(saving)} />
        </SimpleGrid>
        <Button
          component="a"
          href={url}
          download={result.fileName}
          size="md"
          leftSection={<IconDownload size={18} />}
          onClick={() => notify('success', MESSAGES.downloadStarted, result.fileName)}
        >
          Download
        </Button>
      </Stack>
    </Card>
  );
}
