import { Alert, Card, Group, Progress, Text } from '@mantine/core';
import { useThrottledValue } from '@mantine/hooks';
import { useRef } from 'react';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ProgressStage } from '../rules/contracts';
import { useConverter } from '../store/use-converter';
import classes from './Converter.module.css';
import { MESSAGES } from './messages';
import { useRevealResult } from './use-reveal-result';

/**
 * The card shows the job's progress at most this often. The job reports every frame (20–40 times a
 * second); each new figure on screen costs a page frame: style, paint and, on a machine without a GPU,
 * raster and compositing in software, on the same two cores as the conversion (the locked cards dim only
 * once a job lasts, and the toast's countdown bar is gone, for the same reason). Screen readers also hear
 * fewer announcements.
 */
export const PROGRESS_SHOWN_EVERY_MS = 250;

const STAGE_LABELS: Record<ProgressStage, string> = {
  preparing: 'Preparing',
  processing: 'Processing',
  finalizing: 'Finalizing',
  complete: 'Complete',
};

/** The failure, scrolled into view when it is out of sight (on a phone it was below the fold, under the toasts). */
function Failure({ error }: { error: string }) {
  const card = useRef<HTMLDivElement>(null);
  useRevealResult(error, { card, action: card });
  return (
    <Alert
      ref={card}
      variant="light"
      color="red"
      radius="lg"
      title={MESSAGES.conversionFailedCard}
      icon={<IconAlertTriangle />}
      data-testid="conversion-failed"
      className={classes.result}
    >
      {error}
    </Alert>
  );
}

function ProgressContent() {
  const machine = useConverter((s) => s.machine);
  const shown = useThrottledValue('progress' in machine ? machine.progress : null, PROGRESS_SHOWN_EVERY_MS);
  if (machine.status === 'idle') return null;
  if (machine.status === 'failed') return <Failure error={machine.error} />;
  // Where the job ended is shown at once.
  const { stage, progress, message, filesDone, filesTotal } =
    machine.status === 'converting' ? (shown ?? machine.progress) : machine.progress;
  return (
    <Card withBorder radius="lg" padding="lg" aria-label="Conversion progress">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>
          {STAGE_LABELS[stage]}
          {filesTotal !== undefined && (
            <Text span c="dimmed" fw={500} data-testid="files-done">
              {' · '}
              {filesDone ?? 0} / {filesTotal} files
            </Text>
          )}
        </Text>
        <Text fw={600} c="blue">
          {Math.round(progress)}%
        </Text>
      </Group>
      {/* Not animated, and no width transition: on a machine that paints in software, the moving stripes
          and the transition made Chromium paint every frame and slowed the conversion measurably. */}
      <Progress
        value={progress}
        size="lg"
        radius="xl"
        striped={machine.status === 'converting'}
        transitionDuration={0}
        aria-label="Conversion progress"
      />
      <Text size="sm" c="dimmed" mt="xs">
        {message}
      </Text>
    </Card>
  );
}

/** Stage, percent and message, announced politely; the live region stays mounted so changes are heard. */
export function ProgressCard() {
  return (
    <div aria-live="polite" aria-atomic="true">
      <ProgressContent />
    </div>
  );
}
