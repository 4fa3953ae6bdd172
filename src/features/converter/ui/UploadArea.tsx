import { Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { LIMITS } from '../engine/settings';
import { useConverter } from '../store/use-converter';

export function UploadArea() {
  const setFiles = useConverter((s) => s.setFiles);
  return (
    <Dropzone
      onDrop={setFiles}
      accept={{ 'image/png': ['.png'] }}
      maxFiles={LIMITS.maxFiles}
      maxSize={LIMITS.maxFileBytes}
      aria-label="Upload PNG files"
    >
      <Group justify="center" mih={160} style={{ pointerEvents: 'none' }}>
        <Stack gap={4} align="center">
          <Text size="xl" fw={600}>
            Drag PNG files here or click to select
          </Text>
          <Text size="sm" c="dimmed">
            Up to {LIMITS.maxFiles} files, 50 MB each
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
