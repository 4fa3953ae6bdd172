import { ActionIcon, Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconGripVertical,
  IconLayersSubtract,
  IconSortAscendingLetters,
  IconTrash,
} from '@tabler/icons-react';
import { formatBytes } from '@/shared/lib/format-bytes';
import { useDeferredValue, useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { playSummary } from '../rules/plan/frame-delays';
import { formatDuration, formatFrameRate } from '../rules/plan/timing-extras';
import type { SelectedFile } from '../store/converter-store';
import type { Size } from '../rules/dimensions';
import { useConverter, useConverterStore } from '../store/use-converter';
import { drawThumbnail, holdThumbnails, thumbnailOf } from './file-thumbnails';
import { FrameDelayInput } from './FrameDelayInput';
import { followConverting } from './use-conversion-lock';

/** The thumbnail's side in CSS pixels. */
const THUMBNAIL_SIDE = 48;

/** A file's thumbnail, or with `frame` that frame's of an expanded animation. */
function Thumbnail({ file, frame }: { file: File; frame: number | null }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const animationFrame = useConverter((s) => s.animationFrame);
  // In device pixels, so it is sharp on a dense screen.
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const side = Math.round(THUMBNAIL_SIDE * Math.min(3, Math.max(1, ratio)));
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let current = true;
    const ofFrame =
      frame === null
        ? undefined
        : { index: frame, pixels: (size: Size, source: Size) => animationFrame(file, frame, source, size) };
    const draw = () =>
      void thumbnailOf(file, side, ofFrame).then((thumbnail) => {
        if (current && thumbnail) drawThumbnail(element, thumbnail, side);
      });
    // Only rows on or near the screen decode: a long list of frames waits for its scroll.
    const watch =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              if (!entries.some((entry) => entry.isIntersecting)) return;
              watch?.disconnect();
              draw();
            },
            { rootMargin: '200px' },
          );
    if (watch) watch.observe(element);
    else draw();
    return () => {
      current = false;
      watch?.disconnect();
    };
  }, [file, frame, side, animationFrame]);
  return (
    <Box
      component="canvas"
      ref={canvas}
      width={side}
      height={side}
      w={THUMBNAIL_SIDE}
      h={THUMBNAIL_SIDE}
      bg="var(--mantine-color-default-hover)"
      data-testid="file-thumbnail"
      aria-hidden="true"
      style={{ flex: 'none', display: 'block', borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );
}

interface RowProps {
  item: SelectedFile;
  index: number;
  count: number;
  /** Animated: each row is a frame with its own delay. */
  animated: boolean;
  /** Whether the delay inputs are in yet (they follow the list's first render). */
  inputsShown: boolean;
}

/** What a row adds to its size and type: an animated PNG's frame count, or which of its frames it is. */
function animationNote(item: SelectedFile): string {
  if (!item.animation) return '';
  const total = item.animation.frameCount;
  return item.frame === null ? ` · ${total} frames` : ` · frame ${item.frame + 1} of ${total}`;
}

function FileRow({ item, index, count, animated, inputsShown }: RowProps) {
  const { file, animation } = item;
  const expandAnimation = useConverter((s) => s.expandAnimation);
  const frame = index + 1;
  const removeFile = useConverter((s) => s.removeFile);
  const moveFileUp = useConverter((s) => s.moveFileUp);
  const moveFileDown = useConverter((s) => s.moveFileDown);
  const setFrameDelay = useConverter((s) => s.setFrameDelay);
  const globalDelayMs = useConverter((s) => s.settings.frameDelay);
  return (
    <Draggable draggableId={item.id} index={index}>
      {(provided, snapshot) => (
        <Group
          ref={provided.innerRef}
          {...provided.draggableProps}
          // On narrow screens the delay and the buttons move to a second line instead of squeezing the name.
          wrap="wrap"
          gap="sm"
          p="xs"
          bg={snapshot.isDragging ? 'var(--mantine-color-body)' : undefined}
          bd="1px solid var(--mantine-color-default-border)"
          style={{ ...provided.draggableProps.style, borderRadius: 'var(--mantine-radius-md)' }}
          data-testid="file-row"
        >
          <div
            {...provided.dragHandleProps}
            aria-label={`Reorder ${file.name}, frame ${frame}`}
            style={{ display: 'flex', color: 'var(--mantine-color-dimmed)' }}
          >
            <IconGripVertical size={18} />
          </div>
          <Badge variant="light" circle size="lg" aria-hidden>
            {frame}
          </Badge>
          <Thumbnail file={file} frame={item.frame} />
          <Stack gap={0} style={{ minWidth: 120, flex: 1 }}>
            <Text size="sm" fw={500} truncate="end" title={file.name}>
              {file.name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatBytes(file.size)} · {file.type || 'image/png'}
              {animationNote(item)}
            </Text>
          </Stack>
          {animated && animation && item.frame === null && (
            <Button
              variant="light"
              size="xs"
              onClick={() => expandAnimation(item.id)}
              leftSection={<IconLayersSubtract size={16} />}
              aria-label={`Expand the ${animation.frameCount} frames of ${file.name}`}
            >
              Expand frames
            </Button>
          )}
          {animated && (!animation || item.frame !== null) && !inputsShown && <Box w={150} aria-hidden />}
          {animated && (!animation || item.frame !== null) && inputsShown && (
            <FrameDelayInput
              frameNumber={frame}
              delayMs={item.delayMs}
              globalDelayMs={
                animation && item.frame !== null ? Math.round(animation.delaysMs[item.frame] ?? 0) : globalDelayMs
              }
              defaultFrom={animation ? 'animation' : 'global'}
              onChange={(delayMs) => setFrameDelay(item.id, delayMs)}
            />
          )}
          {count > 1 && (
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                onClick={() => moveFileUp(index)}
                disabled={index === 0}
                aria-label={`Move frame ${frame} up`}
              >
                <IconArrowUp size={18} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                onClick={() => moveFileDown(index)}
                disabled={index === count - 1}
                aria-label={`Move frame ${frame} down`}
              >
                <IconArrowDown size={18} />
              </ActionIcon>
            </Group>
          )}
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => removeFile(item.id)}
            aria-label={`Remove ${file.name}`}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      )}
    </Draggable>
  );
}

