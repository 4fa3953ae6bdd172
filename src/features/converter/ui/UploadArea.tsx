import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFolderOpen, IconPhotoPlus, IconUpload, IconX } from '@tabler/icons-react';
import { useBrowserValue } from '@/shared/hooks/use-browser-value';
import { LIMITS } from '../rules/settings';
import { canChooseFolder } from './browser-features';
import { useAddFiles } from './use-add-files';
import { useConversionLock } from './use-conversion-lock';

const ACCEPT = { 'image/png': ['.png'] };

/** Choosing a folder in the file dialog is non-standard (`webkitdirectory`); older phones' browsers lack it. */
const inBrowser = () => true;
const canChooseFolderHere = () =>
  canChooseFolder(typeof HTMLInputElement === 'undefined' ? undefined : (HTMLInputElement.prototype as object));

/**
 * A folder chosen in the file dialog: its PNGs, in natural name order (the selection sorts them). The
 * folder input is made on demand rather than kept in the page (as Mantine's FileButton would): the page
 * keeps exactly one file input, the drop zone's, which is what "Choose PNG files" means.
 */
function FolderButton({ disabled }: { disabled: boolean }) {
  const addFiles = useAddFiles();
  const chooseFolder = () => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.webkitdirectory = true;
    input.addEventListener('change', () => void addFiles([...(input.files ?? [])]), { once: true });
    input.click();
  };
  return (
    <Button
      variant="subtle"
      size="xs"
      onClick={chooseFolder}
      disabled={disabled}
      leftSection={<IconFolderOpen size={16} />}
    >
      Choose a folder
    </Button>
  );
}

export function UploadArea() {
  const addFiles = useAddFiles();
  const converting = useConversionLock();
  // Prerendered with the button (most browsers have it), so that it takes its place before hydration.
  const folderChoice = useBrowserValue(canChooseFolderHere, true);
  const hydrated = useBrowserValue(inBrowser, false);

  // react-dropzone's accept, maxFiles and maxSize drive the drag accept/reject styles and the dialog filter;
  // the verdict and its wording are ours (rules/upload-rules.ts), so every file is screened again here.
  const handleFiles = (accepted: File[], rejected: { file: File }[]) => {
    const files = [...accepted, ...rejected.map((r) => r.file)];
    // A cancelled file dialog (react-dropzone notices it 300 ms after focus returns) or an empty drop changes nothing.
    void addFiles(files);
  };

  return (
    <Stack gap={4}>
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
        // No file input in the prerendered page: files set on it before hydration would be lost.
        inputProps={{ 'aria-label': 'Choose PNG files', ...(hydrated ? {} : { type: 'hidden' }) }}
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
              Up to {LIMITS.maxFiles} files, 50 MB each. Several files, or an animated PNG, become the frames of an
              animation. Folders can be dropped too, and images pasted with Ctrl+V.
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {folderChoice && (
        <Group justify="center">
          <FolderButton disabled={converting} />
        </Group>
      )}
    </Stack>
  );
}
