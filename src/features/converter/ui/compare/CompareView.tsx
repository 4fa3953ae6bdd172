import { ActionIcon, Badge, Box, Group, Loader, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import type { DecodedGif } from '../../rules/contracts';
import { BackgroundPicker } from '../BackgroundPicker';
import { backgroundStyle, usePreviewBackground } from '../preview-background';
import { useDecodedGif } from './use-decoded-gif';
import { useSourceBitmaps } from './use-source-bitmaps';
import { sourceDrawing, type SourcePlacement } from './placements';
import {
  canPan,
  clampCentre,
  pictureOffset,
  viewportHeight,
  zoomLabel,
  ZOOMS,
  zoomScale,
  type Point,
  type Zoom,
} from './view-geometry';

export interface CompareViewProps {
  gif: Blob;
  width: number;
  height: number;
  /** The PNG behind each GIF frame, in frame order, with where it sits in the frame. */
  sources: readonly File[];
  placements: readonly SourcePlacement[];
  /** A name for the pair, for screen readers (e.g. the file name in a batch). */
  label?: string;
  /** Offer the background choice (the PNGs have transparency). */
  transparent: boolean;
}

/** Screen pixels the picture moves per arrow key press. */
const PAN_STEP = 40;
/** How close (screen pixels) to the divider a drag grabs it instead of panning. */
const DIVIDER_GRAB = 16;

function FrameCanvas({
  draw,
  width,
  height,
  style,
}: {
  draw: (context: CanvasRenderingContext2D) => void;
  width: number;
  height: number;
  style: CSSProperties;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = ref.current?.getContext('2d');
    if (!context) return;
    context.clearRect(0, 0, width, height);
    draw(context);
  }, [draw, width, height]);
  return <canvas ref={ref} width={width} height={height} style={style} aria-hidden />;
}

/**
 * The source PNG and the GIF on top of each other at the same size, split by a movable divider: PNG on
 * the left, GIF on the right. Zoom (fit, 1:1, 2×, 4×; pixelated above 1:1) and pan show banding and
 * dither; an animation gets a frame scrubber and play/pause, the PNG side following the frame.
 */
