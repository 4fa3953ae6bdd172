/**
 * The spec's limit case, in Chromium through the real browser engine: ten 50 MB PNGs (3500x3500 RGBA,
 * stored without compression so each file is just under 50 MiB) converted at the default settings.
 *
 *   npx tsx tests/engine/measure/large-files.ts
 */
import { copyFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { PNG } from 'pngjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../browser';
import type { Harness } from '../../e2e/engine-harness/harness';
import { testPattern } from '../../fixtures/pngs';
import { startEngineHarness } from '../../support/engine-harness';
import { decodeGif } from '../../support/gif';

const dir = join(tmpdir(), 'png2gif-large');
mkdirSync(dir, { recursive: true });
const size = 3500;
const first = join(dir, 'large-0.png');
const png = new PNG({ width: size, height: size });
png.data = Buffer.from(testPattern(size, size).data);
writeFileSync(first, PNG.sync.write(png, { deflateLevel: 0 }));
const files = [first];
for (let i = 1; i < 10; i++) {
  files.push(join(dir, `large-${i}.png`));
  copyFileSync(first, files[i]!);
}
console.log(`10 files of ${(statSync(first).size / 1024 / 1024).toFixed(1)} MiB (limit 50 MiB)`);

const server = await startEngineHarness();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage();
await page.goto(server.url);
await page.locator('#files').setInputFiles(files);
const started = Date.now();
const result = await page.evaluate(() =>
  (window as unknown as { harness: Harness }).harness.convert({ mode: 'animated' }),
);
const ms = Date.now() - started;
if (!result.ok) {
  console.log(`FAILED after ${ms} ms: ${result.message}`);
} else {
  const gif = decodeGif(Uint8Array.from(result.gif));
  console.log(
    `converted in ${(ms / 1000).toFixed(1)} s: ${gif.width}x${gif.height}, ${gif.frames.length} frames, ` +
      `${(result.gif.length / 1024).toFixed(0)} KB`,
  );
}
await browser.close();
await server.stop();
