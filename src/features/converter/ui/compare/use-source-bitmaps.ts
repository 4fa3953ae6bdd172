import { useEffect, useState } from 'react';
import type { Placement } from '../../rules/dimensions';

/**
 * Each source PNG decoded once at the size it has in the GIF, the way the engine's decode worker does it
 * (high-quality resampling, straight alpha), so both sides of the comparison start from the same pixels.
 * Bitmaps are closed when the sources change and on unmount.
 */
export function useSourceBitmaps(
  files: readonly File[],
  placements: readonly Placement[],
): { bitmaps: readonly (ImageBitmap | null)[]; failed: boolean } {
  const [state, setState] = useState<{ key: readonly File[]; bitmaps: (ImageBitmap | null)[]; failed: boolean }>({
    key: files,
    bitmaps: [],
    failed: false,
  });
  useEffect(() => {
    let current = true;
    const made: ImageBitmap[] = [];
    void Promise.all(
      placements.map((placement, index) =>
        // Inside a promise, so a browser without createImageBitmap shows the GIF side only.
        Promise.resolve()
          .then(() =>
            createImageBitmap(files[index]!, {
              resizeWidth: placement.width,
              resizeHeight: placement.height,
              resizeQuality: 'high',
              premultiplyAlpha: 'none',
            }),
          )
          .then(
            (bitmap) => {
              if (!current) {
                bitmap.close(); // decoded after the comparison moved on
                return null;
              }
              made.push(bitmap);
              return bitmap;
            },
            () => null,
          ),
      ),
    ).then((bitmaps) => {
      if (current) setState({ key: files, bitmaps, failed: bitmaps.some((bitmap) => bitmap === null) });
    });
    return () => {
      current = false;
      for (const bitmap of made) bitmap.close();
    };
  }, [files, placements]);
  return state.key === files ? state : { bitmaps: [], failed: false };
}
