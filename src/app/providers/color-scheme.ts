import { localStorageColorSchemeManager } from '@mantine/core';

/** Follows the system until the visitor picks a scheme with the header toggle; the choice is kept in localStorage. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'png-to-gif-color-scheme' });
