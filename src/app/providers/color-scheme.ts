import { localStorageColorSchemeManager } from '@mantine/core';

/** Follows the system until the visitor picks a scheme with the header toggle; the choice is kept in localStorage. */
export const COLOR_SCHEME_KEY = 'png-to-gif-color-scheme';
export const DEFAULT_COLOR_SCHEME = 'auto';
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
