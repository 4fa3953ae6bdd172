import './mantine-styles';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../theme';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from './color-scheme';
import { ThemedToastContainer } from './ThemedToastContainer';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      // Its variables are in the stylesheet (theme-variables.css), not computed and written into every page.
      withCssVariables={false}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      colorSchemeManager={colorSchemeManager}
    >
      {children}
      <ThemedToastContainer />
    </MantineProvider>
  );
}
