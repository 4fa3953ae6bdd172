import { useEffect, useState } from 'react';
import { hasTransparentPixels } from '../rules/palette/matte';
import { PNG_TRANSPARENCY_PROBE_BYTES, pngMayHaveTransparency } from '../rules/png/transparency';
import { pngSize } from '../rules/png/size';
import { reducedBitmap } from './reduced-bitmap';

/** The longest side a PNG is reduced to for the pixel check: averaging keeps soft edges below opaque. */
const PROBE_SIDE = 256;

/** Whether a PNG really has pixels that are not opaque: its chunks first, then a reduced decode. */
async function isTransparent(file: File): Promise<boolean> {
  const start = new Uint8Array(await file.slice(0, PNG_TRANSPARENCY_PROBE_BYTES).arrayBuffer());
  if (!pngMayHaveTransparency(start)) return false;
  // Many RGBA files are fully opaque (screenshots): look at the pixels, on a small copy.
  const size = pngSize(start);
  if (!size) return true;
  const small = await reducedBitmap(file, size, PROBE_SIDE, 'high');
  const { width, height } = small;
  try {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return true;
    context.drawImage(small, 0, 0);
    return hasTransparentPixels(new Uint8Array(context.getImageData(0, 0, width, height).data.buffer), 255);
  } finally {
    small.close();
  }
}

/**
 * Each file's answer, looked for once: the Transparency card asks when the files are chosen, and the result
 * card asks again for the same files, which then does not decode them again beside the compare view's
 * decode. A File is a snapshot, so its answer stays true.
 */
const answers = new WeakMap<File, Promise<boolean>>();

function transparencyOf(file: File): Promise<boolean> {
  let answer = answers.get(file);
  if (!answer) answers.set(file, (answer = isTransparent(file).catch(() => false)));
  return answer;
}

/** Which of the files have transparent pixels, by index; null while still looking. Unreadable files count as opaque. */
export function useTransparentFiles(files: readonly File[]): readonly boolean[] | null {
  const [state, setState] = useState<{ key: readonly File[]; value: boolean[] } | null>(null);
  useEffect(() => {
    let current = true;
    void Promise.all(files.map(transparencyOf)).then((value) => current && setState({ key: files, value }));
    return () => {
      current = false;
    };
  }, [files]);
  return state?.key === files ? state.value : null;
}
