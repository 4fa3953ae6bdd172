// The converter feature's public surface: what app/ and pages/ may import (the lint holds them to it).
export { Converter } from './ui/Converter';
export { FaqSection } from './ui/FaqSection';
export { ShareCard } from './ui/ShareCard';
/** The store, for app-wide wiring (the offline feature is told when a conversion runs). */
export { converterStore } from './store/use-converter';
export type { CoreSource } from './runtime/core-source';

/** What the engine's core is built from, for the licences dialog: loaded with the dialog, not with the page. */
export const loadCoreSource = () => import('./runtime/core-source').then((module) => module.CORE_SOURCE);
