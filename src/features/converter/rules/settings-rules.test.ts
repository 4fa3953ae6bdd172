import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './settings';
import {
  activePresetId,
  areSettingsValid,
  dimensionError,
  isDimensionValid,
  isBatch,
  isModeAvailable,
  modeForFileCount,
  parseDimension,
  withDimension,
  withMaintainAspectRatio,
  withPreset,
} from './settings-rules';
import { findPreset, presetLabel, SIZE_PRESETS } from './size-presets';

describe('mode rules', () => {
  it('allows animated only with two files or more', () => {
    expect(isModeAvailable('animated', 0)).toBe(false);
    expect(isModeAvailable('animated', 1)).toBe(false);
    expect(isModeAvailable('animated', 2)).toBe(true);
    expect(isModeAvailable('static', 0)).toBe(true);
  });
  it('switches static to animated when two or more files are chosen', () => {
    expect(modeForFileCount('static', 2)).toBe('animated');
    expect(modeForFileCount('static', 10)).toBe('animated');
    expect(modeForFileCount('static', 1)).toBe('static');
  });
  it('falls back to static when fewer than two files remain', () => {
    expect(modeForFileCount('animated', 1)).toBe('static');
    expect(modeForFileCount('animated', 0)).toBe('static');
    expect(modeForFileCount('animated', 3)).toBe('animated');
    expect(modeForFileCount('animated', 1, 'edited')).toBe('static');
  });
  it('keeps a static batch static when the list is edited rather than chosen', () => {
    expect(modeForFileCount('static', 3, 'edited')).toBe('static');
    expect(modeForFileCount('animated', 3, 'edited')).toBe('animated');
  });
  it('makes one GIF per file in static mode with two files or more', () => {
    expect(isBatch('static', 2)).toBe(true);
    expect(isBatch('static', 1)).toBe(false);
    expect(isBatch('animated', 5)).toBe(false);
  });
});

describe('width and height', () => {
  it('reads anything non-numeric as 0', () => {
    expect(parseDimension('abc')).toBe(0);
    expect(parseDimension('')).toBe(0);
    expect(parseDimension(NaN)).toBe(0);
    expect(parseDimension('640')).toBe(640);
    expect(parseDimension(320.4)).toBe(320);
  });
  it('holds width to 100–3840 and height to 100–2160', () => {
    expect(isDimensionValid('width', 100)).toBe(true);
    expect(isDimensionValid('width', 3840)).toBe(true);
    expect(isDimensionValid('width', 99)).toBe(false);
    expect(isDimensionValid('width', 3841)).toBe(false);
    expect(isDimensionValid('height', 2160)).toBe(true);
    expect(isDimensionValid('height', 2161)).toBe(false);
    expect(isDimensionValid('height', 0)).toBe(false);
  });
  it('explains an invalid side', () => {
    expect(dimensionError('width', 0)).toBe('Width must be between 100 and 3840 pixels');
    expect(dimensionError('height', 5000)).toBe('Height must be between 100 and 2160 pixels');
    expect(dimensionError('width', 800)).toBeNull();
  });
  it('lets invalid sizes reach the engine only when resizing is off', () => {
    expect(areSettingsValid({ ...DEFAULT_SETTINGS, resize: true, width: 0 })).toBe(false);
    expect(areSettingsValid({ ...DEFAULT_SETTINGS, resize: true, height: 2161 })).toBe(false);
    expect(areSettingsValid({ ...DEFAULT_SETTINGS, resize: true, width: 640, height: 480 })).toBe(true);
    expect(areSettingsValid({ ...DEFAULT_SETTINGS, resize: false, width: 0 })).toBe(true);
  });
});

describe('aspect ratio', () => {
  const landscape = 16 / 9;
  it('derives the height from the width with the image proportions', () => {
    const next = withDimension(DEFAULT_SETTINGS, 'width', 1280, landscape);
    expect([next.width, next.height]).toEqual([1280, 720]);
  });
  it('derives the width from the height', () => {
    const next = withDimension(DEFAULT_SETTINGS, 'height', 360, landscape);
    expect([next.width, next.height]).toEqual([640, 360]);
  });
  it('leaves the other side alone when the ratio is off, unknown or the value unusable', () => {
    const free = { ...DEFAULT_SETTINGS, maintainAspectRatio: false };
    expect(withDimension(free, 'width', 1280, landscape).height).toBe(600);
    expect(withDimension(DEFAULT_SETTINGS, 'width', 1280, null).height).toBe(600);
    expect(withDimension(DEFAULT_SETTINGS, 'width', 0, landscape)).toMatchObject({ width: 0, height: 600 });
  });
  it('re-derives the height when the ratio is turned back on', () => {
    const free = { ...DEFAULT_SETTINGS, maintainAspectRatio: false, width: 1000, height: 100 };
    expect(withMaintainAspectRatio(free, true, 2)).toMatchObject({ width: 1000, height: 500 });
    expect(withMaintainAspectRatio(free, false, 2)).toMatchObject({ width: 1000, height: 100 });
  });
});

describe('size presets', () => {
  it('are Original, Small, Medium, Large and HD', () => {
    expect(SIZE_PRESETS.map(presetLabel)).toEqual([
      'Original',
      'Small (400x300)',
      'Medium (800x600)',
      'Large (1200x900)',
      'HD (1920x1080)',
    ]);
  });
  it('set the exact size and turn resizing on', () => {
    expect(withPreset(DEFAULT_SETTINGS, findPreset('hd')!)).toMatchObject({ resize: true, width: 1920, height: 1080 });
  });
  it('Original turns resizing off and keeps the typed size', () => {
    const resized = { ...DEFAULT_SETTINGS, resize: true, width: 640, height: 480 };
    expect(withPreset(resized, findPreset('original')!)).toMatchObject({ resize: false, width: 640, height: 480 });
  });
  it('are recognised from the settings', () => {
    expect(activePresetId(DEFAULT_SETTINGS, SIZE_PRESETS)).toBe('original');
    expect(activePresetId({ ...DEFAULT_SETTINGS, resize: true }, SIZE_PRESETS)).toBe('medium');
    expect(activePresetId({ ...DEFAULT_SETTINGS, resize: true, width: 500 }, SIZE_PRESETS)).toBeNull();
  });
});
