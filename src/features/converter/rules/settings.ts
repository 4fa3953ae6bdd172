/** The user's conversion settings and the business limits. */

import { UPRIGHT, type CropRect, type Orientation } from './framing';

/** How many times the animation plays when the loop switch is on: forever, or a total number of plays. */
export type LoopPlays = 'forever' | number;

export type ConversionMode = 'static' | 'animated';

/** How the palette is applied: chosen per image by default, or forced by the advanced setting. */
export type DitherChoice = 'auto' | 'none' | 'ordered' | 'diffusion';

/** Partly transparent pixels without a matte: cut at the alpha threshold, or drawn as a fine pattern. */
export type SoftEdges = 'cut' | 'dither';

export interface ConversionSettings {
  mode: ConversionMode;
  /** Percent, 10–100 in steps of 10. */
  quality: number;
  /** Milliseconds each frame is shown, 50–2000 in steps of 50. */
  frameDelay: number;
  loop: boolean;
  resize: boolean;
  width: number;
  height: number;
  maintainAspectRatio: boolean;
  dither: DitherChoice;
  /** Colour ('#rrggbb') semi-transparent edge pixels are blended onto, or null to keep their own colour. */
  matte: string | null;
  /**
   * Pixels with a lower alpha (1–255) become fully transparent in the GIF; null until the person moves the
   * slider: then the default for the matte applies (palette/matte.ts alphaThresholdOf), and a value they
   * chose stays when the matte changes.
   */
  alphaThreshold: number | null;
  /** Without a matte: soft edges cut at `alphaThreshold`, or dithered (matte.ts). */
  softEdges: SoftEdges;
  /** With loop on: forever, or this many plays in total (plan/timing-extras.ts). */
  loopPlays: LoopPlays;
  /** Animated: play 1..N..2 (forward, then back without repeating the end frames). */
  boomerang: boolean;
  /** Animated: the last file's frame stays on screen for `holdLastFrameMs` instead of its delay. */
  holdLastFrame: boolean;
  holdLastFrameMs: number;
  /** Animated: keep every frame (1) or every 2nd, 3rd… with their delays added up. */
  frameStep: number;
  /** A file-size budget in bytes the engine fits the GIF under, or null to use the settings as they are. */
  targetBytes: number | null;
  /** The part of the picture to keep, in source pixels, or null for the whole picture (framing.ts). */
  crop: CropRect | null;
  /** How the (cropped) picture is mirrored and turned before it is scaled. */
  orientation: Orientation;
}

export const LIMITS = {
  maxFiles: 10,
  maxFileBytes: 50 * 1024 * 1024,
  autoScaleMaxDimension: 1920,
  width: { min: 100, max: 3840 },
  height: { min: 100, max: 2160 },
  quality: { min: 10, max: 100, step: 10 },
  frameDelay: { min: 50, max: 2000, step: 50 },
  alphaThreshold: { min: 1, max: 255 },
  fileDialogCancelDelayMs: 300,
} as const;

export const DEFAULT_SETTINGS: ConversionSettings = {
  mode: 'static',
  quality: 80,
  frameDelay: 500,
  loop: true,
  resize: false,
  width: 800,
  height: 600,
  maintainAspectRatio: true,
  dither: 'auto',
  matte: null,
  alphaThreshold: null,
  softEdges: 'cut',
  loopPlays: 'forever',
  boomerang: false,
  holdLastFrame: false,
  holdLastFrameMs: 2000,
  frameStep: 1,
  targetBytes: null,
  crop: null,
  orientation: UPRIGHT,
};
