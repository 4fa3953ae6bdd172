import {
  Button,
  Card,
  ColorInput,
  Group,
  Image,
  Input,
  SegmentedControl,
  Slider,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useMemo } from 'react';
import { useObjectUrl } from '@/shared/hooks/use-object-url';
import { notify } from '@/shared/ui/notify';
import { alphaThresholdOf, dithersSoftEdges } from '../rules/palette/matte';
import { LIMITS, type SoftEdges } from '../rules/settings';
import { useConverter } from '../store/use-converter';
import { BackgroundPicker } from './BackgroundPicker';
import { MESSAGES } from './messages';
import { backgroundStyle, usePreviewBackground } from './preview-background';
import { useTransparentFiles } from './use-transparent-files';

type MatteChoice = 'none' | 'white' | 'black' | 'custom';

const MATTE_OPTIONS: { value: MatteChoice; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'white', label: 'White' },
  { value: 'black', label: 'Black' },
  { value: 'custom', label: 'Colour' },
];

const SOFT_EDGE_OPTIONS: { value: SoftEdges; label: string }[] = [
  { value: 'cut', label: 'Cut' },
  { value: 'dither', label: 'Dither' },
];

const MATTE_COLOURS: Record<'white' | 'black', string> = { white: '#ffffff', black: '#000000' };
const DEFAULT_CUSTOM_MATTE = '#f1f3f5';

function matteChoice(matte: string | null): MatteChoice {
  if (matte === null) return 'none';
  if (matte === MATTE_COLOURS.white) return 'white';
  if (matte === MATTE_COLOURS.black) return 'black';
  return 'custom';
}

/** Waits this long after the last change before converting again, so a slider drag encodes once. */
const RECONVERT_DELAY_MS = 500;

/**
 * Shown only when a chosen PNG has transparent pixels. GIF knows only fully transparent or opaque
 * pixels: soft edges are cut at the alpha threshold with their own colour (the default, as before),
 * dithered (a pattern of both whose density follows the alpha), or blended onto a matte, the colour of
 * the page the GIF will sit on. Once a GIF exists, a change converts again, so the preview always shows
 * the real output.
 */
