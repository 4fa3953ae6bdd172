import { Stack } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { afterNextPaint } from '@/shared/lib/after-next-paint';
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

/**
 * `shown`, but turning true only after the next paint. The file list is what answers a choice of files:
 * it is drawn on its own first, and the settings (sliders, selects, number inputs: most of the rendering
 * work) in the next task. A deferred value did the same but measured ~100 ms slower for the settings: its
 * render is interruptible, and the selection's own follow-up updates (aspect ratio) restarted it.
 */
function useShownAfterPaint(shown: boolean): boolean {
  const [painted, setPainted] = useState(shown);
  useEffect(() => afterNextPaint(() => setPainted(shown)), [shown]);
  return shown && painted;
}

/** The converter's cards in the spec's order, from upload to result. */
export function Converter() {
  // The cards first (a few KB, needed as soon as files are chosen), then the engine (megabytes).
  useEffect(() => whenIdle(preloadCards, 500), []);
  useIdleWarmUp();
  const addFiles = useAddFiles();
  usePasteFiles(addFiles);
  useAppLaunchFiles(addFiles);
  const hasFiles = useConverter((s) => s.files.length > 0);
  const showSettings = useShownAfterPaint(hasFiles);
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
