import { ApngComposer } from '../rules/png/apng-compose';
import { parseApng } from '../rules/png/apng-parse';
import { failedToLoadImage } from '../rules/errors';

/**
 * The decode worker's APNG side: the composer of the file being converted is kept between requests, so
 * the frames of one animation, asked for in order, are composited once each. A different file replaces it.
 */
let current: { file: Blob; composer: ApngComposer } | null = null;

async function composerFor(file: Blob, name: string): Promise<ApngComposer> {
  if (current?.file === file) return current.composer;
  current = null;
  const info = parseApng(new Uint8Array(await file.arrayBuffer()), name);
  if (!info) throw failedToLoadImage(name, 'it is not an animated PNG');
  const composer = new ApngComposer(info, name);
  current = { file, composer };
  return composer;
}

/** An APNG's default image or composited frame: its RGBA, at the APNG's size. */
export async function apngPixels(
  file: Blob,
  name: string,
  picture: 'default' | number,
): Promise<{ rgba: Uint8Array; width: number; height: number }> {
  const composer = await composerFor(file, name);
  const rgba = picture === 'default' ? composer.defaultImage() : composer.frame(picture);
  return { rgba, width: composer.width, height: composer.height };
}

/** An APNG's default image or composited frame, as ImageData the browser can scale like a decoded PNG. */
export async function apngPicture(file: Blob, name: string, picture: 'default' | number): Promise<ImageData> {
  const { rgba, width, height } = await apngPixels(file, name, picture);
  const pixels = new Uint8ClampedArray(rgba.buffer as ArrayBuffer, rgba.byteOffset, rgba.length);
  return new ImageData(pixels, width, height);
}
