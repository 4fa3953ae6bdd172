import type { Size } from '../dimensions';
import { orientedSize } from '../framing';
import type { FrameCut } from './frame-cuts';
import { alphaThresholdOf, type TransparencyOptions } from '../palette/matte';
import type { HistogramSampling } from '../palette/refine';
import { planLayout, type FrameSource, type PlannedFrame } from './plan';
import type { ConversionSettings } from '../settings';

/**
 * What a frame's facts (frame-facts.ts) depend on besides its pixels: the canvas it is read on, the matte and
 * threshold, and how its colours are sampled. Two encodes that ask alike get the same facts.
 */
export interface FactsAsk {
  canvas: Size;
  transparency: TransparencyOptions;
  histogram: HistogramSampling;
}

/** One string per ask, the same for equal asks whatever order their objects were built in. */
export function factsAskKey({ canvas, transparency, histogram }: FactsAsk): string {
  const { shown } = histogram;
  return [
    canvas.width,
    canvas.height,
    transparency.matte,
    alphaThresholdOf(transparency),
    transparency.softEdges ?? 'cut',
    histogram.step,
    shown.width,
    shown.height,
  ].join();
}

/**
 * One string per cut (crop and orientation), whatever order its objects were built in: with the ask's key, the
 * key of the facts read from that cut of a kept decode.
 */
export function cutKey({ crop, orientation, blank }: FrameCut): string {
  return [crop.x, crop.y, crop.width, crop.height, orientation.quarterTurns, orientation.mirrored, blank].join();
}

/** The facts to read ahead of a file's whole decode, and the cut (crop and orientation) to read them from. */
export interface FactsAheadAsk extends FactsAsk {
  /** The picture's size in its file, which the cut is taken from. */
  source: Size;
  /** Null: the picture as it is in its file. */
  cut: FrameCut | null;
}

/**
 * For each chosen file, the facts a conversion at `settings` will ask of its whole decode, so that the decode
 * ahead (runtime/decodes-ahead.ts) reads them in idle time too, not in the click-to-result time: of the picture
 * as it is, or of its cut when it is cropped or turned (the worker cuts its kept decode as the conversion will).
 * Null for a file whose header is unknown, that the browser decodes scaled (then nothing is kept), that the crop
 * misses, or when a matte is set: the kept pixels are read as they are, and a matte would change them.
 *
 * Static mode, or one file: each file is its own still (a batch converts them one by one). Animated: the
 * files' frames of one animation, when every header is known.
 */
export function factsAhead(
  settings: ConversionSettings,
  sources: readonly (FrameSource | null)[],
): (FactsAheadAsk | null)[] {
  const none = sources.map(() => null);
  if (settings.matte !== null) return none;
  const transparency = {
    matte: settings.matte,
    alphaThreshold: settings.alphaThreshold,
    softEdges: settings.softEdges,
  };
  // A framed picture's facts are read from its cut pixels, handed over at the cut's own size.
  const askOf = ({ cut, decoded, source, histogram }: PlannedFrame): FactsAheadAsk | null => {
    if (cut?.blank) return null;
    const whole = cut ? orientedSize(cut.crop.width, cut.crop.height, cut.orientation) : source;
    return decoded.width === whole.width && decoded.height === whole.height
      ? { canvas: decoded, transparency, histogram, source, cut }
      : null;
  };
  if (settings.mode === 'static' || sources.length === 1) {
    return sources.map((source) => {
      const frame = source && framesOf({ ...settings, mode: 'static' }, [source])[0];
      return frame ? askOf(frame) : null;
    });
  }
  if (sources.some((source) => source === null)) return none;
  const asks: (FactsAheadAsk | null)[] = [...none];
  for (const frame of framesOf(settings, sources as FrameSource[])) asks[frame.sourceIndex] ??= askOf(frame);
  return asks;
}

function framesOf(settings: ConversionSettings, sources: readonly FrameSource[]) {
  try {
    return planLayout(settings, sources).frames;
  } catch {
    // A job the plan refuses (too big for memory) asks nothing; its conversion says why.
    return [];
  }
}
