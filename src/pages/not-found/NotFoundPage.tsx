import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PATHS } from '@/shared/lib/paths';
import { pageTitle, PageMeta } from '@/shared/ui/PageMeta';

export function Page() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <Container size="sm" py={80}>
      <PageMeta title={pageTitle('Page Not Found')} />
      <Stack align="center" gap="md" ta="center">
        <Text fz={120} fw={900} lh={1} c="blue.6" style={{ letterSpacing: '-0.04em' }}>
          404
        </Text>
        <Title order={1}>Oops! Page not found</Title>
        <Text c="dimmed" maw={420}>
          The page you are looking for does not exist or has been moved. The converter is still one click away.
        </Text>
        <Button component={Link} to={PATHS.home} size="md" leftSection={<IconHome size={18} />}>
          Return to Home
        </Button>
      </Stack>
    </Container>
  );
}
