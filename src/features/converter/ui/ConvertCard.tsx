import { Button, Card, Flex, SimpleGrid, Text } from '@mantine/core';
import { IconHourglassHigh, IconPlayerStop, IconRefresh, IconWand } from '@tabler/icons-react';
import { formatBytes } from '@/shared/lib/format-bytes';
import { areSettingsValid } from '../rules/settings-rules';
import { useConverter } from '../store/use-converter';
import { MESSAGES } from './messages';
import { notify } from '@/shared/ui/notify';
import { CONVERT_CARD_ATTRIBUTE } from './use-reveal-result';

function summary(fileCount: number, mode: 'static' | 'animated'): string {
  if (fileCount === 0) return 'Add PNG files above to start.';
  if (mode === 'animated') return `${fileCount} files → one animated GIF of ${fileCount} frames`;
  return fileCount === 1 ? '1 file → one static GIF' : `${fileCount} files → ${fileCount} static GIFs, one per file`;
}

/** A batch succeeds for the files that worked; the ones that failed are said too, not hidden. */
function announceBatch(converted: number, failed: number) {
  if (converted > 0) notify('success', MESSAGES.conversionSuccessful, MESSAGES.batchConverted(converted));
  if (failed > 0) notify('error', MESSAGES.conversionFailedToast, MESSAGES.batchFailed(failed, converted + failed));
}

export function ConvertCard() {
  const fileCount = useConverter((s) => s.files.length);
  const mode = useConverter((s) => s.settings.mode);
  const settingsValid = useConverter((s) => areSettingsValid(s.settings));
  const converting = useConverter((s) => s.machine.status === 'converting');
  const convert = useConverter((s) => s.convert);
  const cancel = useConverter((s) => s.cancel);
  const reset = useConverter((s) => s.reset);

  const onConvert = async () => {
    const outcome = await convert();
    if (outcome.kind === 'no-files') notify('error', MESSAGES.noFilesTitle, MESSAGES.noFilesMessage);
    else if (outcome.kind === 'done') notify('success', MESSAGES.conversionSuccessful);
    else if (outcome.kind === 'fit-missed')
      notify(
        'info',
        MESSAGES.fitMissedTitle(formatBytes(outcome.budget)),
        MESSAGES.fitMissed(formatBytes(outcome.bytes)),
      );
    else if (outcome.kind === 'batch-done') announceBatch(outcome.converted, outcome.failed);
    else if (outcome.kind === 'failed') notify('error', MESSAGES.conversionFailedToast, outcome.error);
  };

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-label="Convert"
      {...{ [CONVERT_CARD_ATTRIBUTE]: true }}
    >
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', sm: 'center' }}
        gap="md"
      >
        <Text size="sm" c="dimmed">
          {summary(fileCount, mode)}
          {!settingsValid && ' Fix the size settings first.'}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" miw={{ sm: 380 }}>
          <Button
            size="md"
            onClick={() => void onConvert()}
            disabled={converting || !settingsValid}
            // A still icon, not a spinner: painting a spinner every frame slowed the conversion measurably on
            // a machine that paints in software; the progress card shows that the work goes on.
            leftSection={converting ? <IconHourglassHigh size={18} /> : <IconWand size={18} />}
          >
            {converting ? 'Converting...' : 'Convert to GIF'}
          </Button>
          {converting ? (
            <Button size="md" variant="light" color="red" onClick={cancel} leftSection={<IconPlayerStop size={18} />}>
              Cancel
            </Button>
          ) : (
            <Button size="md" variant="default" onClick={reset} leftSection={<IconRefresh size={18} />}>
              Reset
            </Button>
          )}
        </SimpleGrid>
      </Flex>
    </Card>
  );
}
