import { placeFrame, type Placement, type Size } from '../dimensions';
import { cropMissed } from '../errors';
import { clampCrop, isUpright, orientedSize, orientRect, type CropRect, type FrameCut } from '../framing';

export type { FrameCut };
import type { ConversionSettings } from '../settings';

/** One frame of the framing: the picture's size once cut, and where it goes on the framed canvas. */
export interface FramedFrame {
  /** The picture's size as the core gets it before scaling: cut and oriented (the file's own when uncut). */
  size: Size;
  /** Null: the picture as it is in its file (no crop, upright). */
  cut: FrameCut | null;
  /**
   * Where the cut lands on the framed canvas (the first picture, cropped and oriented), for a frame of
   * another size than the first under a crop; null: fitted and centred on the canvas (placeFrame).
   */
  area: Placement | null;
}

const BLANK: FramedFrame = {
  size: { width: 1, height: 1 },
  cut: { crop: { x: 0, y: 0, width: 1, height: 1 }, orientation: { quarterTurns: 0, mirrored: false }, blank: true },
  area: { x: 0, y: 0, width: 1, height: 1 },
};

/**
 * How each frame is framed. The crop is in the first picture's pixels; a frame of another size is placed
 * where it would be on that picture (fitted and centred) and cropped there, so one rectangle cuts every
 * frame alike. Throws the crop-miss message when the crop misses the first picture (a batch's file).
 */
export function frameCuts(
  settings: Pick<ConversionSettings, 'crop' | 'orientation'>,
  sources: readonly (Size & { name: string })[],
): FramedFrame[] {
  const { crop, orientation } = settings;
  const first = sources[0];
  if (!first) return [];
  if (!crop) {
    if (isUpright(orientation))
      return sources.map((s) => ({ size: { width: s.width, height: s.height }, cut: null, area: null }));
    return sources.map((s) => ({
      size: orientedSize(s.width, s.height, orientation),
      cut: { crop: { x: 0, y: 0, width: s.width, height: s.height }, orientation, blank: false },
      area: null,
    }));
  }
  const kept = clampCrop(crop, first);
  if (!kept) throw cropMissed(first.name, first);
  return sources.map((source) => {
    if (source.width === first.width && source.height === first.height)
      return {
        size: orientedSize(kept.width, kept.height, orientation),
        cut: { crop: kept, orientation, blank: false },
        area: null,
      };
    const placed = placeFrame(source, first, true);
    const seen = intersect(placed, kept);
    if (!seen) return BLANK;
    // The seen part in the frame's own pixels, widened to whole pixels.
    const sx = source.width / placed.width;
    const sy = source.height / placed.height;
    const x0 = Math.max(0, Math.floor((seen.x - placed.x) * sx));
    const y0 = Math.max(0, Math.floor((seen.y - placed.y) * sy));
    const x1 = Math.min(source.width, Math.ceil((seen.x + seen.width - placed.x) * sx));
    const y1 = Math.min(source.height, Math.ceil((seen.y + seen.height - placed.y) * sy));
    const own = { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
    const onCrop = { x: seen.x - kept.x, y: seen.y - kept.y, width: seen.width, height: seen.height };
    return {
      size: orientedSize(own.width, own.height, orientation),
      cut: { crop: own, orientation, blank: false },
      area: orientRect(onCrop, kept.width, kept.height, orientation),
    };
  });
}

function intersect(a: Placement, b: CropRect): Placement | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const width = Math.min(a.x + a.width, b.x + b.width) - x;
  const height = Math.min(a.y + a.height, b.y + b.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

/** An area of the framed canvas (`framed` size) on the GIF's canvas: scaled by the same ratios, at least 1 px. */
export function scaleArea(area: Placement, framed: Size, canvas: Size): Placement {
  const sx = canvas.width / framed.width;
  const sy = canvas.height / framed.height;
  const x = Math.min(canvas.width - 1, Math.round(area.x * sx));
  const y = Math.min(canvas.height - 1, Math.round(area.y * sy));
  return {
    x,
    y,
    width: Math.max(1, Math.min(canvas.width, Math.round((area.x + area.width) * sx)) - x),
    height: Math.max(1, Math.min(canvas.height, Math.round((area.y + area.height) * sy)) - y),
  };
}
