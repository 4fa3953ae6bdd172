import { Button, Group, Input, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconFlipHorizontal,
  IconFlipVertical,
  IconRotate,
  IconRotate2,
  IconRotateClockwise2,
} from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  ASPECT_CHOICES,
  aspectAfterQuarterTurn,
  aspectRatioOf,
  cropAfterKey,
  cropAsShown,
  cropFieldRange,
  cropFromShown,
  cropWithField,
  moveCrop,
  reshapeToAspect,
  resizeCrop,
  wholePicture,
  type AspectChoice,
  type CropField,
  type Handle,
  type PictureSize,
} from '../../rules/crop-box';
import { outputSize } from '../../rules/dimensions';
import {
  clampCrop,
  flipHorizontal,
  flipVertical,
  orientedSize,
  rotateHalf,
  rotateLeft,
  rotateRight,
  type CropRect,
  type Orientation,
} from '../../rules/framing';
import { useConverter } from '../../store/use-converter';
import classes from './CropEditor.module.css';
import { useCropPreview } from './use-crop-preview';

/** The shown picture is at most this tall on the page, so the fields stay in view. */
const PREVIEW_MAX_HEIGHT = 360;

const HANDLES: readonly { handle: Handle; left: string; top: string }[] = [
  { handle: 'nw', left: '0%', top: '0%' },
  { handle: 'n', left: '50%', top: '0%' },
  { handle: 'ne', left: '100%', top: '0%' },
  { handle: 'e', left: '100%', top: '50%' },
  { handle: 'se', left: '100%', top: '100%' },
  { handle: 's', left: '50%', top: '100%' },
  { handle: 'sw', left: '0%', top: '100%' },
  { handle: 'w', left: '0%', top: '50%' },
];

const FIELDS: readonly { field: CropField; label: string; name: string }[] = [
  { field: 'x', label: 'X', name: 'Crop X' },
  { field: 'y', label: 'Y', name: 'Crop Y' },
  { field: 'width', label: 'Width', name: 'Crop width' },
  { field: 'height', label: 'Height', name: 'Crop height' },
];

const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;

/** Draws the reduced bitmap mirrored and turned the way the GIF will be. */
function drawOriented(canvas: HTMLCanvasElement, bitmap: ImageBitmap, o: Orientation) {
  const { width, height } = orientedSize(bitmap.width, bitmap.height, o);
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return;
  // Canvas transforms apply last-first: the mirror (set last) acts on the picture before the turn.
  const turn = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ][o.quarterTurns]!;
  context.setTransform(1, 0, 0, 1, turn[0]!, turn[1]!);
  context.rotate((o.quarterTurns * Math.PI) / 2);
  if (o.mirrored) {
    context.translate(bitmap.width, 0);
    context.scale(-1, 1);
  }
  context.drawImage(bitmap, 0, 0);
}

interface Drag {
  pointerId: number;
  handle: Handle | 'move';
  startX: number;
  startY: number;
  start: CropRect;
  /** Screen pixels per picture pixel when the drag began. */
  scale: number;
}

/**
 * The crop, rotation and flip of the (first) picture, on the settings card: a box over the picture as it
 * will be turned, moved and sized by pointer, touch or keys, exact fields in the picture's own pixels, and
 * aspect choices. All geometry is in rules/crop-box.ts; this only draws and dispatches.
 */
