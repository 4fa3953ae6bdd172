import { Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useConverter } from '../store/use-converter';
import { ConvertCard } from './ConvertCard';
import { ProgressCard } from './ProgressCard';
import { UploadArea } from './UploadArea';
import { useAddFiles } from './use-add-files';
import { useAppLaunchFiles } from './use-app-launch-files';
import { usePasteFiles } from './use-paste-files';
import { useIdleWarmUp } from './use-idle-warm-up';

// Cards that only appear once files are chosen or a result exists load on demand, keeping the first
// paint small: the frame strip brings drag and drop, the settings bring sliders, selects and number
// inputs, and the batch result brings the zip library.
const FileList = lazy(() => import('./FileList').then((module) => ({ default: module.FileList })));
const SettingsCard = lazy(() => import('./SettingsCard').then((module) => ({ default: module.SettingsCard })));
const ResultCard = lazy(() => import('./ResultCard').then((module) => ({ default: module.ResultCard })));

/** The converter's cards in the spec's order, from upload to result. */
export function Converter() {
  useIdleWarmUp();
  const addFiles = useAddFiles();
  usePasteFiles(addFiles);
  useAppLaunchFiles(addFiles);
  const hasFiles = useConverter((s) => s.files.length > 0);
  const hasResult = useConverter((s) => s.machine.status === 'done' || s.machine.status === 'batch-done');
  return (
    <Stack gap="lg">
      <UploadArea />
      <Suspense fallback={null}>{hasFiles && <FileList />}</Suspense>
      <Suspense fallback={null}>{hasFiles && <SettingsCard />}</Suspense>
      <ConvertCard />
      <ProgressCard />
      <Suspense fallback={null}>{hasResult && <ResultCard />}</Suspense>
    </Stack>
  );
}
