import { Button, Card, Group, Text } from '@mantine/core';
import { useConverter } from '../store/use-converter';

export function ConvertCard() {
  const files = useConverter((s) => s.files);
  const machine = useConverter((s) => s.machine);
  const convert = useConverter((s) => s.convert);
  const reset = useConverter((s) => s.reset);
  const converting = machine.status === 'converting';
  return (
    <Card withBorder>
      <Group justify="space-between">
        <Text>{files.length} file(s) selected</Text>
        <Group>
          <Button onClick={() => void convert()} disabled={converting || files.length === 0}>
            {converting ? 'Converting...' : 'Convert to GIF'}
          </Button>
          <Button variant="default" onClick={reset}>
            Reset
          </Button>
        </Group>
      </Group>
      {machine.status === 'failed' && (
        <Text c="red" role="alert">
          Conversion Failed: {machine.error}
        </Text>
      )}
    </Card>
  );
}
