import { Alert, Button, Text } from '@mantine/core';
import { IconAdjustments, IconAlertTriangle, IconTarget } from '@tabler/icons-react';
import { formatBytes } from '@/shared/lib/format-bytes';
import { describeKnobs } from '../rules/estimate/fit-under';
import { useConverter } from '../store/use-converter';

/** What a "Fit under" search did: under the budget or not, what it changed, and a way to take its settings over. */
export function FitSummary() {
  const done = useConverter((s) => (s.machine.status === 'done' && s.machine.fit ? s.machine : null));
  const applyFittedSettings = useConverter((s) => s.applyFittedSettings);
  if (!done?.fit) return null;
  const { fit, result } = done;
  const changes = describeKnobs(fit.knobs, fit.base, result);
  const chosen = changes.length > 0 ? changes.join(', ') : 'your settings as they are';
  const tries = `${fit.encodes} ${fit.encodes === 1 ? 'encode' : 'encodes'}`;
  return (
    <Alert
      w="100%"
      variant="light"
      radius="md"
      color={fit.fits ? 'teal' : 'orange'}
      icon={fit.fits ? <IconTarget /> : <IconAlertTriangle />}
      title={
        fit.fits
          ? `Fits under ${formatBytes(fit.budget)}: ${formatBytes(result.gif.size)}`
          : `Could not fit under ${formatBytes(fit.budget)}`
      }
      // The coloured title of a light alert is below 4.5:1 on its tint: the title keeps the text colour.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid="fit-summary"
    >
      <Text size="sm">
        {fit.fits
          ? `Chosen in ${tries}: ${chosen}.`
          : `Even at the smallest settings the GIF is ${formatBytes(result.gif.size)} (${chosen}). This closest result is shown below; fewer or smaller frames would help.`}
      </Text>
      {changes.length > 0 && (
        <Button
          mt="sm"
          size="xs"
          variant="default"
          leftSection={<IconAdjustments size={16} />}
          onClick={applyFittedSettings}
        >
          Use these settings
        </Button>
      )}
    </Alert>
  );
}
