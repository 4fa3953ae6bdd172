/**
 * What a matte keeps of soft edges: each picture converted on the production job code (Node core) with a white
 * matte, cut at 128 (the default without a matte) and at the matte's own default (8). For
 * each: the GIF's KiB, the share of the source's alpha 1–127 and 8–127 pixels that come out opaque, the mean
 * colour error of those against the source on white, and butteraugli / SSIMULACRA2 of the GIF on white against
 * the source on white (the page the matte names). OUT=dir writes, per picture, the 1:1 crop of the window
 * with the most soft pixels (source on white | at 128 | at 8) and a 4× enlargement of it.
 *
 *   [OUT=dir] npx tsx tests/bench/probes/matte-edges.ts [png]...
 *
 * Without a png: the soft-glow logo the end-to-end test converts (tests/fixtures/content.ts), at 480x320.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ConversionSettings } from '@/features/converter/rules/settings';
import { softGlowLogo } from '../../fixtures/content';
import { encodePng, type Rgba } from '../../fixtures/pngs';
import { butteraugli, ssimulacra2 } from '../../bench/quality/scores';
import { decodeGif } from '../../support/gif';
import { convertImages, pngInputsAt, type NodeInput } from '../../support/node-engine';
import { loadNodeCore } from '../../support/node-core';
import { overColour, softEdgeShares } from '../../support/soft-edges';

const WHITE = [255, 255, 255] as const;
const RECIPES: Record<string, Partial<ConversionSettings>> = {
  'at 128': { matte: '#ffffff', alphaThreshold: 128 },
  'at 8 (default)': { matte: '#ffffff', alphaThreshold: null },
};
const CROP = 96;

const core = await loadNodeCore();
const out = process.env.OUT;
if (out) mkdirSync(out, { recursive: true });
const inputs: { name: string; input: NodeInput }[] = process.argv.slice(2).length
  ? process.argv.slice(2).map((path) => ({ name: basename(path, '.png'), input: pngInputsAt(path)[0]! }))
  : [{ name: 'soft-glow-logo', input: { name: 'logo.png', image: softGlowLogo(480, 320) } }];

console.log(
  '| picture | recipe | KiB | opaque α 1–127 | opaque α 8–127 | mean error (opaque α 1–127) | butteraugli | SSIMULACRA2 |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const { name, input } of inputs) {
  const source = input.image;
  const seen = overColour(source, WHITE);
  const gifs: Rgba[] = [];
  for (const [recipe, settings] of Object.entries(RECIPES)) {
    const { gif: bytes } = await convertImages(core, [input], settings);
    const gif = decodeGif(bytes).frames[0]!.image;
    gifs.push(gif);
    const soft = softEdgeShares(source, gif, [1, 127], WHITE);
    const faint = softEdgeShares(source, gif, [8, 127], WHITE);
    const onWhite = overColour(gif, WHITE);
    console.log(
      `| ${name} (${soft.pixels} px α 1–127) | ${recipe} | ${(bytes.length / 1024).toFixed(1)} | ` +
        `${(soft.opaque * 100).toFixed(1)} % | ${(faint.opaque * 100).toFixed(1)} % | ${soft.meanError.toFixed(2)} | ` +
        `${butteraugli(seen, onWhite)?.toFixed(2) ?? '–'} | ${ssimulacra2(seen, onWhite).toFixed(2)} |`,
    );
  }
  if (out) writeCrops(join(out, name), source, [seen, ...gifs.map((gif) => overColour(gif, WHITE))]);
}

/** The window of CROP px with the most soft pixels, from each picture side by side, 1:1 and 4×. */
function writeCrops(prefix: string, source: Rgba, pictures: readonly Rgba[]) {
  const size = Math.min(CROP, source.width, source.height);
  let best = { x: 0, y: 0, count: -1 };
  for (let y = 0; y + size <= source.height; y += 8)
    for (let x = 0; x + size <= source.width; x += 8) {
      let count = 0;
      for (let v = y; v < y + size; v++)
        for (let u = x; u < x + size; u++) {
          const alpha = source.data[(v * source.width + u) * 4 + 3]!;
          if (alpha > 0 && alpha < 128) count++;
        }
      if (count > best.count) best = { x, y, count };
    }
  const gap = 4;
  const width = pictures.length * size + (pictures.length - 1) * gap;
  const strip = new Uint8Array(width * size * 4).fill(255);
  pictures.forEach((picture, n) => {
    for (let v = 0; v < size; v++)
      for (let u = 0; u < size; u++) {
        const from = ((best.y + v) * picture.width + best.x + u) * 4;
        strip.set(picture.data.subarray(from, from + 4), (v * width + n * (size + gap) + u) * 4);
      }
  });
  writeFileSync(`${prefix}-crop.png`, encodePng({ width, height: size, data: strip }));
  const zoom = 4;
  const big = new Uint8Array(width * zoom * size * zoom * 4);
  for (let v = 0; v < size * zoom; v++)
    for (let u = 0; u < width * zoom; u++) {
      const from = (Math.floor(v / zoom) * width + Math.floor(u / zoom)) * 4;
      big.set(strip.subarray(from, from + 4), (v * width * zoom + u) * 4);
    }
  writeFileSync(`${prefix}-crop-4x.png`, encodePng({ width: width * zoom, height: size * zoom, data: big }));
  console.log(`  ${prefix}-crop.png: x ${best.x}, y ${best.y}, ${size} px, source on white | at 128 | at 8`);
}
