/**
 * The same input and settings give the same GIF in every engine: the engine core is the same WebAssembly,
 * and the browsers decode these PNGs (8-bit, untagged, not scaled by the browser) to the same pixels.
 * Compares what the flows of the chromium, firefox and webkit projects kept (they run first).
 */
import { existsSync, readFileSync } from 'node:fs';
import { decodeGif } from '../support/gif';
import { expect, keptGifPath, test } from './fixtures';

const ENGINES = ['chromium', 'firefox', 'webkit'] as const;

function keptGifs(outputDir: string, key: string): Buffer[] {
  return ENGINES.map((engine) => {
    const path = keptGifPath(outputDir, engine, key);
    expect(existsSync(path), `${engine} made the "${key}" GIF in this run`).toBe(true);
    return readFileSync(path);
  });
}

for (const key of ['still', 'animation', 'batch-1', 'batch-2', 'batch-3', 'apng', 'timing', 'flat', 'crop']) {
  // eslint-disable-next-line no-empty-pattern
  test(`${key}: Firefox and WebKit make Chromium's GIF, byte for byte`, ({}, testInfo) => {
    const [chromium, ...others] = keptGifs(testInfo.project.outputDir, key);
    others.forEach((gif, i) => expect(gif.equals(chromium!), `${ENGINES[i + 1]}'s bytes`).toBe(true));
  });
}

// Engines keep a decoded picture premultiplied and hand its soft edges back with their own rounding: at the
// opacities the GIF keeps (128 and up) a colour may come back up to 2 levels off, and the palette follows.
// eslint-disable-next-line no-empty-pattern
test("transparency: Firefox and WebKit make Chromium's picture, the same transparent pixels and colours within 2 levels", ({}, testInfo) => {
  const [chromium, ...others] = keptGifs(testInfo.project.outputDir, 'transparency').map(
    (bytes) => decodeGif(new Uint8Array(bytes)).frames[0]!.image,
  );
  for (const [i, image] of others.entries()) {
    let alphaDiffers = 0;
    let colourOff = 0;
    for (let p = 0; p < image.data.length; p += 4) {
      if (image.data[p + 3] !== chromium!.data[p + 3]) alphaDiffers++;
      else if (image.data[p + 3] !== 0)
        for (let c = 0; c < 3; c++)
          colourOff = Math.max(colourOff, Math.abs(image.data[p + c]! - chromium!.data[p + c]!));
    }
    expect({ alphaDiffers, colourOff }, ENGINES[i + 1]).toEqual({ alphaDiffers: 0, colourOff: expect.any(Number) });
    expect(colourOff, ENGINES[i + 1]).toBeLessThanOrEqual(2);
  }
});
