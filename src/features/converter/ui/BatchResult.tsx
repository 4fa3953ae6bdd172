import { Alert, Button, Card, Center, Group, Image, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconDownload, IconFileZip, IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useObjectUrl } from '@/shared/hooks/use-object-url';
import { formatBytes } from '@/shared/lib/format-bytes';
import { batchEntryNames } from '../engine/batch-archive';
import type { BatchItemResult, ConversionOutput } from '../engine/contracts';
import { MESSAGES } from './messages';
import { notify } from '@/shared/ui/notify';
import { useBatchArchive } from './use-batch-archive';

function GifItem({ name, output }: { name: string; output: ConversionOutput }) {
  // Revoked when the batch result goes away (reset, a new result, unmount).
  const url = useObjectUrl(output.gif);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="batch-item">
      <Stack gap="xs" align="center">
        <Center
          w="100%"
          h={140}
          bg="var(--mantine-color-default-hover)"
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        >
          {url && <Image src={url} alt={`Preview of ${name}`} mah={132} maw="100%" w="auto" fit="contain" />}
        </Center>
        <Text size="sm" fw={500} truncate="end" title={name} maw="100%">
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {output.width} × {output.height} · {formatBytes(output.gif.size)}
        </Text>
        <Button
          component="a"
          href={url ?? undefined}
          download={name}
          size="xs"
          variant="light"
          leftSection={<IconDownload size={16} />}
          aria-label={`Download ${name}`}
          onClick={() => notify('success', MESSAGES.downloadStarted, name)}
        >
          Download
        </Button>
      </Stack>
    </Card>
  );
}

function FailedItem({ sourceName, error }: { sourceName: string; error: string }) {
  return (
    <Alert
      variant="light"
      color="red"
      radius="md"
      title={sourceName}
      icon={<IconAlertTriangle />}
      data-testid="batch-failure"
    >
      {error}
    </Alert>
  );
}

/**
 * A static batch's result: every GIF with its preview, size and own download (named after its PNG, so
 * the files of one batch are told apart), the files that failed with their error, and the zip of all GIFs.
 */
export function BatchResult({ items }: { items: readonly BatchItemResult[] }) {
  const names = useMemo(() => batchEntryNames(items.map((item) => item.sourceName)), [items]);
  const entries = useMemo(
    () =>
      items.flatMap((item, index) => (item.status === 'done' ? [{ name: names[index]!, gif: item.output.gif }] : [])),
    [items, names],
  );
  const archive = useBatchArchive(entries);
  const archiveUrl = useObjectUrl(archive?.zip);
  const failed = items.length - entries.length;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="result-title">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <div>
            <Group gap="xs" wrap="nowrap">
              <ThemeIcon color={entries.length > 0 ? 'green' : 'red'} radius="xl" size="md" aria-hidden>
                {entries.length > 0 ? <IconCheck size={16} /> : <IconX size={16} />}
              </ThemeIcon>
              <Title order={2} size="h4" id="result-title">
                {entries.length > 0 ? MESSAGES.batchReady(entries.length) : MESSAGES.conversionFailedCard}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {entries.length} of {items.length} files converted
            </Text>
          </div>
          {entries.length > 0 && (
            <Button
              component="a"
              href={archiveUrl ?? undefined}
              download={archive?.fileName}
              disabled={!archiveUrl}
              leftSection={<IconFileZip size={18} />}
              onClick={() => archive && notify('success', MESSAGES.downloadStarted, archive.fileName)}
            >
              Download all (.zip)
            </Button>
          )}
        </Group>
        {failed > 0 && (
          <Stack gap="xs">
            {items.map((item, index) =>
              item.status === 'failed' ? (
                <FailedItem key={names[index]} sourceName={item.sourceName} error={item.error} />
              ) : null,
            )}
          </Stack>
        )}
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
          {items.map((item, index) =>
            item.status === 'done' ? <GifItem key={names[index]} name={names[index]!} output={item.output} /> : null,
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
