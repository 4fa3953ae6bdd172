import { createTheme, Switch, type CSSVariablesResolver } from '@mantine/core';
import classes from './theme.module.css';

// Its CSS variables ship in providers/theme-variables.css: after a change to the theme or the resolver below,
// `npx vitest run src/app/providers/theme-variables.test.tsx -u` writes them again.
export const theme = createTheme({
  primaryColor: 'blue',
  // blue-8 keeps white button labels and blue links above the 4.5:1 contrast of WCAG AA in both schemes.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  components: {
    Switch: Switch.extend({ classNames: { root: classes.switchRoot } }),
  },
});

/** Mantine's default dimmed and error colours fall under 4.5:1 contrast; these pass AA on every surface used. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-4)',
  },
});
