import { lazyWithPreload } from '@/shared/lib/lazy-with-preload';

// The crop editor inside the settings card, a chunk of its own: it is fetched with the settings
// (lazy-cards.ts preloads it), not for the first paint.
export const cropEditor = lazyWithPreload(() => import('./CropEditor').then((module) => module.CropEditor));

export const CropEditor = cropEditor.Component;
