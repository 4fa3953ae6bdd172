import { useEffect, useState } from 'react';
import type { PictureSize } from '../../rules/crop-box';
import { PNG_HEADER_BYTES, pngSize } from '../../rules/png/size';
import { reducedBitmap } from '../reduced-bitmap';

/** The preview's longest side in bitmap pixels: sharp on a 2× screen at the card's width, small for any photo. */
const PREVIEW_SIDE = 720;

export interface CropPreview {
  /** The picture's own size, from its PNG header; null until read, or when the header is unreadable. */
  size: PictureSize | null;
  /** The (first) frame reduced to at most PREVIEW_SIDE; null while decoding or where the browser cannot. */
  bitmap: ImageBitmap | null;
}

async function readPreview(file: File, onSize: (size: PictureSize) => void): Promise<ImageBitmap | null> {
  const size = pngSize(new Uint8Array(await file.slice(0, PNG_HEADER_BYTES).arrayBuffer()));
  if (!size) return null;
  onSize(size);
  return reducedBitmap(file, size, PREVIEW_SIDE, 'high');
}

/** The picture the crop editor draws: its size at once, then a reduced bitmap, closed when the file changes. */
export function useCropPreview(file: File | undefined): CropPreview {
  const [state, setState] = useState<{ file: File; size: PictureSize | null; bitmap: ImageBitmap | null } | null>(null);
  useEffect(() => {
    if (!file) return;
    let current = true;
    let made: ImageBitmap | null = null;
    // Inside a promise, so a browser (or test) without createImageBitmap still gets the size and the fields.
    void Promise.resolve()
      .then(() => readPreview(file, (size) => current && setState({ file, size, bitmap: null })))
      .then(
        (bitmap) => {
          if (!bitmap) return;
          if (!current) return bitmap.close(); // decoded after the file changed
          made = bitmap;
          setState((s) => (s?.file === file ? { ...s, bitmap } : s));
        },
        () => undefined,
      );
    return () => {
      current = false;
      if (!made) return;
      // Hidden (the settings' Activity) or unmounted: the state outlives the effect, and must not hand a
      // closed bitmap to the next draw (WebKit throws on it). The effect decodes it again when shown.
      const closed = made;
      closed.close();
      setState((s) => (s?.bitmap === closed ? { ...s, bitmap: null } : s));
    };
  }, [file]);
  return state && state.file === file ? state : { size: null, bitmap: null };
}
