/**
 * A huge picture in Chromium through the real browser engine: a 20000x20000 PNG (1.6 GB of RGBA
 * in a small file) must convert or be refused with a clear message, and the next job must work.
 *
 *   npx tsx tests/bench/probes/huge-png.ts [side=20000]
 */
import { createWriteStream, mkdirSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeflate } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../browser';
import type { Harness } from '../../e2e/engine-harness/harness';
import { FIXTURES, GENERATED_DIR, makeFixtures } from '../../fixtures/make-fixtures';
import { crc32 } from '@/features/converter/rules/png/crc32';
import { startEngineHarness } from '../../support/engine-harness';
import { decodeGif } from '../../support/gif';

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** An RGB gradient with a grid, written row by row (Sub filter) so the file stays small. */
async function writeHugePng(file: string, side: number): Promise<void> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const idat: Buffer[] = [];
  const deflate = createDeflate({ level: 6 });
  deflate.on('data', (data: Buffer) => idat.push(data));
  const row = Buffer.alloc(1 + side * 3);
  for (let y = 0; y < side; y++) {
    row[0] = 1; // Sub: each byte minus the one 3 bytes before
    const onGrid = y % 1000 < 20;
    let previous = [0, 0, 0];
    for (let x = 0; x < side; x++) {
      const grid = onGrid || x % 1000 < 20;
      const pixel = grid ? [250, 250, 250] : [Math.floor((x * 255) / side), Math.floor((y * 255) / side), 120];
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = (pixel[c]! - previous[c]!) & 0xff;
      previous = pixel;
    }
    if (!deflate.write(row)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  const out = createWriteStream(file);
  out.write(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  out.write(chunk('IHDR', ihdr));
  for (let i = 0; i < idat.length; i += 64) out.write(chunk('IDAT', Buffer.concat(idat.slice(i, i + 64))));
  out.write(chunk('IEND', new Uint8Array()));
  out.end();
  await once(out, 'finish');
}

const side = Number(process.argv[2] ?? 20000);
const dir = join(tmpdir(), 'png2gif-huge');
mkdirSync(dir, { recursive: true });
const huge = join(dir, `huge-${side}.png`);
await writeHugePng(huge, side);
makeFixtures();
console.log(
  `${huge}: ${side}x${side}, ${(statSync(huge).size / 1e6).toFixed(2)} MB file, ${((side * side * 4) / 1e9).toFixed(2)} GB RGBA`,
);

const server = await startEngineHarness();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  page.on('crash', () => console.log('the page crashed'));
  await page.goto(server.url);
  const convert = async (files: string[]) => {
    await page.locator('#files').setInputFiles(files);
    const started = Date.now();
    const result = await page.evaluate(() => (window as unknown as { harness: Harness }).harness.convert({}));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (!result.ok) return console.log(`  refused/failed after ${seconds} s: ${result.name}: ${result.message}`);
    const gif = decodeGif(Uint8Array.from(result.gif));
    console.log(`  converted in ${seconds} s: ${gif.width}x${gif.height}, ${(result.gif.length / 1024).toFixed(0)} KB`);
  };
  console.log('huge PNG:');
  await convert([huge]);
  console.log('next job (160x120 pattern):');
  await convert([join(GENERATED_DIR, FIXTURES.pattern.name)]);
} finally {
  await browser.close();
  await server.stop();
}
