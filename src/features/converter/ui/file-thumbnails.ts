import { fitInside, type Size } from '../rules/dimensions';
import { PNG_HEADER_BYTES, pngSize } from '../rules/png/size';
import { reducedBitmap, reducedSize } from './reduced-bitmap';

/** The picture's size (from its header) and its bitmap, decoded at no more than the thumbnail's size. */
export interface Thumbnail {
  size: Size;
  bitmap: ImageBitmap;
}

/**
 * An expanded animation's row: its frame (from 0), and where its pixels come from at a size, given the
 * animation's own (ConverterRuntime.animationFrame, off the main thread).
 */
export interface AnimationFrame {
  index: number;
  pixels: (size: Size, source: Size) => Promise<Uint8Array | null>;
}

/** Per file, its thumbnails: the picture the file decodes to ('file'), and frames of an expanded animation. */
const made = new WeakMap<File, Map<number | 'file', Promise<Thumbnail | null>>>();
let last: Promise<unknown> = Promise.resolve();
let held: Promise<void> | null = null;

/**
 * Holds the next thumbnails' decodes until the returned function is called: a conversion has the cores
 * to itself (Convert clicked right after the choice, the thumbnails not all made yet).
 */
export function holdThumbnails(): () => void {
  let release = () => {};
  const hold = new Promise<void>((resolve) => (release = resolve));
  held = hold;
  return () => {
    if (held === hold) held = null;
    release();
  };
}

async function whenNotHeld(): Promise<void> {
  while (held) await held;
}

/**
 * A PNG's thumbnail, decoded straight to at most `side` pixels, once per file. An <img> of the file made the
 * browser decode the whole picture, and again whenever the list was painted anew (on the cores a
 * conversion needs), and a phone kept each full-size bitmap. One decode at a time, so many big files never
 * decode at once. The bitmaps are never closed (rows mount again: a reorder, the list shown again); they
 * go with their File. Null where the header is not a PNG's or the browser cannot decode it. `frame`: the
 * thumbnail of that frame of an animated PNG instead of what the browser decodes of the file.
 */
export function thumbnailOf(file: File, side: number, frame?: AnimationFrame): Promise<Thumbnail | null> {
  const ofFile = made.get(file) ?? new Map<number | 'file', Promise<Thumbnail | null>>();
  made.set(file, ofFile);
  const key = frame?.index ?? 'file';
  let thumbnail = ofFile.get(key);
  if (!thumbnail) {
    thumbnail = last
      .then(whenNotHeld)
      .then(() => decodeSmall(file, side, frame))
      .catch(() => null);
    last = thumbnail;
    ofFile.set(key, thumbnail);
  }
  return thumbnail;
}

async function decodeSmall(file: File, side: number, frame?: AnimationFrame): Promise<Thumbnail | null> {
  const size = pngSize(new Uint8Array(await file.slice(0, PNG_HEADER_BYTES).arrayBuffer()));
  if (!size) return null;
  if (!frame) return { size, bitmap: await reducedBitmap(file, size, side, 'medium') };
  const small = reducedSize(size, side);
  const rgba = await frame.pixels(small, size);
  if (!rgba) return null;
  const pixels = new Uint8ClampedArray(rgba.buffer as ArrayBuffer, rgba.byteOffset, rgba.length);
  return { size, bitmap: await createImageBitmap(new ImageData(pixels, small.width, small.height)) };
}

/**
 * Draws a thumbnail contained and centred in a square canvas of `side` pixels: shrunk smoothly, or a small
 * picture enlarged with sharp pixels, as pixel art is meant to be seen.
 */
export function drawThumbnail(canvas: HTMLCanvasElement, { size, bitmap }: Thumbnail, side: number): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const shown = fitInside(size, { width: side, height: side });
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingEnabled = shown.width <= bitmap.width;
  const [x, y] = [Math.floor((side - shown.width) / 2), Math.floor((side - shown.height) / 2)];
  context.drawImage(bitmap, x, y, shown.width, shown.height);
}
