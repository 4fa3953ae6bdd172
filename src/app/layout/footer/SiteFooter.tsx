import { Anchor, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useBrowserValue } from '@/shared/hooks/use-browser-value';
import { PRODUCT_NAME } from '@/shared/lib/product';
import { LogoMark } from '@/shared/ui/LogoMark';
import { QUICK_LINKS } from './footer-links';
import { OpenSourceNotice } from './OpenSourceNotice';
import classes from './SiteFooter.module.css';

const thisYear = () => new Date().getFullYear();

export function SiteFooter() {
  // The reader's year, filled in once the prerendered page is hydrated.
  const year = useBrowserValue(thisYear);
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="sm">
            <Group gap={10} wrap="nowrap">
              <LogoMark size={28} />
              <Text fw={700}>{PRODUCT_NAME}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              Convert PNG images to GIF quickly and easily, with professional-quality results, right in your browser.
            </Text>
          </Stack>

          <nav aria-labelledby="footer-quick-links">
            <Title order={2} size="h6" id="footer-quick-links" mb="sm">
              Quick Links
            </Title>
            <ul className={classes.linkList}>
              {QUICK_LINKS.map((link) => (
                <li key={link.to}>
                  <Anchor component={Link} to={link.to} size="sm" c="dimmed" className={classes.link}>
                    {link.label}
                  </Anchor>
                </li>
              ))}
            </ul>
          </nav>

          <section aria-labelledby="footer-about" id="open-source">
            <Title order={2} size="h6" id="footer-about" mb="sm">
              About
            </Title>
            <Stack gap="xs" align="flex-start">
              <Text size="sm" c="dimmed">
                A free tool for anyone preparing graphics for the web: no registration, no upload. Your images are
                converted on your own device and never leave it.
              </Text>
              <Text size="sm" c="dimmed">
                Powered by FFmpeg compiled to WebAssembly, free software under the GNU LGPL version 2.1 or later.
              </Text>
              <OpenSourceNotice />
            </Stack>
          </section>
        </SimpleGrid>

        <Divider my="lg" />

        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            © {year} {PRODUCT_NAME}. All rights reserved.
          </Text>
          <Text size="sm" c="dimmed">
            Free PNG to GIF conversion tool
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
