import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconDownload } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useRef } from 'react';
import { useObjectUrl } from '@/shared/hooks/use-object-url';
import { notify } from '@/shared/ui/notify';
import { formatBytes } from '@/shared/lib/format-bytes';
import { describeSaving, sizeSavingPercent } from '@/shared/lib/size-saving';
import { useConverter } from '../store/use-converter';
import { BatchResult } from './BatchResult';
import classes from './Converter.module.css';
import { CompareView } from './compare/CompareView';
import { placementsOf } from './compare/placements';
import { FitSummary } from './FitSummary';
import { MESSAGES } from './messages';
import { ShareGifButton } from './ShareGifButton';
import { useRevealResult } from './use-reveal-result';
import { useTransparentFiles } from './use-transparent-files';

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
  const files = useConverter((s) => s.files);
  const inputBytes = files.reduce((sum, f) => sum + f.file.size, 0);
  const frameCount = result?.frameCount ?? 0;
  // Frame i of the GIF is the list's file i (a still: the first file); a new selection clears the result.
  const sources = useMemo(() => files.slice(0, frameCount).map((f) => f.file), [files, frameCount]);
  const placements = useMemo(() => placementsOf(result, sources.length), [result, sources.length]);
  const transparent = useTransparentFiles(sources)?.some(Boolean) ?? false;
  // The result's object URL lives as long as the result: reset, a new result or unmount revoke it.
  const url = useObjectUrl(result?.gif);
  // The comparison mounts in a render of its own, after the card: its two canvases of the GIF's size and
  // its controls are a long task of the main thread, which held Download back. It sits under
  // Download, so that its arrival moves nothing a person may be clicking.
  const compareShown = useDeferredValue(url !== null, false);
  const card = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const download = useRef<HTMLAnchorElement>(null);
  useRevealResult(url && result, { card, heading, action: download });

  if (!result || !url) return null;
  const saving = sizeSavingPercent(inputBytes, result.gif.size);
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
      <Stack align="center" gap="md">
        <Group gap="xs" justify="center">
          <ThemeIcon color="green" radius="xl" size="md" aria-hidden>
            <IconCheck size={16} />
          </ThemeIcon>
          <Title order={2} size="h4" id="result-title" ref={heading} tabIndex={-1}>
            {MESSAGES.resultReady}
          </Title>
        </Group>
        <FitSummary />
        {result.readBackHidden && (
          <Text size="sm" c="dimmed" ta="center">
            {MESSAGES.readBackHidden(sources.length)}
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }} w="100%">
          <Stat label="Dimensions" value={`${result.width} × ${result.height}`} />
          <Stat label="Frames" value={String(result.frameCount)} />
          <Stat label="File size" value={formatBytes(result.gif.size)} />
          <Stat label="Vs. the PNGs" value={saving === null ? '—' : describeSaving(saving)} />
        </SimpleGrid>
        <Group gap="sm" justify="center">
          <Button
            ref={download}
            component="a"
            href={url}
            download={result.fileName}
            size="md"
            leftSection={<IconDownload size={18} />}
            onClick={() => notify('success', MESSAGES.downloadStarted, result.fileName)}
          >
            Download
          </Button>
          <ShareGifButton gif={result.gif} fileName={result.fileName} />
        </Group>
        {compareShown && (
          <CompareView
            gif={result.gif}
            width={result.width}
            height={result.height}
            sources={sources}
            placements={placements}
            transparent={transparent}
          />
        )}
      </Stack>
    </Card>
  );
}
