/**
 * Does refining palettegen's palette (k-means in OkLab, rules/palette/refine.ts) beat it at equal size?
 * Per still: the core's palettegen → palette; paletteuse with it, and with it refined 1–3 times; each
 * GIF through the optimiser at the quality's lossiness; bytes, SSIM-Y and butteraugli against the source.
 *
 *   npx tsx tests/engine/measure/palette-refine.ts [quality=80] <png>...
 */
import { lzw } from '../../support/node-lzw';
import { readFileSync } from 'node:fs';
import { HistogramBuilder, refinePalette } from '@/features/converter/rules/palette/refine';
import { optimiseGif } from '@/features/converter/rules/gif/optimiser';
import { paletteOptions } from '@/features/converter/rules/palette/quality';
import { gradientStats, isSmoothGradient } from '@/features/converter/rules/palette/content-analysis';
import { decodePng } from '../../fixtures/pngs';
import { decodeGif } from '../../support/gif';
import { loadNodeCore } from '../../support/node-core';
import { butteraugli, referenceAt, ssimY } from '../../bench/quality/scores';

const args = process.argv.slice(2);
const quality = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 80;
const iterationsList = (process.env.ITER ?? '0,1,3').split(',').map(Number);
const ffmpeg = await loadNodeCore();
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

for (const file of args) {
  const image = decodePng(readFileSync(file));
  const { width, height } = image;
  const stats = gradientStats(image.data, width, height);
  const palette = paletteOptions(quality, 'auto', {
    smooth: isSmoothGradient(stats),
    animated: false,
  });
  await ffmpeg.writeFile('f.rgba', image.data);
  const frame = ['-canvas', `${width}x${height}`, '-frame', `f.rgba,${width},${height},0,0,${width},${height},10`];
  const half = 'scale=trunc((iw+1)/2):trunc((ih+1)/2):flags=neighbor,';
  let code = await ffmpeg.exec([
    ...frame,
    '-filter',
    `${half}palettegen=max_colors=${palette.maxColors}:reserve_transparent=1:stats_mode=full`,
    '-palette-out',
    'p.pal',
  ]);
  if (code !== 0) throw new Error('palettegen failed');
  const pal = await ffmpeg.readFile('p.pal'); // B, G, R, A per entry
  const rgb = new Uint8Array(256 * 3);
  for (let i = 0; i < 256; i++) rgb.set([pal[i * 4 + 2]!, pal[i * 4 + 1]!, pal[i * 4]!], i * 3);
  const reference = referenceAt(image, width, height);
  const row: string[] = [];
  for (const iterations of iterationsList) {
    const started = cpuMs();
    const builder = new HistogramBuilder();
    builder.add(image.data, Number(process.env.STEP ?? 2));
    const refined = iterations ? refinePalette(rgb, builder.build(), iterations, (i) => pal[i * 4 + 3] === 0) : rgb;
    const refineMs = cpuMs() - started;
    const bytes = pal.slice();
    for (let i = 0; i < 256; i++)
      if (pal[i * 4 + 3] !== 0) bytes.set([refined[i * 3 + 2]!, refined[i * 3 + 1]!, refined[i * 3]!], i * 4);
    await ffmpeg.writeFile('q.pal', bytes);
    const use = [
      `dither=${palette.dither}`,
      ...(palette.bayerScale ? [`bayer_scale=${palette.bayerScale}`] : []),
      'alpha_threshold=128',
    ];
    code = await ffmpeg.exec([
      ...frame,
      '-palette-in',
      'q.pal',
      '-filter',
      `[frames][palette]paletteuse=${use.join(':')}`,
      '-loop',
      '-1',
      '-o',
      'o.gif',
    ]);
    if (code !== 0) throw new Error('paletteuse failed');
    const raw = await ffmpeg.readFile('o.gif');
    const gif = palette.lossiness ? optimiseGif(lzw, raw, { lossiness: palette.lossiness }) : raw;
    const out = decodeGif(gif).frames[0]!.image;
    row.push(
      `k${iterations}: ${(gif.length / 1024).toFixed(0)}K/${ssimY(reference, out).toFixed(4)}/${butteraugli(reference, out)?.toFixed(2)} (${refineMs.toFixed(0)} ms)`,
    );
  }
  console.log(`${file.split('/').at(-2)} ${palette.dither} L${palette.lossiness ?? 0}: ${row.join('  ')}`);
}
