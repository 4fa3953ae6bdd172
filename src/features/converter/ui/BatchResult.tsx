import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconDownload, IconFileZip, IconSlideshow, IconX } from '@tabler/icons-react';
import { useMemo, useRef } from 'react';
import { useObjectUrl } from '@/shared/hooks/use-object-url';
import { formatBytes } from '@/shared/lib/format-bytes';
import { batchEntryNames } from '../rules/batch/archive';
import type { BatchItemResult, ConversionOutput } from '../rules/contracts';
import { useConverter } from '../store/use-converter';
import { CompareView } from './compare/CompareView';
import classes from './Converter.module.css';
import { placementsOf } from './compare/placements';
import { MESSAGES } from './messages';
import { notify } from '@/shared/ui/notify';
import { useBatchArchive } from './use-batch-archive';
import { useRevealResult } from './use-reveal-result';
import { useTransparentFiles } from './use-transparent-files';

/** One GIF of the batch beside its PNG, in a dialog: the compare view needs more room than a tile. */
function CompareDialog({
  name,
  output,
  source,
  onClose,
}: {
  name: string;
  output: ConversionOutput;
  source: File;
  onClose(): void;
}) {
  const sources = useMemo(() => [source], [source]);
  const placements = useMemo(() => placementsOf(output, 1), [output]);
  const transparent = useTransparentFiles(sources)?.[0] ?? false;
  return (
    <Modal opened onClose={onClose} title={`Compare ${name}`} size="xl">
      <CompareView
        gif={output.gif}
        width={output.width}
        height={output.height}
        sources={sources}
        placements={placements}
        label={name}
        transparent={transparent}
      />
      <Text size="sm" c="dimmed" mt="sm">
        {output.width} × {output.height} · {output.gif.size.toLocaleString('en-US')} bytes (
        {formatBytes(output.gif.size)}) · PNG {formatBytes(source.size)}
      </Text>
    </Modal>
  );
}

function GifItem({ name, output, source }: { name: string; output: ConversionOutput; source: File | undefined }) {
  // Revoked when the batch result goes away (reset, a new result, unmount).
  const url = useObjectUrl(output.gif);
  const [comparing, compare] = useDisclosure(false);
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
        <Group gap="xs" justify="center">
          {source && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconSlideshow size={16} />}
              aria-label={`Compare ${name} with its PNG`}
              onClick={compare.open}
            >
              Compare
            </Button>
          )}
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
        </Group>
      </Stack>
      {comparing && source && <CompareDialog name={name} output={output} source={source} onClose={compare.close} />}
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
  // A batch converts every chosen file, in list order: item i is file i.
  const files = useConverter((s) => s.files);
  const ready = archive.status === 'ready' ? archive : null;
  const archiveUrl = useObjectUrl(ready?.zip);
  const failed = items.length - entries.length;
  const card = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const zip = useRef<HTMLAnchorElement>(null);
  // The zip's link, or the heading when no GIF was made.
  useRevealResult(items, { card, heading, action: entries.length > 0 ? zip : heading });
  const readBackHidden = items.some((item) => item.status === 'done' && item.output.readBackHidden);

  return (
    <Card
      ref={card}
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="result-title"
      className={classes.result}
    >
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <div>
            <Group gap="xs" wrap="nowrap">
              <ThemeIcon color={entries.length > 0 ? 'green' : 'red'} radius="xl" size="md" aria-hidden>
                {entries.length > 0 ? <IconCheck size={16} /> : <IconX size={16} />}
              </ThemeIcon>
              <Title order={2} size="h4" id="result-title" ref={heading} tabIndex={-1}>
                {entries.length > 0 ? MESSAGES.batchReady(entries.length) : MESSAGES.conversionFailedCard}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {entries.length} of {items.length} files converted
            </Text>
            {readBackHidden && (
              <Text size="sm" c="dimmed">
                {MESSAGES.readBackHidden(entries.length)}
              </Text>
            )}
          </div>
          {entries.length > 0 && archive.status !== 'failed' && (
            <Button
              ref={zip}
              component="a"
              href={archiveUrl ?? undefined}
              download={ready?.fileName}
              disabled={!archiveUrl}
              leftSection={<IconFileZip size={18} />}
              onClick={() => ready && notify('success', MESSAGES.downloadStarted, ready.fileName)}
            >
              Download all (.zip)
            </Button>
          )}
        </Group>
        {archive.status === 'failed' && (
          <Alert
            variant="light"
            color="orange"
            radius="md"
            title={MESSAGES.zipFailedTitle}
            icon={<IconAlertTriangle />}
            data-testid="zip-failed"
          >
            {archive.message} {MESSAGES.zipFailedHint}
          </Alert>
        )}
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
            item.status === 'done' ? (
              <GifItem key={names[index]} name={names[index]!} output={item.output} source={files[index]?.file} />
            ) : null,
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
