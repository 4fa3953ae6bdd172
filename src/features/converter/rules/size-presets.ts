/** The size presets. 'Original' (0x0) means: keep the images' own size. */
export interface SizePreset {
  id: 'original' | 'small' | 'medium' | 'large' | 'hd';
  label: string;
  width: number;
  height: number;
}

export const SIZE_PRESETS: readonly SizePreset[] = [
  { id: 'original', label: 'Original', width: 0, height: 0 },
  { id: 'small', label: 'Small', width: 400, height: 300 },
  { id: 'medium', label: 'Medium', width: 800, height: 600 },
  { id: 'large', label: 'Large', width: 1200, height: 900 },
  { id: 'hd', label: 'HD', width: 1920, height: 1080 },
];

/** 'Small (400x300)'; 'Original' alone, since it has no size of its own. */
export function presetLabel(preset: SizePreset): string {
  return preset.id === 'original' ? preset.label : `${preset.label} (${preset.width}x${preset.height})`;
}

export function findPreset(id: string): SizePreset | undefined {
  return SIZE_PRESETS.find((preset) => preset.id === id);
}
