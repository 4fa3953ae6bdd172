import { lazyWithPreload } from '@/shared/lib/lazy-with-preload';
import { cropEditor } from './crop/lazy-crop-editor';

// Cards that only appear once files are chosen or a result exists are not part of the first paint:
// the frame strip brings drag and drop, the settings bring sliders, selects and number inputs, and the
// result brings the compare view and the zip library. preloadCards fetches them in the first idle moment
// after the first paint, so choosing files shows the list and the settings at once, even on a first visit.
const fileList = lazyWithPreload(() => import('./FileList').then((module) => module.FileList));
const settingsCard = lazyWithPreload(() => import('./SettingsCard').then((module) => module.SettingsCard));
const transparencyCard = lazyWithPreload(() => import('./TransparencyCard').then((module) => module.TransparencyCard));
const resultCard = lazyWithPreload(() => import('./ResultCard').then((module) => module.ResultCard));

export const FileList = fileList.Component;
export const SettingsCard = settingsCard.Component;
export const TransparencyCard = transparencyCard.Component;
export const ResultCard = resultCard.Component;

/**
 * The cards a choice of files reveals. The list's is awaited before the store takes the files, so that it
 * renders in the commit that shows the files (a lazy card that suspends is held back by React for up to
 * 300 ms after its module is in); the settings and transparency cards, revealed in a later render anyway,
 * load beside it and do not hold the list back on a first visit. Settles either way; a failed load surfaces
 * when the card renders.
 */
export async function loadSelectionCards(): Promise<void> {
  for (const card of [settingsCard, cropEditor, transparencyCard]) card.preload().catch(() => {});
  await fileList.preload().catch(() => {});
}

/**
 * The cards shown first are fetched first; settles once all are in (a failure surfaces later, when the
 * card renders).
 */
export async function preloadCards(): Promise<void> {
  await Promise.allSettled(
    [fileList, settingsCard, cropEditor, transparencyCard, resultCard].map((card) => card.preload()),
  );
}
