/**
 * Closing-note measurements in Chromium through the real browser engine (the harness page):
 * 10-frame animations at 800x600 and 1920x1080, quality 30 / 80 / 100: time from convert() to the GIF
 * Blob in the page (engine loaded; split into decoding and ffmpeg encoding),
 * output size and mean SSIM of the frames against their sources.
 *
 *   npx tsx tests/engine/measure/browser-sets.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../browser';
import type { Harness } from '../../e2e/engine-harness/harness';
import { photoLike } from '../../fixtures/content';
import { decodePng, encodePng, type Rgba } from '../../fixtures/pngs';
import { startEngineHarness } from '../../support/engine-harness';
import { decodeGif } from '../../support/gif';
import { lumaSsim } from '../../support/similarity';

const sets = [
  { width: 800, height: 600 },
  { width: 1920, height: 1080 },
];
const dir = join(tmpdir(), 'png2gif-sets');
mkdirSync(dir, { recursive: true });
const server = await startEngineHarness();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage();
await page.goto(server.url);
console.log('set              quality  time     (decode  encode)  bytes      mean SSIM');
for (const { width, height } of sets) {
  const sources: Rgba[] = [];
  const files: string[] = [];
  for (let i = 0; i < 10; i++) {
    const file = join(dir, `photo-${width}x${height}-${i}.png`);
    writeFileSync(file, encodePng(photoLike(width, height, i + 1)));
    sources.push(decodePng(encodePng(photoLike(width, height, i + 1))));
    files.push(file);
  }
  await page.locator('#files').setInputFiles(files);
  // One warm-up conversion so the engine load is not counted.
  await page.evaluate(() =>
    (window as unknown as { harness: Harness }).harness.convert({ mode: 'animated', quality: 10 }),
  );
  for (const quality of [30, 80, 100]) {
    const result = await page.evaluate(
      (q) => (window as unknown as { harness: Harness }).harness.convert({ mode: 'animated', quality: q }),
      quality,
    );
    if (!result.ok) throw new Error(result.message);
    const ms = result.engineMs;
    const gif = decodeGif(Uint8Array.from(result.gif));
    const at = (stage: string) => result.progress.find((p) => p.stage === stage)!.at;
    const decode = ((at('processing') - at('preparing')) / 1000).toFixed(2);
    const encode = ((at('finalizing') - at('processing')) / 1000).toFixed(2);
    const meanSsim = gif.frames.reduce((sum, f, i) => sum + lumaSsim(f.image, sources[i]!), 0) / gif.frames.length;
    console.log(
      `10x${width}x${height}`.padEnd(17) +
        `${quality}`.padEnd(9) +
        `${(ms / 1000).toFixed(2)} s`.padEnd(9) +
        `(${decode} s  ${encode} s)`.padEnd(18) +
        `${(result.gif.length / 1024).toFixed(0)} KB`.padEnd(11) +
        meanSsim.toFixed(3),
    );
  }
}
await browser.close();
await server.stop();
