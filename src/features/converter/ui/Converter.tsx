import { Stack } from '@mantine/core';
import { Suspense, useDeferredValue, useEffect } from 'react';
import { whenIdle } from '@/shared/lib/when-idle';
import { useConverter } from '../store/use-converter';
import { ConvertCard } from './ConvertCard';
import { FileList, preloadCards, ResultCard, SettingsCard, TransparencyCard } from './lazy-cards';
import { ProgressCard } from './ProgressCard';
import { UploadArea } from './UploadArea';
import { useAddFiles } from './use-add-files';
import { useAppLaunchFiles } from './use-app-launch-files';
import { usePasteFiles } from './use-paste-files';
import { useIdleWarmUp } from './use-idle-warm-up';

/** The converter's cards in the spec's order, from upload to result. */
export function Converter() {
  // The cards first (a few KB, needed as soon as files are chosen), then the engine (megabytes).
  useEffect(() => whenIdle(preloadCards, 500), []);
  useIdleWarmUp();
  const addFiles = useAddFiles();
  usePasteFiles(addFiles);
  useAppLaunchFiles(addFiles);
  const hasFiles = useConverter((s) => s.files.length > 0);
  // The list is what answers the choice: it is drawn first, on its own. The settings (sliders, selects,
  // number inputs: most of the rendering work) follow in a second render that React may interrupt,
  // after the list is painted. (Rendering them hidden in idle time beforehand, with <Activity>, measured
  // no faster: revealing them costs about as much as mounting them.)
  const showSettings = useDeferredValue(hasFiles) && hasFiles;
  const hasResult = useConverter((s) => s.machine.status === 'done' || s.machine.status === 'batch-done');
  return (
    <Stack gap="lg">
      <UploadArea />
      <Suspense fallback={null}>{hasFiles && <FileList />}</Suspense>
      <Suspense fallback={null}>{showSettings && <SettingsCard />}</Suspense>
      <Suspense fallback={null}>{showSettings && <TransparencyCard />}</Suspense>
      <ConvertCard />
      <ProgressCard />
      <Suspense fallback={null}>{hasResult && <ResultCard />}</Suspense>
    </Stack>
  );
}
