import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhotoPlus, IconUpload, IconX } from '@tabler/icons-react';
import { LIMITS } from '../engine/settings';
import { screenUpload } from '../engine/upload-rules';
import { useConverter } from '../store/use-converter';
import { announceUpload } from './upload-feedback';

const ACCEPT = { 'image/png': ['.png'] };

export function UploadArea() {
  const chooseFiles = useConverter((s) => s.chooseFiles);
  const converting = useConverter((s) => s.machine.status === 'converting');

  // react-dropzone's accept, maxFiles and maxSize drive the drag accept/reject styles and the dialog filter;
  // the verdict and its wording are ours (spec section 5), so every file is screened again here.
  const handleFiles = (accepted: File[], rejected: { file: File }[]) => {
    const files = [...accepted, ...rejected.map((r) => r.file)];
    // A cancelled file dialog (react-dropzone notices it 300 ms after focus returns) or an empty drop changes nothing.
    if (files.length === 0) return;
    const screening = screenUpload(files);
    announceUpload(screening);
    if (screening.accepted.length > 0) chooseFiles(screening.accepted);
  };

  return (
    <Dropzone
      onDrop={() => {}}
      onDropAny={handleFiles}
      accept={ACCEPT}
      maxFiles={LIMITS.maxFiles}
      maxSize={LIMITS.maxFileBytes}
      disabled={converting}
      role="group"
      aria-label="Upload PNG files: drop them here or press to choose"
      radius="lg"
      p="xl"
      inputProps={{ 'aria-label': 'Choose PNG files' }}
    >
      <Group justify="center" gap="xl" mih={180} style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <ThemeIcon size={64} radius="xl" variant="light" color="blue">
            <IconUpload size={36} stroke={1.5} />
          </ThemeIcon>
        </Dropzone.Accept>
        <Dropzone.Reject>
          <ThemeIcon size={64} radius="xl" variant="light" color="red">
            <IconX size={36} stroke={1.5} />
          </ThemeIcon>
        </Dropzone.Reject>
        <Dropzone.Idle>
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconPhotoPlus size={36} stroke={1.5} />
          </ThemeIcon>
        </Dropzone.Idle>
        <Stack gap={4} align="center" ta="center">
          <Dropzone.Idle>
            <Text size="xl" fw={600}>
              Drag PNG files here or click to select
            </Text>
          </Dropzone.Idle>
          <Dropzone.Accept>
            <Text size="xl" fw={600}>
              Drop the PNG files to add them
            </Text>
          </Dropzone.Accept>
          <Dropzone.Reject>
            <Text size="xl" fw={600}>
              Only PNG files, at most {LIMITS.maxFiles}
            </Text>
          </Dropzone.Reject>
          <Text size="sm" c="dimmed">
            Up to {LIMITS.maxFiles} files, 50 MB each. Several files become the frames of an animation.
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
