import {
  EMPTY_STATS,
  GIF_PALETTE_SIZE,
  gradientStats,
  isSmoothGradient,
  mergeStats,
  PaletteFit,
  type GradientStats,
} from './content-analysis';
import type { Placement, Size } from '../dimensions';
import {
  alphaThresholdOf,
  applyMatte,
  dithersSoftEdges,
  hasSoftEdges,
  hasTransparentPixels,
  type TransparencyOptions,
} from './matte';
import { HistogramBuilder, type HistogramSample, type HistogramSampling } from './refine';

/** What the frames' pixels told the engine (content-analysis.ts). */
export interface ContentFacts {
  smoothGradient: boolean;
  transparent: boolean;
  /** Every colour of every frame (0xRRGGBB) when they fit one GIF palette with the transparent entry. */
  exactColours?: readonly number[] | null;
}

/**
 * What one frame's pixels say (content-analysis.ts), computed where the pixels are: the decode worker
 * (runtime/decode.worker.ts), or the Node engine tests' frame reader. Every fact is one the job combines
 * across frames (ContentTally) to the same answer as if one analysis had looked at every frame in turn.
 */
export interface FrameFacts {
  gradient: GradientStats;
  /** Some pixel is under the alpha threshold (after the matte). */
  transparent: boolean;
  /** This frame's PaletteFit: its colours in order of appearance (null: more than a palette), and whether it has pixels under half opacity. */
  palette: { colours: readonly number[] | null; transparent: boolean };
  /** The palette's colour histogram of this frame, sampled as the plan says (HistogramSampling). */
  histogram: HistogramSample;
}

/** A frame as the core gets it: RGBA of its decoded size, with what its pixels say. */
export interface DecodedFrame {
  rgba: Uint8Array;
  facts: FrameFacts;
  /** A copy of the pixels from the row asked for on (FrameReader's `copyRowsFrom`), for a helper core. */
  rowsCopy?: Uint8Array;
  /** The browser's read-back is not the truth (privacy protection): the converter decoded the frame itself. */
  readBackHidden?: boolean;
}

/**
 * Readies decoded frames for the core, one after the other: soft edges are blended onto the matte, in
 * place, before anything looks at the colours; returns the frame's facts. One analyser per worker: its
 * colour sets are cleared between frames, as two fresh 2 MiB sets per frame cost far more than the analysis
 * of a small frame.
 */
export class FrameAnalyser {
  readonly #fit = new PaletteFit();
  readonly #histogram = new HistogramBuilder();

  prepare(
    rgba: Uint8Array,
    size: Size,
    options: TransparencyOptions,
    sampling: HistogramSampling = { step: 1, shown: size },
  ): FrameFacts {
    applyMatte(rgba, options);
    const fit = this.#fit;
    const histogram = this.#histogram;
    histogram.clear();
    histogram.addShown(rgba, size, sampling);
    // A frame the core scales gets colours its pixels do not have (ContentTally keeps no exact palette for
    // it): its colours are not counted, which for a flat 4000x3000 screenshot was a pass over 12 MP.
    const scaled = sampling.shown.width !== size.width || sampling.shown.height !== size.height;
    // Dithered soft edges: the core makes any partly transparent pixel transparent or opaque in its own colour
    // by its place in the pattern, which PaletteFit (cut at half opacity) cannot foresee: no exact palette.
    const dithered = dithersSoftEdges(options);
    const uncounted = scaled || (dithered && hasSoftEdges(rgba));
    if (!uncounted) {
      fit.clear();
      fit.add(rgba);
    }
    return {
      gradient: gradientStats(rgba, size.width, size.height),
      transparent: hasTransparentPixels(rgba, dithered ? 255 : alphaThresholdOf(options)),
      palette: uncounted
        ? { colours: null, transparent: false }
        : { colours: fit.colours && [...fit.colours], transparent: fit.transparent },
      histogram: histogram.sample(),
    };
  }
}

function coversCanvas(placement: Placement, canvas: Size): boolean {
  return placement.x <= 0 && placement.y <= 0 && placement.width >= canvas.width && placement.height >= canvas.height;
}

/** The frames' facts combined, frame by frame in order, into what the plan needs (ContentFacts). */
export class ContentTally {
  #gradient = EMPTY_STATS;
  #transparent = false;
  /** Every colour so far in order of appearance, as one PaletteFit over all frames; null once they overflow. */
  #palette: number[] | null = [];
  readonly #inPalette = new Set<number>();
  #paletteTransparent = false;
  #unscaled = true;

  constructor(private readonly canvas: Size) {}

  add(facts: FrameFacts, frame: { decoded: Size; placement: Placement }): void {
    this.#gradient = mergeStats(this.#gradient, facts.gradient);
    // The canvas around a frame that does not cover it is transparent too.
    this.#transparent ||= !coversCanvas(frame.placement, this.canvas) || facts.transparent;
    // Scaled frames get colours the decoded pixels do not have: only unscaled ones can keep theirs.
    this.#unscaled &&= frame.placement.width === frame.decoded.width && frame.placement.height === frame.decoded.height;
    if (this.#palette) {
      const colours = facts.palette.colours;
      this.#paletteTransparent ||= facts.palette.transparent;
      if (colours === null) this.#palette = null;
      else {
        for (const colour of colours) {
          if (this.#inPalette.has(colour)) continue;
          this.#inPalette.add(colour);
          this.#palette.push(colour);
        }
        if (this.#palette.length + (this.#paletteTransparent ? 1 : 0) > GIF_PALETTE_SIZE) this.#palette = null;
      }
    }
  }

  get facts(): ContentFacts {
    const transparent = this.#transparent;
    const palette = this.#palette;
    return {
      smoothGradient: isSmoothGradient(this.#gradient),
      transparent,
      // The canvas may add the transparent entry the frames alone did not need.
      exactColours:
        this.#unscaled && palette && palette.length + (transparent ? 1 : 0) <= GIF_PALETTE_SIZE ? palette : null,
    };
  }
}
