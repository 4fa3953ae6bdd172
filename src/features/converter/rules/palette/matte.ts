/**
 * Transparency handling before the palette: GIF has one fully transparent colour and no partial alpha.
 * Pixels under the alpha threshold become fully transparent; with a matte colour (the page the GIF will
 * sit on), the semi-transparent pixels that stay are blended onto it, so soft edges keep their shape
 * instead of turning into a jagged fringe of their unblended colour, and a fade ends in the page's colour
 * (the threshold then defaults to the faintest pixels only). Without a matte, soft edges may be
 * dithered instead: the core draws them as a fixed pattern of opaque and transparent pixels whose density
 * follows the alpha (wasm-assets/core/driver/gif-core.c -alpha-dither), after scaling.
 */
import type { SoftEdges } from '../settings';
import { pixelWords } from './pixel-words';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface TransparencyOptions {
  /** '#rrggbb', or null: semi-transparent pixels keep their colour (the engine's historic behaviour). */
  matte: string | null;
  /** 1–255: pixels with a lower alpha become fully transparent; null: the default for the matte (alphaThresholdOf). */
  alphaThreshold: number | null;
  /** Without a matte: 'dither' draws soft edges as a pattern, and the threshold no longer applies. Default 'cut'. */
  softEdges?: SoftEdges;
}

/** Without a matte, soft edges are cut at half opacity, as paletteuse does by default. */
export const ALPHA_THRESHOLD = 128;
/**
 * Blended onto a matte, a pixel with less alpha than this lies within 7 levels of the matte colour, so it barely
 * shows on that page: cutting it keeps the GIF's opaque outline as tight as the visible shape (and the stray
 * near-transparent specks of exports out), while the rest of the fade is kept and ends in the page's colour.
 */
export const MATTE_ALPHA_THRESHOLD = 8;

/** The threshold that applies: the person's own, or the default for the matte (or for none). */
export function alphaThresholdOf(options: Pick<TransparencyOptions, 'matte' | 'alphaThreshold'>): number {
  if (options.alphaThreshold !== null) return options.alphaThreshold;
  return matteColour(options) ? MATTE_ALPHA_THRESHOLD : ALPHA_THRESHOLD;
}

function matteColour(options: Pick<TransparencyOptions, 'matte'>): Rgb | null {
  return options.matte === null ? null : parseHexColour(options.matte);
}

/** Whether soft edges are dithered: asked for, and no matte (which leaves no soft edge). */
export function dithersSoftEdges(options: TransparencyOptions): boolean {
  return options.matte === null && options.softEdges === 'dither';
}

/** Some pixel is partly transparent (neither 0 nor 255). */
export function hasSoftEdges(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! !== 0 && rgba[i]! !== 255) return true;
  return false;
}

/** '#rgb' or '#rrggbb' (any case) → its channels; null for anything else. */
export function parseHexColour(text: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  const value = parseInt(hex, 16);
  return { r: value >> 16, g: (value >> 8) & 0xff, b: value & 0xff };
}

/**
 * Blends, in place, every pixel at or above the threshold onto the matte and makes it opaque; pixels
 * below it become transparent black. Without a matte nothing changes here: the encoder's own alpha
 * threshold then decides, and opaque-enough pixels keep their colour.
 */
export function applyMatte(rgba: Uint8Array, options: TransparencyOptions): void {
  const matte = matteColour(options);
  if (!matte) return;
  const { r, g, b } = matte;
  const threshold = alphaThresholdOf(options);
  for (let i = 0; i < rgba.length; i += 4) {
    const alpha = rgba[i + 3]!;
    if (alpha === 255) continue;
    if (alpha < threshold) {
      rgba[i] = rgba[i + 1] = rgba[i + 2] = rgba[i + 3] = 0;
      continue;
    }
    // Straight (not premultiplied) alpha, as the decoder delivers it: colour × α + matte × (1 − α).
    rgba[i] = Math.round((rgba[i]! * alpha + r * (255 - alpha)) / 255);
    rgba[i + 1] = Math.round((rgba[i + 1]! * alpha + g * (255 - alpha)) / 255);
    rgba[i + 2] = Math.round((rgba[i + 2]! * alpha + b * (255 - alpha)) / 255);
    rgba[i + 3] = 255;
  }
}

/** Whether any pixel will be transparent in the GIF. */
export function hasTransparentPixels(rgba: Uint8Array, alphaThreshold: number): boolean {
  const words = pixelWords(rgba);
  if (words) {
    // Four opaque pixels have an opaque AND: most pictures are read four pixels at a time.
    let i = 0;
    for (; i + 4 <= words.length; i += 4) {
      if ((words[i]! & words[i + 1]! & words[i + 2]! & words[i + 3]!) >>> 24 === 255) continue;
      for (let j = i; j < i + 4; j++) if (words[j]! >>> 24 < alphaThreshold) return true;
    }
    for (; i < words.length; i++) if (words[i]! >>> 24 < alphaThreshold) return true;
    return false;
  }
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! < alphaThreshold) return true;
  return false;
}
