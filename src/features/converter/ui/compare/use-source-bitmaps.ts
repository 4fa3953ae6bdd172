import { useEffect, useState } from 'react';
import { sourceDrawing, type SourcePlacement } from './placements';

/**
 * Each source PNG decoded once at the size it has in the GIF, the way the engine's decode worker does it
 * (high-quality resampling, straight alpha), so both sides of the comparison start from the same pixels;
 * only its crop when it was cropped (turned when drawn: sourceDrawing).
 * Bitmaps are closed when the sources change and on unmount.
 */
export function useSourceBitmaps(
  files: readonly File[],
  placements: readonly SourcePlacement[],
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
          .then(() => {
            const { decode } = sourceDrawing(placement);
            const options: ImageBitmapOptions = {
              resizeWidth: decode.width,
              resizeHeight: decode.height,
              resizeQuality: 'high',
              premultiplyAlpha: 'none',
            };
            const { cut } = placement;
            if (cut?.blank) return Promise.reject(new Error('blank'));
            return cut
              ? createImageBitmap(files[index]!, cut.crop.x, cut.crop.y, cut.crop.width, cut.crop.height, options)
              : createImageBitmap(files[index]!, options);
          })
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
