import type { ConversionRequest } from '../contracts';

/**
 * A conversion made ahead, while the person looks at the list and the settings, is only worth its work when
 * it is small: it may be thrown away (another setting, other files), and a phone pays for it in battery and
 * memory. Ten 1920x1080 frames or stills, or one 12 MP still, are in; a folder of big scans is not.
 */
export const CONVERT_AHEAD_MAX_PIXELS = 24_000_000;

/**
 * Whether the conversion Convert would ask for now is made ahead: one GIF, or a batch of one per file (not a
 * "Fit under" search of several encodes), from no more than CONVERT_AHEAD_MAX_PIXELS source pixels in all
 * (`sourcePixels`: each of the request's files' pixel count, from its header).
 */
export function convertsAhead(request: ConversionRequest, sourcePixels: readonly number[]): boolean {
  if (request.files.length === 0 || request.settings.targetBytes !== null) return false;
  return sourcePixels.reduce((sum, pixels) => sum + pixels, 0) <= CONVERT_AHEAD_MAX_PIXELS;
}

const sameList = <T>(a: readonly T[] | undefined, b: readonly T[] | undefined, none: T) => {
  const length = Math.max(a?.length ?? 0, b?.length ?? 0);
  for (let i = 0; i < length; i++) if ((a?.[i] ?? none) !== (b?.[i] ?? none)) return false;
  return true;
};

/** Whether two requests make the same GIF: the same files (the same File objects, in order), settings and timing. */
export function sameRequest(a: ConversionRequest, b: ConversionRequest): boolean {
  return (
    a.files.length === b.files.length &&
    a.files.every((file, i) => file === b.files[i]) &&
    JSON.stringify(a.settings) === JSON.stringify(b.settings) &&
    sameList(a.frameDelays, b.frameDelays, null) &&
    sameList(a.animationFrames, b.animationFrames, null)
  );
}
