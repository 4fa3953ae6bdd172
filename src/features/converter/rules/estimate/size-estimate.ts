/**
 * A size estimate before converting: the first few frames are encoded at a small size with the person's
 * settings (one quick encode), and the sample's bytes per frame are scaled up to the real output size
 * and frame count. An estimate, shown as one: dither patterns and frame differences do not scale exactly.
 */
import { fitInside, outputSize, type Size } from '../dimensions';
import { framedSize } from '../framing';
import { playSummary } from '../plan/frame-delays';
import { gifByteLayout } from '../gif/bytes';
import type { ConversionSettings } from '../settings';

/** The sample's longer side: small enough to encode in a fraction of a second, big enough to keep detail. */
export const SAMPLE_LONG_SIDE = 320;
/** Consecutive frames encoded: the first one, and two to measure what a following frame costs. */
export const SAMPLE_FRAMES = 3;
/**
 * How long a sample cancelled by Convert may go on to finish. Stopped at once, it takes the engine with it,
 * and the conversion runs on new, cold workers; half a second was too short for a big still's sample
 * (tests/bench/probes/estimate-cancel.ts).
 */
export const ESTIMATE_ABORT_GRACE_MS = 1000;
/**
 * A sample of the whole picture shrunk (where the conversion enlarges it): bytes grow a little slower than
 * pixels (LZW finds longer runs in larger, smoother pictures). A sample of tiles at the conversion's own
 * scale (rules/estimate/sample-pixels.ts) grows with its pixels.
 */
export const PIXEL_EXPONENT = 0.85;

/**
 * Whether a sample of `sample` size of a picture of `source` size, shown at `full` by the conversion, is cut
 * into tiles at that scale: when the conversion shrinks the picture or keeps its size, and the sample is
 * smaller than it.
 */
export function tiledSample(source: Size, full: Size, sample: Size): boolean {
  const smaller = sample.width < full.width || sample.height < full.height;
  return smaller && full.width <= source.width && full.height <= source.height;
}

/** The settings of the sample encode: the same palette choices, plain timing, at most SAMPLE_LONG_SIDE. */
export function sampleSettings(settings: ConversionSettings, first: Size): ConversionSettings {
  const full = outputSize(settings, first);
  const small = fitInside(full, { width: SAMPLE_LONG_SIDE, height: SAMPLE_LONG_SIDE });
  const smaller = small.width < full.width;
  return {
    ...settings,
    boomerang: false,
    holdLastFrame: false,
    frameStep: 1,
    targetBytes: null,
    ...(smaller ? { resize: true, maintainAspectRatio: false, width: small.width, height: small.height } : {}),
  };
}

/**
 * The sample of a conversion at `settings` whose first picture is `first`: its settings, how many of the
 * first frames it encodes, and the canvas of the GIF it stands for (where its tiles are cut).
 */
export function estimateSample(
  settings: ConversionSettings,
  first: Size,
): { settings: ConversionSettings; frames: number; fullSize: Size } {
  return {
    settings: sampleSettings(settings, first),
    frames: settings.mode === 'animated' ? SAMPLE_FRAMES : 1,
    fullSize: outputSize(settings, first),
  };
}

/**
 * The full GIF's size from the sample: header as measured, the first frame and each following frame
 * scaled by pixels (or pixels^PIXEL_EXPONENT), the following frames at the sample's mean.
 */
export function extrapolateSize(
  sampleGif: Uint8Array,
  sampleSize: Size,
  settings: ConversionSettings,
  first: Size,
  delays: readonly (number | null)[],
): number {
  const { headerBytes, frameBytes } = gifByteLayout(sampleGif);
  const full = outputSize(settings, first);
  const framed = framedSize(first, settings.crop, settings.orientation);
  const exponent = tiledSample(framed, full, sampleSize) ? 1 : PIXEL_EXPONENT;
  const factor = ((full.width * full.height) / (sampleSize.width * sampleSize.height)) ** exponent;
  const frames = settings.mode === 'animated' ? playSummary(delays, settings).frames : 1;
  const [firstFrame = 0, ...rest] = frameBytes;
  const following = rest.length > 0 ? rest.reduce((a, b) => a + b, 0) / rest.length : firstFrame;
  return Math.round(headerBytes + (firstFrame + (frames - 1) * following) * factor + 1);
}
