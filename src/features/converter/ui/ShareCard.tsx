import { Button, Card, SimpleGrid, Text, Title } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandPinterest,
  IconBrandThreads,
  IconBrandTiktok,
  IconBrandTwitter,
  IconLink,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { copyText } from '@/shared/lib/clipboard';
import { SHARE_WINDOW_FEATURES, shareUrl, SITE_HOME_URLS, type ShareTarget } from '@/shared/lib/share-urls';
import { MESSAGES } from './messages';
import { notify } from '@/shared/ui/notify';

const SHARE_TEXT = 'Convert PNG images to static or animated GIFs for free, right in your browser.';

const TARGETS: { target: ShareTarget; label: string; color: string; icon: ReactNode }[] = [
  { target: 'facebook', label: 'Facebook', color: '#1877F2', icon: <IconBrandFacebook size={18} /> },
  { target: 'twitter', label: 'Twitter', color: '#1DA1F2', icon: <IconBrandTwitter size={18} /> },
  { target: 'threads', label: 'Threads', color: 'var(--mantine-color-text)', icon: <IconBrandThreads size={18} /> },
  { target: 'pinterest', label: 'Pinterest', color: '#E60023', icon: <IconBrandPinterest size={18} /> },
  { target: 'instagram', label: 'Instagram', color: '#C13584', icon: <IconBrandInstagram size={18} /> },
  { target: 'tiktok', label: 'TikTok', color: 'var(--mantine-color-text)', icon: <IconBrandTiktok size={18} /> },
];

async function copyPageLink(url: string): Promise<void> {
  try {
    await copyText(url);
    notify('success', MESSAGES.linkCopied);
  } catch {
    notify('error', MESSAGES.copyFailed);
  }
}

function share(target: ShareTarget): void {
  const page = { url: window.location.href, text: SHARE_TEXT };
  if (target === 'instagram' || target === 'tiktok') {
    // No link sharing page exists: copy the link for the user to paste, and open the site.
    void copyPageLink(page.url);
    window.open(SITE_HOME_URLS[target], '_blank', 'noopener,noreferrer');
    return;
  }
  window.open(shareUrl(target, page), '_blank', SHARE_WINDOW_FEATURES);
}

export function ShareCard() {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="share-title">
      <Title order={2} size="h4" id="share-title">
        Share this converter
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Know someone who needs GIFs? Send them the link.
      </Text>
      <SimpleGrid cols={{ base: 2, xs: 4, sm: 7 }} spacing="xs">
        {TARGETS.map(({ target, label, color, icon }) => (
          <Button
            key={target}
            variant="default"
            leftSection={<span style={{ display: 'flex', color }}>{icon}</span>}
            onClick={() => share(target)}
            aria-label={`Share on ${label}`}
            px="xs"
          >
            {label}
          </Button>
        ))}
        <Button
          variant="default"
          leftSection={<IconLink size={18} />}
          onClick={() => void copyPageLink(window.location.href)}
          px="xs"
        >
          Copy Link
        </Button>
      </SimpleGrid>
    </Card>
  );
}
