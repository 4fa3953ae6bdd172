import { Stack } from '@mantine/core';
import { ConvertCard } from './ConvertCard';
import { FileList } from './FileList';
import { ProgressCard } from './ProgressCard';
import { ResultCard } from './ResultCard';
import { SettingsCard } from './SettingsCard';
import { UploadArea } from './UploadArea';
import { useIdleWarmUp } from './use-idle-warm-up';

/** The converter's cards in the spec's order, from upload to result. */
export function Converter() {
  useIdleWarmUp();
  return (
    <Stack gap="lg">
      <UploadArea />
      <FileList />
      <SettingsCard />
      <ConvertCard />
      <ProgressCard />
      <ResultCard />
    </Stack>
  );
}
