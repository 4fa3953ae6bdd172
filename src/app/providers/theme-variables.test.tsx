import { MantineProvider } from '@mantine/core';
import { format, resolveConfig } from 'prettier';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { cssVariablesResolver, theme } from '../theme';

// The app's theme variables ship in the stylesheet (theme-variables.css), not in a <style> that MantineProvider
// would write into every prerendered page and compute again while each page hydrates. This keeps the file what
// MantineProvider would write. After a theme change: npx vitest run src/app/providers/theme-variables.test.tsx -u
test('theme-variables.css holds exactly the CSS variables MantineProvider writes for the theme', async () => {
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <p />
    </MantineProvider>,
  );
  const css = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(html)?.[1];

  expect(css).toContain('--mantine-color-dimmed');
  const file = `/* Written by theme-variables.test.tsx: the theme's variables, besides Mantine's defaults. */\n${css}`;
  const options = await resolveConfig('src/app/providers/theme-variables.css');
  await expect(await format(file, { ...options, parser: 'css' })).toMatchFileSnapshot('./theme-variables.css');
});
