import { Stack } from '@mantine/core';
import { Activity, Suspense, useDeferredValue } from 'react';
import { useConverter } from '../store/use-converter';
import { ConvertCard } from './ConvertCard';
import { FileList, ResultCard, SettingsCard, TransparencyCard } from './lazy-cards';
import { ProgressCard } from './ProgressCard';
import { UploadArea } from './UploadArea';
import { useAddFiles } from './use-add-files';
import { useAppLaunchFiles } from './use-app-launch-files';
import { useCardPreload } from './use-card-preload';
import { usePasteFiles } from './use-paste-files';
import { LockWhileConverting } from './LockWhileConverting';
import { useIdleWarmUp } from './use-idle-warm-up';

/** The converter's cards in page order, from upload to result. */
export function Converter() {
  const engineSettled = useIdleWarmUp();
  const cardsLoaded = useCardPreload(engineSettled);
  const addFiles = useAddFiles();
  usePasteFiles(addFiles);
  useAppLaunchFiles(addFiles);
  const hasFiles = useConverter((s) => s.files.length > 0);
  // The settings are revealed in a deferred render after the one that shows the list: revealing them mounts
  // their effects (the sliders measure themselves in forced layouts), which held the list back.
  const hadFiles = useDeferredValue(hasFiles);
  // That deferred render restarts whenever an urgent one comes first, and a conversion's progress comes
  // faster than the settings render on a busy machine: pressing Convert right after choosing once put
  // them on the page only after the result, pushing Download 788 px down. Once a conversion is under
  // way (or over), they show in the same render. Read only while they are not shown: once they are, a click
  // on Convert re-renders nothing here (every card below would re-render with it).
  const shownForJob = useConverter((s) => !hadFiles && s.files.length > 0 && s.machine.status !== 'idle');
  const settingsShown = hadFiles || shownForJob;
  return (
    <Stack gap="lg">
      <UploadArea />
      <Suspense fallback={null}>
        {hasFiles && (
          <LockWhileConverting>
            <FileList />
          </LockWhileConverting>
        )}
      </Suspense>
      <Suspense fallback={null}>
        {/* Rendered ahead while hidden, in idle time once the engine is in: choosing files only reveals the
            settings, right after the list (mounting them then is slow on a first visit: probes/cards.ts). */}
        {((cardsLoaded && engineSettled) || settingsShown) && (
          <Activity mode={settingsShown ? 'visible' : 'hidden'}>
            <LockWhileConverting>
              <SettingsCard />
            </LockWhileConverting>
          </Activity>
        )}
      </Suspense>
      <Suspense fallback={null}>
        {hasFiles && (
          <LockWhileConverting>
            <TransparencyCard />
          </LockWhileConverting>
        )}
      </Suspense>
      <ConvertCard />
      <ProgressCard />
      <ResultSlot />
    </Stack>
  );
}

/** The result's card, in a component of its own: a result arriving re-renders nothing above it. */
function ResultSlot() {
  const hasResult = useConverter((s) => s.machine.status === 'done' || s.machine.status === 'batch-done');
  return <Suspense fallback={null}>{hasResult && <ResultCard />}</Suspense>;
}
