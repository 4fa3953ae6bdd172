import { Group, Input, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { memo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { effectiveDelayMs } from '../rules/plan/frame-delays';
import { describePlays, TIMING_LIMITS } from '../rules/plan/timing-extras';
import { useConverter } from '../store/use-converter';

const FRAME_STEPS = [
  { value: '1', label: 'All frames' },
  { value: '2', label: 'Every 2nd frame' },
  { value: '3', label: 'Every 3rd frame' },
  { value: '4', label: 'Every 4th frame' },
];

const wholeNumber = (value: string | number) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * Animation extras beside the Loop animation switch: how many plays when it loops, a hold on the last file,
 * boomerang and frames kept. The loop switch stays the on/off; "plays" counts every play, the first included.
 */
export const TimingExtras = memo(function TimingExtras() {
  const { loop, loopPlays, holdLastFrame, holdLastFrameMs, boomerang, frameStep } = useConverter(
    useShallow(({ settings: s }) => ({
      loop: s.loop,
      loopPlays: s.loopPlays,
      holdLastFrame: s.holdLastFrame,
      holdLastFrameMs: s.holdLastFrameMs,
      boomerang: s.boomerang,
      frameStep: s.frameStep,
    })),
  );
  const updateSettings = useConverter((s) => s.updateSettings);
  const counted = loopPlays !== 'forever';

  return (
    <Stack gap="md" data-testid="timing-extras">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" verticalSpacing="md">
        <Input.Wrapper
          id="loop-plays"
          label="Repeat"
          description={describePlays(loop, loopPlays)}
          labelProps={{ id: 'loop-plays-label' }}
        >
          <SegmentedControl
            aria-labelledby="loop-plays-label"
            fullWidth
            mt={6}
            value={counted ? 'count' : 'forever'}
            onChange={(value) => updateSettings({ loopPlays: value === 'count' ? 3 : 'forever' })}
            disabled={!loop}
            data={[
              { value: 'forever', label: 'Forever' },
              { value: 'count', label: 'Number of plays' },
            ]}
          />
        </Input.Wrapper>
        {counted && (
          <NumberInput
            label="Total plays"
            description="Counts the first play too, as most browsers do (the GIF stores plays − 1 repeats)"
            value={loopPlays}
            onChange={(value) => {
              const plays = wholeNumber(value);
              if (plays !== null) updateSettings({ loopPlays: plays });
            }}
            {...TIMING_LIMITS.loopPlays}
            clampBehavior="blur"
            allowDecimal={false}
            allowNegative={false}
            disabled={!loop}
          />
        )}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" verticalSpacing="md">
        <Stack gap="xs">
          <Switch
            label="Hold last frame"
            description="The last file stays on screen longer before the animation repeats"
            checked={holdLastFrame}
            onChange={(event) => updateSettings({ holdLastFrame: event.currentTarget.checked })}
          />
          {holdLastFrame && (
            <NumberInput
              label="Hold for"
              description={`In the GIF: ${effectiveDelayMs(holdLastFrameMs)} ms`}
              value={holdLastFrameMs}
              onChange={(value) => {
                const ms = wholeNumber(value);
                if (ms !== null) updateSettings({ holdLastFrameMs: ms });
              }}
              {...TIMING_LIMITS.holdMs}
              clampBehavior="blur"
              allowDecimal={false}
              allowNegative={false}
              suffix=" ms"
            />
          )}
        </Stack>
        <Switch
          label="Boomerang"
          description="Plays forward, then backward without repeating the end frames (1…N…2)"
          checked={boomerang}
          onChange={(event) => updateSettings({ boomerang: event.currentTarget.checked })}
        />
      </SimpleGrid>

      <Group grow>
        <Select
          label="Frames kept"
          description="Fewer frames, smaller GIF: each kept frame also shows for the ones dropped after it"
          data={FRAME_STEPS}
          value={String(frameStep)}
          onChange={(value) => value && updateSettings({ frameStep: Number(value) })}
          allowDeselect={false}
        />
      </Group>
      {holdLastFrame && boomerang && (
        <Text size="xs" c="dimmed">
          With boomerang the hold is where the animation turns back, on the last file.
        </Text>
      )}
    </Stack>
  );
});
