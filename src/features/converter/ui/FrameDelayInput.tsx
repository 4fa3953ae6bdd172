import { NumberInput, Text } from '@mantine/core';
import { effectiveDelayMs, FRAME_DELAY_OVERRIDE, frameDelayMs, isSlowedByBrowsers } from '../rules/plan/frame-delays';

interface Props {
  frameNumber: number;
  /** This frame's override in ms, or null for the global delay. */
  delayMs: number | null;
  globalDelayMs: number;
  /** Where the delay without an override comes from: the global setting, or an animated PNG's own timing. */
  defaultFrom?: 'global' | 'animation';
  onChange(delayMs: number | null): void;
}

/** One frame's delay: empty means the global delay; shows what the GIF really carries (10 ms steps). */
export function FrameDelayInput({ frameNumber, delayMs, globalDelayMs, defaultFrom = 'global', onChange }: Props) {
  const shown = effectiveDelayMs(frameDelayMs(delayMs, globalDelayMs));
  const slowed = isSlowedByBrowsers(frameDelayMs(delayMs, globalDelayMs));
  return (
    <NumberInput
      aria-label={`Delay of frame ${frameNumber} in milliseconds`}
      placeholder={`${globalDelayMs} (${defaultFrom === 'global' ? 'global' : 'APNG'})`}
      value={delayMs ?? ''}
      onChange={(value) => onChange(typeof value === 'number' && Number.isFinite(value) ? value : null)}
      {...FRAME_DELAY_OVERRIDE}
      clampBehavior="blur"
      allowDecimal={false}
      allowNegative={false}
      suffix=" ms"
      size="xs"
      w={150}
      description={
        <Text span size="xs" c={slowed ? 'orange.8' : 'dimmed'} data-testid="effective-delay">
          {`In the GIF: ${shown} ms`}
          {slowed && ' · under 20 ms, browsers slow it down'}
        </Text>
      }
      inputWrapperOrder={['input', 'description']}
    />
  );
}
