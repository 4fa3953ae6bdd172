import {
  Card,
  Divider,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Switch,
  Title,
} from '@mantine/core';
import { Activity, memo } from 'react';
import { frameCountOf } from '../rules/plan/frame-sources';
import type { DitherChoice } from '../rules/settings';
import { LIMITS } from '../rules/settings';
import {
  activePresetId,
  dimensionError,
  isBatch,
  isModeAvailable,
  parseDimension,
  type Dimension,
} from '../rules/settings-rules';
import { findPreset, presetLabel, SIZE_PRESETS } from '../rules/size-presets';
import { useConverter } from '../store/use-converter';
import { CropEditor } from './crop/lazy-crop-editor';
import { TargetSizeInput } from './TargetSizeInput';
import { TimingExtras } from './TimingExtras';

const DITHER_OPTIONS: { value: DitherChoice; label: string }[] = [
  { value: 'auto', label: 'Automatic' },
  { value: 'none', label: 'None' },
  { value: 'ordered', label: 'Ordered' },
  { value: 'diffusion', label: 'Diffusion' },
];

const PRESET_OPTIONS = SIZE_PRESETS.map((preset) => ({ value: preset.id, label: presetLabel(preset) }));

const DimensionInput = memo(function DimensionInput({
  dimension,
  disabled,
}: {
  dimension: Dimension;
  disabled: boolean;
}) {
  const value = useConverter((s) => s.settings[dimension]);
  const setDimension = useConverter((s) => s.setDimension);
  const { min, max } = LIMITS[dimension];
  return (
    <NumberInput
      label={dimension === 'width' ? 'Width' : 'Height'}
      description={`${min}–${max} px`}
      // 0 stands for "not a number": show an empty, invalid field rather than a 0.
      value={value === 0 ? '' : value}
      onChange={(typed) => setDimension(dimension, parseDimension(typed))}
      min={min}
      max={max}
      step={10}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      suffix=" px"
      disabled={disabled}
      error={disabled ? undefined : dimensionError(dimension, value)}
    />
  );
});

function modeDescription(fileCount: number, frameCount: number, animatedAvailable: boolean): string {
  if (!animatedAvailable) return 'Animated needs at least 2 files';
  const animation = `one animation of ${frameCount} frames`;
  return fileCount >= 2
    ? `${fileCount} separate GIFs with the same settings, or ${animation}`
    : `A still GIF, or ${animation}`;
}

/** Still or animation (or one GIF per file): what the chosen files can make. */
const ModeField = memo(function ModeField() {
  const fileCount = useConverter((s) => s.files.length);
  // An animated PNG counts all of its frames: one APNG can make an animation on its own.
  const frameCount = useConverter((s) => frameCountOf(s.files));
  const mode = useConverter((s) => s.settings.mode);
  const setMode = useConverter((s) => s.setMode);
  const animatedAvailable = isModeAvailable('animated', frameCount);
  return (
    <Input.Wrapper
      id="mode"
      label="Mode"
      description={modeDescription(fileCount, frameCount, animatedAvailable)}
      labelProps={{ id: 'mode-label' }}
    >
      <SegmentedControl
        aria-labelledby="mode-label"
        fullWidth
        mt={6}
        value={mode}
        onChange={(chosen) => setMode(chosen === 'animated' ? 'animated' : 'static')}
        data={[
          { value: 'static', label: fileCount >= 2 ? 'Static (one GIF per file)' : 'Static GIF' },
          { value: 'animated', label: 'Animated GIF', disabled: !animatedAvailable },
        ]}
      />
    </Input.Wrapper>
  );
});

const QualitySlider = memo(function QualitySlider() {
  const quality = useConverter((s) => s.settings.quality);
  const updateSettings = useConverter((s) => s.updateSettings);
  return (
    <Input.Wrapper label={`Quality: ${quality}%`} description="Higher keeps more colours">
      <Slider
        mt="xs"
        mx="sm"
        thumbLabel="Quality"
        value={quality}
        onChange={(value) => updateSettings({ quality: value })}
        {...LIMITS.quality}
        label={(v) => `${v}%`}
        marks={[
          { value: 10, label: '10%' },
          { value: 50, label: '50%' },
          { value: 100, label: '100%' },
        ]}
        mb="md"
      />
    </Input.Wrapper>
  );
});

