import { Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconBolt, IconLock, IconStack2, IconUserOff } from '@tabler/icons-react';
import { Suspense } from 'react';
import { lazyWithPreload } from '@/shared/lib/lazy-with-preload';
import { PageMeta } from '@/shared/ui/PageMeta';

/**
 * The converter's code arrives after the page has painted (its first screen is in the prerendered HTML), and
 * is hydrated in a task of its own: the heading, tag line and badges never wait for it.
 */
const converter = () => import('@/features/converter');
const converterCard = lazyWithPreload(() => converter().then((feature) => feature.Converter));
const shareCard = lazyWithPreload(() => converter().then((feature) => feature.ShareCard));
const faqSection = lazyWithPreload(() => converter().then((feature) => feature.FaqSection));
const { Component: Converter } = converterCard;
const { Component: ShareCard } = shareCard;
const { Component: FaqSection } = faqSection;

/** Loads the converter before the prerendered page is hydrated: its cards then hydrate as soon as the rest. */
export const preloadHomePage = () => Promise.all([converterCard, shareCard, faqSection].map((part) => part.preload()));

const TITLE = 'PNG to GIF Converter - Free Online Tool';
const DESCRIPTION =
  'Convert PNG images to static or animated GIFs for free, right in your browser. No registration, no upload: your files never leave your device.';

const BADGES = [
  { label: 'Free & Fast', color: 'blue', icon: IconBolt },
  { label: 'No Registration', color: 'teal', icon: IconUserOff },
  { label: 'Privacy First', color: 'violet', icon: IconLock },
  { label: 'Batch Processing', color: 'orange', icon: IconStack2 },
];

export default function HomePage() {
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <PageMeta title={TITLE} description={DESCRIPTION} />
      <Stack gap="xl">
        <Stack gap="sm" align="center" ta="center">
          <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
            PNG to GIF Converter
          </Title>
          <Text size="lg" c="dimmed" maw={640}>
            Turn PNG images into a static GIF or a looping animation in seconds. Everything happens in your browser:
            your files never leave your device.
          </Text>
          <Group gap="xs" justify="center" mt="xs">
            {BADGES.map(({ label, color, icon: Icon }) => (
              <Badge
                key={label}
                size="lg"
                variant="default"
                leftSection={<Icon size={14} color={`var(--mantine-color-${color}-filled)`} />}
              >
                {label}
              </Badge>
            ))}
          </Group>
        </Stack>
        <Suspense>
          <Converter />
        </Suspense>
        <Suspense>
          <ShareCard />
        </Suspense>
        <Suspense>
          <FaqSection />
        </Suspense>
      </Stack>
    </Container>
  );
}
