import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useBrowserValue } from '@/shared/hooks/use-browser-value';

const inBrowser = () => true;

/** Light/dark switch: the first choice overrides the system preference and is remembered by Mantine's manager. */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  // The prerendered page cannot know the reader's scheme: the icon follows it in CSS (the scheme attribute is
  // set before the first paint), the label once hydrated, so that hydration matches.
  const hydrated = useBrowserValue(inBrowser, false);
  const next = hydrated && computed === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      onClick={() => setColorScheme(next)}
      aria-label={`Switch to ${next} mode`}
      title={`Switch to ${next} mode`}
    >
      {/* Mantine's global classes, what its Box props lightHidden and darkHidden set. */}
      <IconSun size={18} stroke={1.75} aria-hidden className="mantine-light-hidden" />
      <IconMoon size={18} stroke={1.75} aria-hidden className="mantine-dark-hidden" />
    </ActionIcon>
  );
}
