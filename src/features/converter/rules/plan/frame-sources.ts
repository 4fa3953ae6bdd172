import type { ApngInfo } from '../png/apng-parse';
import type { FrameSource } from './plan';
import type { PngHeader } from '../png/validation';
import type { ConversionMode } from '../settings';

/**
 * Which picture of a file a frame shows: the file as the browser decodes it (a still PNG), the default
 * image of an animated PNG (its IDAT), or one composited frame of the animation (0-based).
 */
export type Picture = 'file' | 'default' | number;

/** A chosen file after validation: its header and, for an APNG, its animation. */
export interface CheckedFile {
  name: string;
  header: Pick<PngHeader, 'width' | 'height'>;
  animation: Pick<ApngInfo, 'frames' | 'plays'> | null;
}

export interface FrameRequest {
  mode: ConversionMode;
  /** Per-item delay overrides in milliseconds (null: the item's own or the global delay). */
  frameDelays?: readonly (number | null | undefined)[];
  /** Per-item animation frame of an expanded APNG; null or missing: the whole file. */
  animationFrames?: readonly (number | null | undefined)[];
}

export interface ExpandedFrame {
  source: FrameSource;
  /** Index of the file in the request. */
  fileIndex: number;
  picture: Picture;
}

export interface ExpandedFrames {
  frames: ExpandedFrame[];
  /** The APNG's play count (0 = forever) when the whole GIF is one animation played as it is; else null. */
  plays: number | null;
}

/**
 * The request's items → the GIF's frames. Static mode: the first item's picture (an APNG's default
 * image). Animated mode: a still PNG is one frame; an APNG is all of its frames with their own delays,
 * or, once expanded in the frame strip, the one frame the item names. A delay override wins.
 */
export function expandFrames(files: readonly CheckedFile[], request: FrameRequest): ExpandedFrames {
  const items = request.mode === 'static' ? files.slice(0, 1) : files;
  const frames: ExpandedFrame[] = [];
  items.forEach((file, fileIndex) => {
    const override = request.frameDelays?.[fileIndex] ?? undefined;
    const withDelay = (delayMs: number | undefined) => (delayMs === undefined ? {} : { delayMs });
    const { width, height } = file.header;
    const animation = file.animation;
    if (!animation) {
      frames.push({ source: { name: file.name, width, height, ...withDelay(override) }, fileIndex, picture: 'file' });
      return;
    }
    const only = request.animationFrames?.[fileIndex];
    if (request.mode === 'static') {
      // One still GIF: the expanded frame this item is, or the default image of the whole file.
      const picture = only ?? 'default';
      frames.push({ source: { name: file.name, width, height, ...withDelay(override) }, fileIndex, picture });
      return;
    }
    const wanted = only === null || only === undefined ? animation.frames.keys() : [only];
    for (const index of wanted) {
      const frame = animation.frames[index];
      if (!frame) throw new RangeError(`${file.name} has no frame ${index + 1}`);
      frames.push({
        // The file's name: an error of this frame names the file, and the frame in its reason.
        source: { name: file.name, width, height, delayMs: override ?? frame.delayMs },
        fileIndex,
        picture: index,
      });
    }
  });
  const single = items.length === 1 && items[0]!.animation && request.animationFrames?.[0] == null;
  return { frames, plays: request.mode === 'animated' && single ? items[0]!.animation!.plays : null };
}

interface FrameItem {
  animation: { frameCount: number } | null;
  /** The one frame of an expanded APNG this item shows, or null for the whole file. */
  frame: number | null;
}

/** How many GIF frames an item gives in animated mode: an unexpanded APNG gives all of its frames. */
export function itemFrameCount(item: FrameItem): number {
  return item.animation && item.frame === null ? item.animation.frameCount : 1;
}

/** The frames of a whole selection in animated mode: what the mode rules count. */
export function frameCountOf(items: readonly FrameItem[]): number {
  return items.reduce((sum, item) => sum + itemFrameCount(item), 0);
}
