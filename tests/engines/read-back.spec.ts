/**
 * A flat graphic converts to its exact pixels: never a different picture with a success. Run in every engine,
 * and in Firefox with canvas read-back randomised (privacy.resistFingerprinting, and fingerprintingProtection
 * with every target on), where the browser's own decode cannot be trusted and the converter decodes the PNG
 * itself, saying so on the result card.
 */
import { flatColours } from '../fixtures/content';
import { decodeGif } from '../support/gif';
import { convert, chooseFiles, linkedFile, openApp, toastsSeen } from './app';
import { expect, test } from './fixtures';

/** 320x240 in six flat colours, a 3x2 grid: few colours, so the lossless promise applies. */
const flatGraphic = () => flatColours(320, 240, 3, 2);

/** The result card's line when the converter decoded the PNG itself. */
const DECODED_ITSELF =
  "Your browser's privacy protection hides canvas pixels, so the converter decoded the PNG itself.";

test('a 320x240 graphic of six flat colours converts to its exact pixels', async ({
  enginePage: page,
  pngFile,
  keepGif,
  baseURL,
}) => {
  const source = flatGraphic();
  await openApp(page, `${baseURL}/`);
  await chooseFiles(page, [pngFile('flat.png', source)]);
  const outcome = await convert(page);
  const toasts = (await toastsSeen(page)).map((toast) => toast.split('\n')[0]);
  expect(outcome).toEqual({ ok: true });
  const readBackHidden = test.info().project.name.startsWith('firefox-');
  const text = await page.run(() => document.body.innerText);
  expect(text.includes(DECODED_ITSELF), 'the line saying the converter decoded the PNG itself').toBe(readBackHidden);
  expect(toasts).toContain('Conversion successful!');
  const { bytes } = await linkedFile(page, 'Download');
  keepGif('flat', bytes);
  const gif = decodeGif(bytes);
  expect([gif.width, gif.height, gif.frames.length]).toEqual([320, 240, 1]);
  const image = gif.frames[0]!.image;
  let wrong = 0;
  for (let i = 0; i < source.data.length; i += 4) {
    if (source.data.subarray(i, i + 4).some((value, c) => value !== image.data[i + c])) wrong++;
  }
  expect(wrong, 'pixels unlike the PNG').toBe(0);
});
