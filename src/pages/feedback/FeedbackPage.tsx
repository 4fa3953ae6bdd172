import { Container, Text, Title } from '@mantine/core';
import { FeedbackPanel } from '@/features/feedback';
import { pageTitle, PageMeta } from '@/shared/ui/PageMeta';

export function Page() {
  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }}>
      <PageMeta
        title={pageTitle('Feedback')}
        description="Tell us what you think of PNG to GIF Converter: feature requests, bug reports and ideas are welcome."
      />
      <Title order={1}>We Value Your Feedback</Title>
      <Text c="dimmed" mt={6} mb="xl" maw={640}>
        Help us make PNG to GIF Converter better. Tell us what works, what does not, and what you would like to see
        next.
      </Text>
      <FeedbackPanel />
    </Container>
  );
}
