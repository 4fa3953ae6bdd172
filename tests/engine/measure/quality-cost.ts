/**
 * What the quality work costs at default settings (issue 12): the content analysis (smooth-block share,
 * exact-palette fit) and the lossy LZW pass, against the whole conversion on the Node core.
 *   npx tsx tests/engine/measure/quality-cost.ts <png>...
 */
import { readFileSync } from 'node:fs';
import { gradientStats, PaletteFit } from '@/features/converter/rules/content-analysis';
import { optimiseGif } from '@/features/converter/rules/gif-optimise';
import { decodePng } from '../../fixtures/pngs';
import { loadNodeFFmpeg } from '../../support/node-ffmpeg';
import { convertImages } from '../../support/node-engine';

const ffmpeg = await loadNodeFFmpeg();
for (const file of process.argv.slice(2)) {
  const image = decodePng(readFileSync(file));
  await convertImages(ffmpeg, [{ name: 'warm.png', image }]);
  let started = performance.now();
  const { gif, plan } = await convertImages(ffmpeg, [{ name: 'a.png', image }]);
  const total = performance.now() - started;
  started = performance.now();
  gradientStats(image.data, image.width, image.height);
  new PaletteFit().add(image.data);
  const analysis = performance.now() - started;
  started = performance.now();
  if (plan.palette.lossiness) optimiseGif(gif, { lossiness: plan.palette.lossiness });
  const lossy = plan.palette.lossiness ? performance.now() - started : 0;
  console.log(
    `${file}: ${image.width}x${image.height} conversion ${total.toFixed(0)} ms; analysis ${analysis.toFixed(0)} ms ` +
      `(${((analysis / total) * 100).toFixed(1)} %); lossy pass (${plan.palette.lossiness ?? 0}) ${lossy.toFixed(0)} ms ` +
      `(${((lossy / total) * 100).toFixed(1)} %); dither ${plan.palette.dither}`,
  );
}
