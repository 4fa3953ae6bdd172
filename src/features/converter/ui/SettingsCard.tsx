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
import { frameCountOf } from '../rules/frame-sources';
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
import { TargetSizeInput } from './TargetSizeInput';
import { TimingExtras } from './TimingExtras';

const DITHER_OPTIONS: { value: DitherChoice; label: string }[] = [
  { value: 'auto', label: 'Automatic' },
  { value: 'none', label: 'None' },
  { value: 'ordered', label: 'Ordered' },
  { value: 'diffusion', label: 'Diffusion' },
];

const PRESET_OPTIONS = SIZE_PRESETS.map((preset) => ({ value: preset.id, label: presetLabel(preset) }));

function DimensionInput({ dimension, disabled }: { dimension: Dimension; disabled: boolean }) {
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
}

function modeDescription(fileCount: number, frameCount: number, animatedAvailable: boolean): string {
  if (!animatedAvailable) return 'Animated needs at least 2 files';
  const animation = `one animation of ${frameCount} frames`;
  return fileCount >= 2
    ? `${fileCount} separate GIFs with the same settings, or ${animation}`
    : `A still GIF, or ${animation}`;
}

export function SettingsCard() {
  const fileCount = useConverter((s) => s.files.length);
  // An animated PNG counts all of its frames: one APNG can make an animation on its own.
  const frameCount = useConverter((s) => frameCountOf(s.files));
  const settings = useConverter((s) => s.settings);
  const locked = useConverter((s) => s.machine.status === 'converting');
  const setMode = useConverter((s) => s.setMode);
  const updateSettings = useConverter((s) => s.updateSettings);
  const setMaintainAspectRatio = useConverter((s) => s.setMaintainAspectRatio);
  const applyPreset = useConverter((s) => s.applyPreset);

  if (fileCount === 0) return null;
  const animated = settings.mode === 'animated';
  const animatedAvailable = isModeAvailable('animated', frameCount);

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="settings-title">
      <Title order={2} size="h4" id="settings-title" mb="md">
        Conversion settings
      </Title>
      <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
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
              value={settings.mode}
              onChange={(mode) => setMode(mode === 'animated' ? 'animated' : 'static')}
              disabled={locked}
              data={[
                { value: 'static', label: fileCount >= 2 ? 'Static (one GIF per file)' : 'Static GIF' },
                { value: 'animated', label: 'Animated GIF', disabled: !animatedAvailable },
              ]}
            />
          </Input.Wrapper>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" verticalSpacing="lg">
            <Input.Wrapper label={`Quality: ${settings.quality}%`} description="Higher keeps more colours">
              <Slider
                mt="xs"
                mx="sm"
                thumbLabel="Quality"
                value={settings.quality}
                onChange={(quality) => updateSettings({ quality })}
                {...LIMITS.quality}
                label={(v) => `${v}%`}
                disabled={locked}
                marks={[
                  { value: 10, label: '10%' },
                  { value: 50, label: '50%' },
                  { value: 100, label: '100%' },
                ]}
                mb="md"
              />
            </Input.Wrapper>
            <Input.Wrapper
              label={`Frame delay: ${settings.frameDelay} ms`}
              description={
                animated
                  ? 'How long each frame is shown; a frame can override it in the list'
                  : 'Used by animated GIFs only'
              }
            >
              <Slider
                mt="xs"
                mx="sm"
                thumbLabel="Frame delay"
                value={settings.frameDelay}
                onChange={(frameDelay) => updateSettings({ frameDelay })}
                {...LIMITS.frameDelay}
                label={(v) => `${v} ms`}
                disabled={locked || !animated}
                marks={[
                  { value: 50, label: '50 ms' },
                  { value: 1000, label: '1 s' },
                  { value: 2000, label: '2 s' },
                ]}
                mb="md"
              />
            </Input.Wrapper>
          </SimpleGrid>

          <TargetSizeInput disabled={locked} batch={isBatch(settings.mode, fileCount)} />

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
            <Switch
              label="Loop animation"
              description={animated ? 'Play forever, or once' : 'Used by animated GIFs only'}
              checked={settings.loop}
              onChange={(event) => updateSettings({ loop: event.currentTarget.checked })}
              disabled={locked || !animated}
            />
            <Select
              label="Dithering"
              description="How colours between palette entries are mixed"
              data={DITHER_OPTIONS}
              value={settings.dither}
              onChange={(dither) => dither && updateSettings({ dither: dither as DitherChoice })}
              allowDeselect={false}
              disabled={locked}
            />
          </SimpleGrid>

          {animated && <TimingExtras disabled={locked} />}

          <Divider label="Size" labelPosition="left" />

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
            <Switch
              label="Resize"
              description="Off: keep the size (the larger side is capped at 1920 px)"
              checked={settings.resize}
              onChange={(event) => updateSettings({ resize: event.currentTarget.checked })}
              disabled={locked}
            />
            <Select
              label="Size preset"
              placeholder="Custom size"
              data={PRESET_OPTIONS}
              value={activePresetId(settings, SIZE_PRESETS)}
              onChange={(id) => {
                const preset = id ? findPreset(id) : undefined;
                if (preset) applyPreset(preset);
              }}
              allowDeselect={false}
              disabled={locked}
            />
          </SimpleGrid>

          <Group grow align="flex-start" gap="md">
            <DimensionInput dimension="width" disabled={locked || !settings.resize} />
            <DimensionInput dimension="height" disabled={locked || !settings.resize} />
          </Group>
          <Switch
            label="Maintain aspect ratio"
            description="Editing one side updates the other from the first image's proportions"
            checked={settings.maintainAspectRatio}
            onChange={(event) => setMaintainAspectRatio(event.currentTarget.checked)}
            disabled={locked || !settings.resize}
          />
        </Stack>
      </fieldset>
    </Card>
  );
}
