import { Container, Stack, Text, Title } from '@mantine/core';
import { ConvertCard } from '@/features/converter/ui/ConvertCard';
import { ResultCard } from '@/features/converter/ui/ResultCard';
import { UploadArea } from '@/features/converter/ui/UploadArea';

export default function HomePage() {
  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>PNG to GIF Converter</Title>
        <Text c="dimmed">Convert PNG images to GIF right in your browser.</Text>
        <UploadArea />
        <ConvertCard />
        <ResultCard />
      </Stack>
    </Container>
  );
}
