import { NumberInput, Select, SimpleGrid, Text } from '@mantine/core';
import { memo, useState } from 'react';
import { formatBytes } from '@/shared/lib/format-bytes';
import { CUSTOM_BUDGET_KB, BUDGET_PRESETS } from '../rules/estimate/fit-under';
import { useConverter } from '../store/use-converter';
import { SizeEstimate } from './SizeEstimate';

const OFF = 'off';
const CUSTOM = 'custom';
const OPTIONS = [
  { value: OFF, label: 'No limit (use the settings as they are)' },
  ...BUDGET_PRESETS.map((preset) => ({
    value: preset.id,
    label: `${formatBytes(preset.bytes)} · ${preset.purpose}`,
  })),
  { value: CUSTOM, label: 'Custom size' },
];

const presetFor = (bytes: number | null) => BUDGET_PRESETS.find((preset) => preset.bytes === bytes);

/**
 * "Fit under": a byte budget the engine fits the GIF under, starting from the quality and dithering
 * chosen here and giving up only what it must. Off for a batch (one GIF per file).
 */
export const TargetSizeInput = memo(function TargetSizeInput({ batch }: { batch: boolean }) {
  const targetBytes = useConverter((s) => s.settings.targetBytes);
  const updateSettings = useConverter((s) => s.updateSettings);
  const [custom, setCustom] = useState(targetBytes !== null && !presetFor(targetBytes));
  const choice = targetBytes === null ? OFF : custom ? CUSTOM : (presetFor(targetBytes)?.id ?? CUSTOM);

  const choose = (value: string | null) => {
    if (!value || value === OFF) {
      setCustom(false);
      return updateSettings({ targetBytes: null });
    }
    if (value === CUSTOM) {
      setCustom(true);
      return updateSettings({ targetBytes: targetBytes ?? 500 * 1024 });
    }
    setCustom(false);
    updateSettings({ targetBytes: BUDGET_PRESETS.find((preset) => preset.id === value)?.bytes ?? null });
  };

  return (
    <div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Fit under"
          description={
            batch
              ? 'For one GIF at a time: not used when each file becomes its own GIF'
              : 'Lowers dithering, colours, then size or frames only as far as needed'
          }
          data={OPTIONS}
          value={batch ? OFF : choice}
          onChange={choose}
          allowDeselect={false}
          disabled={batch}
          comboboxProps={{ withinPortal: true }}
        />
        {!batch && choice === CUSTOM && targetBytes !== null && (
          <NumberInput
            label="Custom size"
            description={`${CUSTOM_BUDGET_KB.min} KB to ${formatBytes(CUSTOM_BUDGET_KB.max * 1024)}`}
            value={Math.round(targetBytes / 1024)}
            onChange={(value) => {
              if (typeof value === 'number' && Number.isFinite(value) && value > 0)
                updateSettings({ targetBytes: Math.round(value) * 1024 });
            }}
            {...CUSTOM_BUDGET_KB}
            clampBehavior="blur"
            allowDecimal={false}
            allowNegative={false}
            suffix=" KB"
          />
        )}
      </SimpleGrid>
      {!batch && targetBytes !== null && (
        <Text size="xs" c="dimmed" mt={6}>
          Common sizes, not any service&apos;s rules: check the limit where the GIF is going.
        </Text>
      )}
      {!batch && <SizeEstimate />}
    </div>
  );
});
