/**
 * The rules of the settings card, kept out of React:
 * which mode the file count allows, how width and height are read and checked,
 * how the aspect ratio ties them together and what a size preset does.
 */
import { LIMITS, type ConversionMode, type ConversionSettings } from './settings';
import type { SizePreset } from './size-presets';

export type Dimension = 'width' | 'height';

/** Animated needs at least two frames. */
export function isModeAvailable(mode: ConversionMode, fileCount: number): boolean {
  return mode === 'static' || fileCount >= 2;
}

/** Static mode with two or more files makes one GIF per file, all with the same settings. */
export function isBatch(mode: ConversionMode, fileCount: number): boolean {
  return mode === 'static' && fileCount >= 2;
}

/**
 * The mode after the selection changed: choosing two or more files in static mode switches to animated;
 * editing the list (remove, reorder) keeps a static batch static; fewer than two files cannot stay
 * animated, since animated is then disabled.
 */
export function modeForFileCount(
  mode: ConversionMode,
  fileCount: number,
  change: 'chosen' | 'edited' = 'chosen',
): ConversionMode {
  if (fileCount >= 2 && mode === 'static' && change === 'chosen') return 'animated';
  if (fileCount < 2 && mode === 'animated') return 'static';
  return mode;
}

/** A width or height as typed: anything that is not a number becomes 0. */
export function parseDimension(value: string | number): number {
  const number = typeof value === 'number' ? value : Number(value.trim() === '' ? NaN : value);
  return Number.isFinite(number) ? Math.round(number) : 0;
}

export function isDimensionValid(dimension: Dimension, value: number): boolean {
  const { min, max } = LIMITS[dimension];
  return Number.isInteger(value) && value >= min && value <= max;
}

/** The message shown under an invalid width or height, or null when the value is fine. */
export function dimensionError(dimension: Dimension, value: number): string | null {
  if (isDimensionValid(dimension, value)) return null;
  const { min, max } = LIMITS[dimension];
  const name = dimension === 'width' ? 'Width' : 'Height';
  return `${name} must be between ${min} and ${max} pixels`;
}

/** True when the settings may be handed to the engine: a resize needs a valid width and height. */
export function areSettingsValid(settings: ConversionSettings): boolean {
  return !settings.resize || (isDimensionValid('width', settings.width) && isDimensionValid('height', settings.height));
}

/**
 * Sets one side; with the aspect ratio maintained, the other side follows the proportions
 * (width / height) of the reference image. An unusable side (0, or no ratio) leaves the other alone.
 */
export function withDimension(
  settings: ConversionSettings,
  dimension: Dimension,
  value: number,
  aspectRatio: number | null,
): ConversionSettings {
  const next = { ...settings, [dimension]: value };
  if (!settings.maintainAspectRatio || !aspectRatio || !(aspectRatio > 0) || value <= 0) return next;
  if (dimension === 'width') return { ...next, height: Math.max(1, Math.round(value / aspectRatio)) };
  return { ...next, width: Math.max(1, Math.round(value * aspectRatio)) };
}

/** Turning the aspect ratio back on re-derives the height from the width. */
export function withMaintainAspectRatio(
  settings: ConversionSettings,
  maintainAspectRatio: boolean,
  aspectRatio: number | null,
): ConversionSettings {
  const next = { ...settings, maintainAspectRatio };
  return maintainAspectRatio ? withDimension(next, 'width', next.width, aspectRatio) : next;
}

/** 'Original' turns resizing off; any other preset turns it on with exactly the preset's size. */
export function withPreset(settings: ConversionSettings, preset: SizePreset): ConversionSettings {
  if (preset.width === 0 || preset.height === 0) return { ...settings, resize: false };
  return { ...settings, resize: true, width: preset.width, height: preset.height };
}

/** The preset the current settings correspond to, if any. */
export function activePresetId(settings: ConversionSettings, presets: readonly SizePreset[]): string | null {
  if (!settings.resize) return presets.find((p) => p.width === 0)?.id ?? null;
  return presets.find((p) => p.width === settings.width && p.height === settings.height)?.id ?? null;
}