const FrameDelaySlider = memo(function FrameDelaySlider({ animated }: { animated: boolean }) {
  const frameDelay = useConverter((s) => s.settings.frameDelay);
  const updateSettings = useConverter((s) => s.updateSettings);
  return (
    <Input.Wrapper
      label={`Frame delay: ${frameDelay} ms`}
      description={
        animated ? 'How long each frame is shown; a frame can override it in the list' : 'Used by animated GIFs only'
      }
    >
      <Slider
        mt="xs"
        mx="sm"
        thumbLabel="Frame delay"
        value={frameDelay}
        onChange={(value) => updateSettings({ frameDelay: value })}
        {...LIMITS.frameDelay}
        label={(v) => `${v} ms`}
        disabled={!animated}
        marks={[
          { value: 50, label: '50 ms' },
          { value: 1000, label: '1 s' },
          { value: 2000, label: '2 s' },
        ]}
        mb="md"
      />
    </Input.Wrapper>
  );
});

const LoopAndDither = memo(function LoopAndDither({ animated }: { animated: boolean }) {
  const loop = useConverter((s) => s.settings.loop);
  const dither = useConverter((s) => s.settings.dither);
  const updateSettings = useConverter((s) => s.updateSettings);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
      <Switch
        label="Loop animation"
        description={animated ? 'Play forever, or once' : 'Used by animated GIFs only'}
        checked={loop}
        onChange={(event) => updateSettings({ loop: event.currentTarget.checked })}
        disabled={!animated}
      />
      <Select
        label="Dithering"
        description="How colours between palette entries are mixed"
        data={DITHER_OPTIONS}
        value={dither}
        onChange={(chosen) => chosen && updateSettings({ dither: chosen as DitherChoice })}
        allowDeselect={false}
      />
    </SimpleGrid>
  );
});

const SizeFields = memo(function SizeFields() {
  const resize = useConverter((s) => s.settings.resize);
  const maintainAspectRatio = useConverter((s) => s.settings.maintainAspectRatio);
  const presetId = useConverter((s) => activePresetId(s.settings, SIZE_PRESETS));
  const updateSettings = useConverter((s) => s.updateSettings);
  const setMaintainAspectRatio = useConverter((s) => s.setMaintainAspectRatio);
  const applyPreset = useConverter((s) => s.applyPreset);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <Switch
          label="Resize"
          description="Off: keep the size (the larger side is capped at 1920 px)"
          checked={resize}
          onChange={(event) => updateSettings({ resize: event.currentTarget.checked })}
        />
        <Select
          label="Size preset"
          placeholder="Custom size"
          data={PRESET_OPTIONS}
          value={presetId}
          onChange={(id) => {
            const preset = id ? findPreset(id) : undefined;
            if (preset) applyPreset(preset);
          }}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Group grow align="flex-start" gap="md">
        <DimensionInput dimension="width" disabled={!resize} />
        <DimensionInput dimension="height" disabled={!resize} />
      </Group>
      <Switch
        label="Maintain aspect ratio"
        description="Editing one side updates the other from the first image's proportions"
        checked={maintainAspectRatio}
        onChange={(event) => setMaintainAspectRatio(event.currentTarget.checked)}
        disabled={!resize}
      />
    </>
  );
});

/**
 * The conversion settings; the Converter shows it once files are chosen (without files it is only rendered
 * ahead, hidden). Each section reads its own settings from the store, so a change (a slider dragged, the
 * size taken from the first file) re-renders only the section it concerns.
 */
export function SettingsCard() {
  const animated = useConverter((s) => s.settings.mode === 'animated');
  const batch = useConverter((s) => isBatch(s.settings.mode, s.files.length));

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="settings-title">
      <Title order={2} size="h4" id="settings-title" mb="md">
        Conversion settings
      </Title>
      <Stack gap="lg">
        <ModeField />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" verticalSpacing="lg">
          <QualitySlider />
          <FrameDelaySlider animated={animated} />
        </SimpleGrid>
        <TargetSizeInput batch={batch} />
        <LoopAndDither animated={animated} />
        {/* Kept rendered while hidden: switching to Animated (two files chosen) only reveals it. */}
        <Activity mode={animated ? 'visible' : 'hidden'}>
          <TimingExtras />
        </Activity>
        <Divider label="Crop and rotate" labelPosition="left" />
        {/* No boundary of its own: a late chunk would drop it in between, pushing every control below it
            down under the pointer. The card shows once it is in. */}
        <CropEditor batch={batch} />
        <Divider label="Size" labelPosition="left" />
        <SizeFields />
      </Stack>
    </Card>
  );
}
