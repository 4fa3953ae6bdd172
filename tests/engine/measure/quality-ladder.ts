/**
 * Measures the quality ladder: for each content kind, quality and dither method, the GIF's bytes, SSIM
 * and mean error against the source. Run: npx tsx tests/engine/measure/quality-ladder.ts [width height]
 * The numbers chose the mapping documented in src/features/converter/rules/palette/quality.ts.
 */
import '../../support/node-lzw';
import { flatUi, gradient, grain, photoLike } from '../../fixtures/content';
import { decodeGif, meanAbsoluteError } from '../../support/gif';
import { loadNodeCore } from '../../support/node-core';
import { convertImages } from '../../support/node-engine';
import { lumaSsim } from '../../support/similarity';
import type { DitherChoice } from '@/features/converter/rules/settings';

const width = Number(process.argv[2] ?? 400);
const height = Number(process.argv[3] ?? 300);
const ffmpeg = await loadNodeCore();
const contents = { photo: photoLike, grain, flatUi, gradient };
const dithers: DitherChoice[] = (process.env.DITHERS?.split(',') as DitherChoice[]) ?? ['none', 'ordered', 'diffusion'];

for (const [kind, make] of Object.entries(contents)) {
  const image = make(width, height);
  for (const dither of dithers) {
    const row: string[] = [];
    for (const quality of [100, 90, 80, 70, 60, 50, 40, 30, 20, 10]) {
      const { gif } = await convertImages(ffmpeg, [{ name: 'x.png', image }], { quality, dither });
      const frame = decodeGif(gif).frames[0]!.image;
      row.push(
        `${quality}:${(gif.length / 1024).toFixed(1)}K/${lumaSsim(frame, image).toFixed(3)}/${meanAbsoluteError(frame, image).toFixed(1)}`,
      );
    }
    console.log(`${kind.padEnd(8)} ${dither.padEnd(9)} ${row.join(' ')}`);
  }
}
