import { Button, Code, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import { Link, useRouteError } from 'react-router-dom';
import { PATHS } from '@/shared/lib/paths';
import { pageTitle, PageMeta } from '@/shared/ui/PageMeta';
import { PageReady } from '@/shared/ui/PageReady';
import { describeError } from './describe-error';

interface ErrorPageProps {
  /** True when the layout itself failed: the page then provides its own main landmark. */
  standalone?: boolean;
}

/** The router's fallback when a route fails to load or render. */
export function ErrorPage({ standalone = false }: ErrorPageProps) {
  const { message, stack } = describeError(useRouteError());
  const content = (
    <Container size="md" py={48}>
      <PageMeta title={pageTitle('Application Error')} />
      <Stack gap="md">
        <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden="true">
          <IconAlertTriangle size={30} stroke={1.75} />
        </ThemeIcon>
        <Title order={1}>Unexpected Application Error!</Title>
        <Text
          size="lg"
          fw={500}
          c="var(--mantine-color-error)"
          data-testid="error-message"
          style={{ overflowWrap: 'anywhere' }}
        >
          {message}
        </Text>
        {stack && (
          <Code block aria-label="Stack trace" data-testid="error-stack" style={{ whiteSpace: 'pre-wrap' }}>
            {stack}
          </Code>
        )}
        <Group gap="sm">
          <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            Reload page
          </Button>
          <Button
            component={Link}
            to={PATHS.home}
            variant="default"
            leftSection={<IconHome size={18} />}
            reloadDocument
          >
            Return to Home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
  // Without the layout (it failed), nothing else marks the page ready.
  return standalone ? (
    <main>
      {content}
      <PageReady />
    </main>
  ) : (
    content
  );
}
