import { ColorInput, Group, SegmentedControl, type MantineSize } from '@mantine/core';
import { BACKGROUND_OPTIONS, usePreviewBackground, type PreviewBackground } from './preview-background';

/** Checkerboard, white, black or a picked colour behind transparent pixels; changes the preview only. */
export function BackgroundPicker({ size = 'sm' }: { size?: MantineSize }) {
  const background = usePreviewBackground((s) => s.background);
  const colour = usePreviewBackground((s) => s.colour);
  const setBackground = usePreviewBackground((s) => s.setBackground);
  const setColour = usePreviewBackground((s) => s.setColour);
  return (
    <Group gap="xs" wrap="wrap">
      <SegmentedControl
        size={size}
        value={background}
        onChange={(value) => setBackground(value as PreviewBackground)}
        data={BACKGROUND_OPTIONS}
        aria-label="Preview background"
      />
      {background === 'custom' && (
        <ColorInput
          size={size}
          value={colour}
          onChange={setColour}
          format="hex"
          eyeDropperButtonProps={{ 'aria-label': 'Pick a colour from the screen' }}
          w={130}
          aria-label="Preview background colour"
        />
      )}
    </Group>
  );
}