export function CompareView({ gif, width, height, sources, placements, label, transparent }: CompareViewProps) {
  const decoded = useDecodedGif(gif);
  const { bitmaps } = useSourceBitmaps(sources, placements);
  const { ref: sizeRef, width: viewWidth } = useElementSize();
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [centre, setCentre] = useState<Point>({ x: width / 2, y: height / 2 });
  const [frame, setFrame] = useState(0);
  const [playing, setPlaying] = useState(false);
  const drag = useRef<{ mode: 'split' | 'pan'; x: number; y: number; centre: Point } | null>(null);
  const background = backgroundStyle(
    usePreviewBackground((s) => s.background),
    usePreviewBackground((s) => s.colour),
  );

  const picture = { width, height };
  const view = { width: Math.max(1, viewWidth), height: viewportHeight(picture, Math.max(1, viewWidth)) };
  const scale = zoomScale(zoom, picture, view);
  const shownCentre = clampCentre(centre, picture, view, scale);
  const offset = pictureOffset(shownCentre, view, scale);
  const pannable = canPan(picture, view, scale);
  const frames: DecodedGif['frames'] = decoded.status === 'ready' ? decoded.gif.frames : [];
  const frameCount = frames.length;
  const shownFrame = Math.min(frame, Math.max(0, frameCount - 1));
  const gifFrame = frames[shownFrame];
  const sourceIndex = Math.min(shownFrame, sources.length - 1);
  const bitmap = bitmaps[sourceIndex] ?? null;
  const placement = placements[sourceIndex];

  // Plays the decoded frames with their own delays (0 is shown as browsers do, at 100 ms).
  const delayMs = (gifFrame?.delayCs || 10) * 10;
  useEffect(() => {
    if (!playing || frameCount < 2) return;
    const timer = window.setTimeout(() => setFrame((shownFrame + 1) % frameCount), delayMs);
    return () => window.clearTimeout(timer);
  }, [playing, shownFrame, frameCount, delayMs]);

  const layerStyle: CSSProperties = {
    position: 'absolute',
    left: offset.x,
    top: offset.y,
    width: width * scale,
    height: height * scale,
    imageRendering: scale > 1 ? 'pixelated' : 'auto',
    maxWidth: 'none',
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const nearDivider = Math.abs(x - (split / 100) * box.width) <= DIVIDER_GRAB;
    const mode = nearDivider || !pannable ? 'split' : 'pan';
    drag.current = { mode, x: event.clientX, y: event.clientY, centre: shownCentre };
    event.currentTarget.setPointerCapture(event.pointerId);
    if (mode === 'split') setSplit(Math.round(Math.min(100, Math.max(0, (x / box.width) * 100))));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    if (current.mode === 'split') {
      const box = event.currentTarget.getBoundingClientRect();
      setSplit(Math.round(Math.min(100, Math.max(0, ((event.clientX - box.left) / box.width) * 100))));
    } else {
      setCentre(
        clampCentre(
          {
            x: current.centre.x - (event.clientX - current.x) / scale,
            y: current.centre.y - (event.clientY - current.y) / scale,
          },
          picture,
          view,
          scale,
        ),
      );
    }
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const move = moves[event.key];
    if (!move || !pannable) return;
    event.preventDefault();
    const step = PAN_STEP / scale;
    setCentre(
      clampCentre({ x: shownCentre.x + move[0] * step, y: shownCentre.y + move[1] * step }, picture, view, scale),
    );
  };

  const drawGif = useCallback(
    (context: CanvasRenderingContext2D) => {
      if (gifFrame) context.putImageData(new ImageData(gifFrame.rgba, width, height), 0, 0);
    },
    [gifFrame, width, height],
  );
  const drawSource = useCallback(
    (context: CanvasRenderingContext2D) => {
      if (!bitmap || !placement) return;
      // Cropped and turned as the engine framed it, so the PNG side lines up with the GIF.
      const { centre, quarterTurns, mirrored } = sourceDrawing(placement);
      context.save();
      context.translate(centre.x, centre.y);
      context.rotate((quarterTurns * Math.PI) / 2);
      if (mirrored) context.scale(-1, 1);
      context.drawImage(bitmap, -bitmap.width / 2, -bitmap.height / 2);
      context.restore();
    },
    [bitmap, placement],
  );

  const name = label ? ` of ${label}` : '';
  return (
    <Stack gap="xs" w="100%" data-testid="compare-view">
      <Box
        ref={sizeRef}
        role="group"
        aria-label={`Comparison${name}: the PNG left of the divider, the GIF right of it.${pannable ? ' Arrow keys move the picture.' : ''}`}
        tabIndex={pannable ? 0 : -1}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
        data-testid="compare-viewport"
        style={{
          position: 'relative',
          overflow: 'hidden',
          height: view.height,
          borderRadius: 'var(--mantine-radius-md)',
          touchAction: 'none',
          cursor: pannable ? 'grab' : 'ew-resize',
          userSelect: 'none',
          ...background,
        }}
      >
        <FrameCanvas draw={drawSource} width={width} height={height} style={layerStyle} />
        <div
          style={{ position: 'absolute', inset: 0, clipPath: `inset(0 0 0 ${split}%)` }}
          data-testid="compare-gif-layer"
        >
          <FrameCanvas draw={drawGif} width={width} height={height} style={layerStyle} />
        </div>
        <div
          aria-hidden
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: `calc(${split}% - 1px)`,
            width: 2,
            background: 'var(--mantine-color-blue-filled)',
            boxShadow: '0 0 0 1px rgba(255, 255, 255, 0.7)',
            pointerEvents: 'none',
          }}
        />
        <Badge pos="absolute" top={8} left={8} variant="filled" color="dark" aria-hidden>
          PNG
        </Badge>
        <Badge pos="absolute" top={8} right={8} variant="filled" color="blue" aria-hidden>
          GIF
        </Badge>
        {decoded.status === 'loading' && (
          <Loader size="sm" pos="absolute" bottom={8} right={8} aria-label="Decoding the GIF" />
        )}
      </Box>
      <Slider
        value={split}
        onChange={setSplit}
        min={0}
        max={100}
        step={1}
        label={(value) => `${value}% PNG`}
        thumbLabel={`Divider between the PNG and the GIF${name}`}
        thumbValueText={`${split}% PNG, ${100 - split}% GIF`}
      />
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          size="xs"
          value={String(zoom)}
          onChange={(value) => setZoom(value === 'fit' ? 'fit' : (Number(value) as Zoom))}
          data={ZOOMS.map((option) => ({ value: String(option), label: zoomLabel(option) }))}
          aria-label="Zoom"
        />
        {transparent && <BackgroundPicker size="xs" />}
      </Group>
      {decoded.status === 'failed' && (
        <Text size="sm" c="red">
          The GIF could not be decoded for the comparison.
        </Text>
      )}
      {frameCount > 1 && (
        <Group gap="sm" wrap="nowrap">
          <ActionIcon
            variant="light"
            size="lg"
            onClick={() => setPlaying((value) => !value)}
            aria-label={playing ? 'Pause the animation' : 'Play the animation'}
          >
            {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
          </ActionIcon>
          <Slider
            style={{ flex: 1 }}
            value={shownFrame + 1}
            onChange={(value) => {
              setPlaying(false);
              setFrame(value - 1);
            }}
            min={1}
            max={frameCount}
            step={1}
            label={(value) => `Frame ${value}`}
            thumbLabel={`Frame${name}`}
            thumbValueText={`Frame ${shownFrame + 1} of ${frameCount}`}
          />
          <Text size="sm" c="dimmed" miw={96} ta="right">
            {shownFrame + 1} / {frameCount} · {(gifFrame?.delayCs ?? 0) * 10} ms
          </Text>
        </Group>
      )}
    </Stack>
  );
}