/** One play of the animation: frames (timing extras included), duration and the frame rate it gives. */
function PlayLength() {
  const summary = useConverter(
    useShallow((s) =>
      playSummary(
        s.files.map((f) => f.delayMs),
        s.settings,
      ),
    ),
  );
  return (
    <Text size="xs" c="dimmed" data-testid="play-length">
      {summary.frames} frames · {formatDuration(summary.durationMs)} per play
      {summary.framesPerSecond !== null && ` · ${formatFrameRate(summary.framesPerSecond)}`}
    </Text>
  );
}

function orderHint(count: number, animated: boolean): string {
  if (count < 2) return '';
  return animated ? ' · drag or use the arrows to change the frame order' : ' · one GIF per file, in this order';
}

/**
 * The chosen files; their order is the frame order, changed by dragging a row or with its arrow buttons.
 * In animated mode each row is a frame that can override the global delay.
 */
export function FileList() {
  const files = useConverter((s) => s.files);
  const animated = useConverter((s) => s.settings.mode === 'animated');
  const moveFile = useConverter((s) => s.moveFile);
  const reverseFiles = useConverter((s) => s.reverseFiles);
  const sortFilesByName = useConverter((s) => s.sortFilesByName);
  const clearFiles = useConverter((s) => s.clearFiles);
  // The rows' delay inputs (number inputs, the heaviest part of a row) come in a render of their own right
  // after the one that shows the list, which then paints the chosen files sooner, on a first visit too.
  const inputsShown = useDeferredValue(true, false);
  const store = useConverterStore();
  useEffect(() => {
    let release: (() => void) | null = null;
    const stop = followConverting(store, (converting) => {
      release?.();
      release = converting ? holdThumbnails() : null;
    });
    return () => {
      stop();
      release?.();
    };
  }, [store]);

  if (files.length === 0) return null;
  const totalBytes = files.reduce((sum, f) => sum + f.file.size, 0);
  const onDragEnd = (result: DropResult) => {
    if (result.destination) moveFile(result.source.index, result.destination.index);
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="selected-files-title">
      {/* The buttons wrap under the title on narrow screens rather than squeezing it. */}
      <Group justify="space-between" mb="sm" gap="xs" align="flex-start">
        <div>
          <Title order={2} size="h4" id="selected-files-title">
            Selected files ({files.length})
          </Title>
          <Text size="xs" c="dimmed">
            {formatBytes(totalBytes)} in total{orderHint(files.length, animated)}
          </Text>
          {animated && <PlayLength />}
        </div>
        <Group gap="xs" style={{ flexShrink: 0 }}>
          {files.length > 1 && (
            <>
              <Button variant="subtle" size="xs" onClick={reverseFiles} leftSection={<IconArrowsSort size={16} />}>
                Reverse
              </Button>
              <Button
                variant="subtle"
                size="xs"
                onClick={sortFilesByName}
                leftSection={<IconSortAscendingLetters size={16} />}
              >
                Sort by name
              </Button>
            </>
          )}
          <Button variant="subtle" color="red" size="xs" onClick={clearFiles}>
            Clear All
          </Button>
        </Group>
      </Group>
      <DragDropContext onDragEnd={onDragEnd}>
        <Droppable droppableId="selected-files">
          {(provided) => (
            <Stack gap="xs" ref={provided.innerRef} {...provided.droppableProps}>
              {files.map((item, index) => (
                <FileRow
                  key={item.id}
                  item={item}
                  index={index}
                  count={files.length}
                  animated={animated}
                  inputsShown={inputsShown}
                />
              ))}
              {provided.placeholder}
            </Stack>
          )}
        </Droppable>
      </DragDropContext>
    </Card>
  );
}