export function TransparencyCard() {
  const files = useConverter((s) => s.files);
  const matte = useConverter((s) => s.settings.matte);
  const alphaThreshold = useConverter((s) => s.settings.alphaThreshold);
  const softEdges = useConverter((s) => s.settings.softEdges);
  const result = useConverter((s) => (s.machine.status === 'done' ? s.machine.result : null));
  const updateSettings = useConverter((s) => s.updateSettings);
  const convert = useConverter((s) => s.convert);
  const background = backgroundStyle(
    usePreviewBackground((s) => s.background),
    usePreviewBackground((s) => s.colour),
  );
  const chosen = useMemo(() => files.map((f) => f.file), [files]);
  const transparent = useTransparentFiles(chosen);
  const previewUrl = useObjectUrl(result?.gif);

  const reconvert = useDebouncedCallback(async () => {
    const outcome = await convert();
    if (outcome.kind === 'failed') notify('error', MESSAGES.conversionFailedToast, outcome.error);
  }, RECONVERT_DELAY_MS);

  if (!transparent?.some(Boolean)) return null;
  const change = (patch: { matte?: string | null; alphaThreshold?: number | null; softEdges?: SoftEdges }) => {
    updateSettings(patch);
    if (result) void reconvert();
  };
  const choice = matteChoice(matte);
  const dithered = dithersSoftEdges({ matte, alphaThreshold, softEdges });
  // Until the person moves the slider, the threshold follows the default for the matte; once moved, it stays.
  const threshold = alphaThresholdOf({ matte, alphaThreshold });
  const defaultThreshold = alphaThresholdOf({ matte, alphaThreshold: null });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="transparency-title">
      <Title order={2} size="h4" id="transparency-title">
        Transparency
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {transparent.filter(Boolean).length === 1 && files.length === 1
          ? 'Your PNG has transparent pixels.'
          : `${transparent.filter(Boolean).length} of your PNGs have transparent pixels.`}{' '}
        A GIF pixel is either fully transparent or opaque, so soft edges need a decision.
      </Text>
      <Stack gap="lg">
        <Input.Wrapper
          label="Blend soft edges onto"
          description="The colour of the page the GIF will sit on. None keeps each edge pixel's own colour."
        >
          <Group gap="xs" mt={6} wrap="wrap">
            <SegmentedControl
              value={choice}
              onChange={(value) => {
                const next = value as MatteChoice;
                change({
                  matte: next === 'none' ? null : next === 'custom' ? DEFAULT_CUSTOM_MATTE : MATTE_COLOURS[next],
                });
              }}
              data={MATTE_OPTIONS}
              aria-label="Blend soft edges onto"
            />
            {choice === 'custom' && (
              <ColorInput
                value={matte ?? DEFAULT_CUSTOM_MATTE}
                onChange={(value) => /^#[0-9a-f]{6}$/i.test(value) && change({ matte: value.toLowerCase() })}
                format="hex"
                eyeDropperButtonProps={{ 'aria-label': 'Pick a colour from the screen' }}
                w={140}
                aria-label="Matte colour"
              />
            )}
          </Group>
        </Input.Wrapper>
        {choice === 'none' && (
          <Input.Wrapper
            label="Soft edges"
            description="Cut makes each pixel opaque or transparent at one opacity. Dither draws a fade as a fine pattern of both, which keeps its look on any page, for a larger file."
          >
            <SegmentedControl
              mt={6}
              value={softEdges}
              onChange={(value) => change({ softEdges: value as SoftEdges })}
              data={SOFT_EDGE_OPTIONS}
              aria-label="Soft edges"
            />
          </Input.Wrapper>
        )}
        {!dithered && (
          <Input.Wrapper
            label="Fully transparent below opacity"
            description={
              choice === 'none'
                ? `Pixels less opaque than this become transparent (1–255, default ${defaultThreshold}): now ${threshold}.`
                : `Pixels less opaque than this become transparent, the others are blended onto the matte (1–255, default ${defaultThreshold} with a matte): now ${threshold}.`
            }
          >
            <Slider
              mt="xs"
              value={threshold}
              onChange={(value) => change({ alphaThreshold: value })}
              min={LIMITS.alphaThreshold.min}
              max={LIMITS.alphaThreshold.max}
              marks={[{ value: defaultThreshold }]}
              thumbLabel="Fully transparent below opacity"
              thumbValueText={`${threshold} of 255`}
            />
            {alphaThreshold !== null && (
              <Button variant="subtle" size="compact-sm" mt="xs" onClick={() => change({ alphaThreshold: null })}>
                Use the default ({defaultThreshold})
              </Button>
            )}
          </Input.Wrapper>
        )}
        <Input.Wrapper label="Preview background" description="Only for looking: it does not change the GIF.">
          <Stack gap="xs" mt={6}>
            <BackgroundPicker />
            <Group
              justify="center"
              p="sm"
              mih={96}
              style={{ ...background, borderRadius: 'var(--mantine-radius-md)' }}
              data-testid="transparency-preview"
            >
              {previewUrl && result ? (
                <Image
                  src={previewUrl}
                  // Its size before it loads: the card keeps its height when the picture arrives.
                  width={result.width}
                  height={result.height}
                  alt="The converted GIF on the preview background"
                  mah={200}
                  w="auto"
                  maw="100%"
                />
              ) : (
                <Text size="sm" fw={500} bg="var(--mantine-color-body)" px="xs" style={{ borderRadius: 4 }}>
                  Convert to see the GIF here; later changes convert again.
                </Text>
              )}
            </Group>
          </Stack>
        </Input.Wrapper>
      </Stack>
    </Card>
  );
}