export function CropEditor({ batch }: { batch: boolean }) {
  const file = useConverter((s) => s.files[0]?.file);
  const crop = useConverter((s) => s.settings.crop);
  const orientation = useConverter((s) => s.settings.orientation);
  const updateSettings = useConverter((s) => s.updateSettings);
  const { size: source, bitmap } = useCropPreview(file);
  // The GIF's size as the plan works it out (framed, then scaled), as text: other settings re-render nothing.
  const output = useConverter((s) => {
    if (!source) return '';
    const size = outputSize(s.settings, source);
    return `${size.width} × ${size.height}`;
  });
  // The aspect choice belongs to the picture it was made on: another first picture starts free.
  const [chosenAspect, setChosenAspect] = useState<{ file: File | undefined; aspect: AspectChoice }>({
    file,
    aspect: 'free',
  });
  const aspect = chosenAspect.file === file ? chosenAspect.aspect : 'free';
  const setAspect = (next: AspectChoice) => setChosenAspect({ file, aspect: next });
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const descriptionId = useId();

  useEffect(() => {
    if (canvas.current && bitmap) drawOriented(canvas.current, bitmap, orientation);
  }, [bitmap, orientation]);

  if (!source) return null;
  const shownSize: PictureSize = orientedSize(source.width, source.height, orientation);
  // The box as the engine will cut it: a crop partly outside the picture is cut to it.
  const sourceBox = clampCrop(crop, source) ?? wholePicture(source);
  const shownBox = cropAsShown(sourceBox, source, orientation);
  const ratio = aspectRatioOf(aspect, shownSize);
  const boxStyle = {
    left: percent(shownBox.x, shownSize.width),
    top: percent(shownBox.y, shownSize.height),
    width: percent(shownBox.width, shownSize.width),
    height: percent(shownBox.height, shownSize.height),
  };

  const commitShown = (box: CropRect) => updateSettings({ crop: cropFromShown(box, source, orientation) });
  const turn = (next: Orientation, quarter: boolean) => {
    if (quarter) setAspect(aspectAfterQuarterTurn(aspect));
    updateSettings({ orientation: next });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!frame.current) return;
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-handle]');
    if (!target) return;
    event.preventDefault();
    target.focus();
    frame.current.setPointerCapture(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      handle: target.dataset.handle as Handle | 'move',
      startX: event.clientX,
      startY: event.clientY,
      start: shownBox,
      scale: frame.current.getBoundingClientRect().width / shownSize.width,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId || !(current.scale > 0)) return;
    const dx = (event.clientX - current.startX) / current.scale;
    const dy = (event.clientY - current.startY) / current.scale;
    if (!Number.isFinite(dx) || !Number.isFinite(dy)) return;
    commitShown(
      current.handle === 'move'
        ? moveCrop(current.start, Math.round(dx), Math.round(dy), shownSize)
        : resizeCrop(current.start, current.handle, dx, dy, shownSize, ratio),
    );
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const coarse = event.ctrlKey || event.altKey || event.metaKey;
    const next = cropAfterKey(shownBox, event.key, { resize: event.shiftKey, coarse }, shownSize, ratio);
    if (!next) return;
    event.preventDefault();
    commitShown(next);
  };

  return (
    <Stack gap="md">
      <Input.Wrapper
        label="Crop"
        description="Drag the box or its handles. Arrow keys move it and Shift+arrows resize it, by 1 px, or 10 px with Ctrl or Alt held."
        descriptionProps={{ id: descriptionId }}
        labelElement="div"
      >
        <div
          ref={frame}
          className={classes.frame}
          style={{
            aspectRatio: `${shownSize.width} / ${shownSize.height}`,
            width: `min(100%, ${(PREVIEW_MAX_HEIGHT * shownSize.width) / shownSize.height}px)`,
            marginTop: 'var(--mantine-spacing-xs)',
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        >
          <canvas ref={canvas} className={classes.canvas} aria-hidden />
          <div className={classes.clip} aria-hidden>
            <div className={classes.shade} style={boxStyle} />
          </div>
          <div
            role="group"
            aria-label="Crop box"
            aria-describedby={descriptionId}
            tabIndex={0}
            className={classes.box}
            data-handle="move"
            data-testid="crop-box"
            onKeyDown={onKeyDown}
            style={boxStyle}
          >
            {HANDLES.map(({ handle, left, top }) => (
              <div key={handle} className={classes.handle} data-handle={handle} style={{ left, top }} aria-hidden />
            ))}
          </div>
        </div>
      </Input.Wrapper>

      <Group gap="xs" role="group" aria-label="Rotate and flip">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRotate2 size={16} />}
          onClick={() => turn(rotateLeft(orientation), true)}
        >
          Rotate left
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRotateClockwise2 size={16} />}
          onClick={() => turn(rotateRight(orientation), true)}
        >
          Rotate right
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRotate size={16} />}
          onClick={() => turn(rotateHalf(orientation), false)}
        >
          Rotate 180°
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFlipHorizontal size={16} />}
          onClick={() => turn(flipHorizontal(orientation), false)}
        >
          Flip horizontally
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFlipVertical size={16} />}
          onClick={() => turn(flipVertical(orientation), false)}
        >
          Flip vertically
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <Select
          label="Aspect ratio"
          description="Reshapes the box, and keeps its shape while you resize it"
          data={ASPECT_CHOICES}
          value={aspect}
          onChange={(chosen) => {
            if (!chosen) return;
            const next = chosen as AspectChoice;
            setAspect(next);
            const nextRatio = aspectRatioOf(next, shownSize);
            if (nextRatio !== null) commitShown(reshapeToAspect(shownBox, nextRatio, shownSize));
          }}
          allowDeselect={false}
        />
        <Button
          variant="default"
          leftSection={<IconArrowBackUp size={16} />}
          onClick={() => {
            setAspect('free');
            updateSettings({ crop: null });
          }}
          disabled={crop === null}
          style={{ alignSelf: 'end' }}
        >
          Reset crop
        </Button>
      </SimpleGrid>

      <Input.Wrapper
        label="Crop in the picture's own pixels"
        labelElement="div"
        description={`Before rotating; the picture is ${source.width} × ${source.height} px${batch ? ' (the first file: every file is cropped the same)' : ''}`}
      >
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" mt="xs">
          {FIELDS.map(({ field, label, name }) => {
            const range = cropFieldRange(sourceBox, field, source);
            return (
              <NumberInput
                key={field}
                label={label}
                aria-label={name}
                value={sourceBox[field]}
                onChange={(typed) => {
                  if (typeof typed !== 'number') return;
                  // Exact values are the user's own: a chosen shape no longer holds.
                  setAspect('free');
                  updateSettings({ crop: cropWithField(sourceBox, field, typed, source) });
                }}
                min={range.min}
                max={range.max}
                clampBehavior="blur"
                allowDecimal={false}
                allowNegative={false}
                suffix=" px"
              />
            );
          })}
        </SimpleGrid>
      </Input.Wrapper>

      <Text size="sm" data-testid="crop-output-size">
        Output size: {output} px
      </Text>
    </Stack>
  );
}
