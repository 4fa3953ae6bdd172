import { ActionIcon, Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useObjectUrl } from '@/shared/hooks/use-object-url';
import { formatBytes } from '@/shared/lib/format-bytes';
import type { SelectedFile } from '../store/converter-store';
import { useConverter } from '../store/use-converter';

function Thumbnail({ file }: { file: File }) {
  // The object URL is revoked when the row leaves the list.
  const url = useObjectUrl(file);
  return (
    <Image
      src={url}
      alt=""
      w={48}
      h={48}
      radius="sm"
      fit="contain"
      bg="var(--mantine-color-default-hover)"
      fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw="
    />
  );
}

interface RowProps {
  item: SelectedFile;
  index: number;
  locked: boolean;
  onRemove(id: string): void;
}

function FileRow({ item, index, locked, onRemove }: RowProps) {
  const { file } = item;
  return (
    <Draggable draggableId={item.id} index={index} isDragDisabled={locked}>
      {(provided, snapshot) => (
        <Group
          ref={provided.innerRef}
          {...provided.draggableProps}
          wrap="nowrap"
          gap="sm"
          p="xs"
          bg={snapshot.isDragging ? 'var(--mantine-color-body)' : undefined}
          bd="1px solid var(--mantine-color-default-border)"
          style={{ ...provided.draggableProps.style, borderRadius: 'var(--mantine-radius-md)' }}
          data-testid="file-row"
        >
          <div
            {...provided.dragHandleProps}
            aria-label={`Reorder ${file.name}, frame ${index + 1}`}
            style={{ display: 'flex', color: 'var(--mantine-color-dimmed)' }}
          >
            <IconGripVertical size={18} />
          </div>
          <Badge variant="light" circle size="lg" aria-hidden>
            {index + 1}
          </Badge>
          <Thumbnail file={file} />
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={500} truncate="end" title={file.name}>
              {file.name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatBytes(file.size)} · {file.type || 'image/png'}
            </Text>
          </Stack>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => onRemove(item.id)}
            disabled={locked}
            aria-label={`Remove ${file.name}`}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      )}
    </Draggable>
  );
}

/** The chosen files; their order is the frame order, changed by dragging a row. */
export function FileList() {
  const files = useConverter((s) => s.files);
  const locked = useConverter((s) => s.machine.status === 'converting');
  const removeFile = useConverter((s) => s.removeFile);
  const moveFile = useConverter((s) => s.moveFile);
  const clearFiles = useConverter((s) => s.clearFiles);

  if (files.length === 0) return null;
  const totalBytes = files.reduce((sum, f) => sum + f.file.size, 0);
  const onDragEnd = (result: DropResult) => {
    if (result.destination) moveFile(result.source.index, result.destination.index);
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="selected-files-title">
      <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
        <div>
          <Title order={2} size="h4" id="selected-files-title">
            Selected files ({files.length})
          </Title>
          <Text size="xs" c="dimmed">
            {formatBytes(totalBytes)} in total{files.length > 1 ? ' · drag to change the frame order' : ''}
          </Text>
        </div>
        <Button variant="subtle" color="red" size="xs" onClick={clearFiles} disabled={locked} style={{ flexShrink: 0 }}>
          Clear All
        </Button>
      </Group>
      <DragDropContext onDragEnd={onDragEnd}>
        <Droppable droppableId="selected-files">
          {(provided) => (
            <Stack gap="xs" ref={provided.innerRef} {...provided.droppableProps}>
              {files.map((item, index) => (
                <FileRow key={item.id} item={item} index={index} locked={locked} onRemove={removeFile} />
              ))}
              {provided.placeholder}
            </Stack>
          )}
        </Droppable>
      </DragDropContext>
    </Card>
  );
}
