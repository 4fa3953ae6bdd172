import { Button, Card, Image, Stack, Text } from '@mantine/core';
import { useObjectUrl } from '@/shared/hooks/use-object-url';
import { useConverter } from '../store/use-converter';

export function ResultCard() {
  const machine = useConverter((s) => s.machine);
  const result = machine.status === 'done' ? machine.result : null;
  const url = useObjectUrl(result?.gif);

  if (!result || !url) return null;
  return (
    <Card withBorder>
      <Stack align="center">
        <Text fw={600}>Your GIF is ready for download!</Text>
        <Image src={url} alt="Converted GIF preview" maw={480} />
        <Text size="sm">
          {result.width} × {result.height}
        </Text>
        <Button component="a" href={url} download={result.fileName}>
          Download
        </Button>
      </Stack>
    </Card>
  );
}
