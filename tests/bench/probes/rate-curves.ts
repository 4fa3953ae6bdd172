/**
 * Bytes against quality for the app and gifski on the same pictures: each recipe's curve of
 * (bytes, SSIM-Y, butteraugli) over its own quality settings, so they can be compared at any size.
 *
 *   APP=100,90,80,70 GIFSKI=90,70,50 [OUT=dir [TAG=-x]] npx tsx tests/bench/probes/rate-curves.ts <id>...
 *
 * Ids are the quality bench's corpus (npm run bench:quality fetches it). gifski gets the pictures at the
 * app's output size (the sources' own without APP), scaled as the app scales them (gifskiInput). OUT
 * keeps the app's GIFs as <id>-q<quality><TAG>.gif.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNodeCore } from '../../support/node-core';
import { convertImages } from '../../support/node-engine';
import { cachedInput } from '../../bench/quality/corpus';
import { gifskiEncode, gifskiInput } from '../../bench/quality/gifski';
import { scoreLine } from '../../bench/quality/scores';
import { FRAME_DELAY_MS } from '../../bench/cases';

const list = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',').filter(Boolean).map(Number);
const appQualities = list('APP', '100,90,80,70,60');
const gifskiQualities = list('GIFSKI', '100,90,80,70,50');
const ffmpeg = await loadNodeCore();

for (const id of process.argv.slice(2)) {
  const { dir, files, frames: sources } = cachedInput(id);
  const inputs = sources.map((image, i) => ({ name: `f${i}.png`, image }));
  const mode = inputs.length > 1 ? 'animated' : 'static';
  let size = { width: sources[0]!.width, height: sources[0]!.height };
  for (const quality of appQualities) {
    const { gif, plan } = await convertImages(ffmpeg, inputs, { mode, quality });
    size = { width: plan.width, height: plan.height };
    if (process.env.OUT) writeFileSync(join(process.env.OUT, `${id}-q${quality}${process.env.TAG ?? ''}.gif`), gif);
    console.log(
      `${id} app q${quality} ${plan.palette.dither}/L${plan.palette.lossiness ?? 0}: ${scoreLine(gif, sources)}`,
    );
  }
  const frames = sources.map((s, i) => gifskiInput(s, join(dir, files[i]!), size.width, size.height));
  for (const quality of gifskiQualities) {
    const gif = await gifskiEncode(frames, quality, FRAME_DELAY_MS);
    console.log(`${id} gifski q${quality}: ${scoreLine(gif, sources)}`);
  }
}
