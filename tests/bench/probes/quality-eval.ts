/**
 * The quality bench's scores without the browser: the production job on the Node core at some
 * qualities, native ffmpeg's classic recipe and (GIFSKI=1) gifski at the size of the first quality,
 * each with bytes, SSIM-Y and butteraugli. For tuning rules/palette/quality.ts quickly; `npm run bench:quality`
 * stays the reference (real app, real browser).
 *
 *   QUALITIES=80,70 [GIFSKI=1] [OUT=dir] npx tsx tests/bench/probes/quality-eval.ts <id>...   (ids of the bench's corpus cache)
 *
 * DITHER=none|ordered|diffusion sets the Dithering choice (Auto otherwise); SOFT_EDGES=dither dithers soft
 * edges instead of cutting them (the Transparency card's choice).
 *
 * OUT=dir keeps the app's GIFs there as <id>-q<quality>.gif, to look at.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNodeCore } from '../../support/node-core';
import type { DitherChoice, SoftEdges } from '@/features/converter/rules/settings';
import { convertImages } from '../../support/node-engine';
import { cachedInput } from '../../bench/quality/corpus';
import { gifskiAtSize, gifskiInput } from '../../bench/quality/gifski';
import { scoreLine } from '../../bench/quality/scores';
import { FRAME_DELAY_MS, FRAME_RATE } from '../../bench/cases';
import { nativeArgs, timeNativeCommand } from '../../bench/native-ffmpeg';

const qualities = (process.env.QUALITIES ?? '80').split(',').map(Number);
const choices = {
  ...(process.env.DITHER ? { dither: process.env.DITHER as DitherChoice } : {}),
  ...(process.env.SOFT_EDGES ? { softEdges: process.env.SOFT_EDGES as SoftEdges } : {}),
};
const ffmpeg = await loadNodeCore();

for (const id of process.argv.slice(2)) {
  const { dir, files, frames: sources } = cachedInput(id);
  const inputs = sources.map((image, i) => ({ name: `f${i}.png`, image }));
  const mode = inputs.length > 1 ? 'animated' : 'static';
  const row: string[] = [];
  let first: Uint8Array | null = null;
  let size = { width: 0, height: 0 };
  for (const quality of qualities) {
    const { gif, plan } = await convertImages(ffmpeg, inputs, { mode, quality, ...choices });
    first ??= gif;
    if (process.env.OUT) writeFileSync(join(process.env.OUT, `${id}-q${quality}.gif`), gif);
    size = { width: plan.width, height: plan.height };
    row.push(`q${quality} ${plan.palette.dither}/L${plan.palette.lossiness ?? 0}: ${scoreLine(gif, sources)}`);
  }
  const out = `/tmp/quality-eval-${id}-native.gif`;
  const source =
    inputs.length > 1 ? { sequence: join(dir, '%03d.png'), frameRate: FRAME_RATE } : { file: join(dir, files[0]!) };
  await timeNativeCommand(nativeArgs(source, size, out));
  row.push(`native: ${scoreLine(new Uint8Array(readFileSync(out)), sources)}`);
  if (process.env.GIFSKI && first) {
    const frames = sources.map((s, i) => gifskiInput(s, join(dir, files[i]!), size.width, size.height));
    const gifski = await gifskiAtSize(frames, first.length, FRAME_DELAY_MS);
    if (gifski) row.push(`gifski q${gifski.quality}: ${scoreLine(gifski.gif, sources)}`);
  }
  console.log(`${id}  ${row.join('  |  ')}`);
}
