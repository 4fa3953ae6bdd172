import { framedSize } from './framing';
import { LIMITS, type ConversionSettings } from './settings';

export interface Size {
  width: number;
  height: number;
}

/** Where a frame is drawn on the output canvas, in whole pixels. */
export interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
}

const clampInt = (value: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.round(Number.isFinite(value) ? value : min)));

/** The largest size with `source`'s proportions that fits in `box` (up or down), at least 1x1. */
export function fitInside(source: Size, box: Size): Size {
  const scale = Math.min(box.width / source.width, box.height / source.height);
  return {
    width: clampInt(source.width * scale, 1, box.width),
    height: clampInt(source.height * scale, 1, box.height),
  };
}

/**
 * The GIF's size, from the settings and the first frame's size in its file, framed first (cropped, then
 * oriented: framing.ts), since the crop happens before any scaling:
 * - resize off: the framed size, its larger side capped at 1920 proportionally (never enlarged);
 * - resize on, aspect ratio kept: the framed proportions fitted in width × height (the picture is
 *   never distorted, so one side may come out smaller than asked);
 * - resize on, aspect ratio off: exactly width × height, the user's explicit choice.
 * Width and height are clamped to 100–3840 and 100–2160 whatever the UI sent.
 */
export function outputSize(settings: ConversionSettings, source: Size): Size {
  const first = framedSize(source, settings.crop, settings.orientation);
  if (!settings.resize) {
    const max = LIMITS.autoScaleMaxDimension;
    if (first.width <= max && first.height <= max) return { width: first.width, height: first.height };
    return fitInside(first, { width: max, height: max });
  }
  const box = {
    width: clampInt(settings.width, LIMITS.width.min, LIMITS.width.max),
    height: clampInt(settings.height, LIMITS.height.min, LIMITS.height.max),
  };
  return settings.maintainAspectRatio ? fitInside(first, box) : box;
}

/**
 * Where each frame goes on the canvas: scaled to fit and centred, keeping its proportions, transparent
 * around it. With aspect ratio off the user asked for an exact size, so frames fill the canvas.
 */
export function placeFrame(frame: Size, canvas: Size, keepAspect: boolean): Placement {
  if (!keepAspect) return { x: 0, y: 0, width: canvas.width, height: canvas.height };
  const size = fitInside(frame, canvas);
  return {
    x: Math.floor((canvas.width - size.width) / 2),
    y: Math.floor((canvas.height - size.height) / 2),
    ...size,
  };
}
