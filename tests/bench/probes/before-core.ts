/**
 * The output's floor: at the same settings, never worse than the engine before this core (ffmpeg.wasm's
 * FFmpeg 5.1 core running the app's recipe of then). That recipe at quality 100 — palettegen of 256
 * colours (stats_mode=full, reserve_transparent), paletteuse without dithering, or with ordered
 * bayer_scale=1 where its gradient detector fired — is run here by Debian's native ffmpeg 5.1 (the same
 * FFmpeg code), scaled with lanczos (the app of then let the browser scale, which is worse: decode-size.ts).
 * Against it, today's app at quality 100 on the production job code (Node core), with Dithering on Auto and
 * on None: KiB / SSIM-Y / butteraugli.
 *
 *   npx tsx tests/bench/probes/before-core.ts <png or folder>...
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { DEFAULT_SETTINGS } from '@/features/converter/rules/settings';
import { encodePng } from '../../fixtures/pngs';
import { scoreLine } from '../../bench/quality/scores';
import { convertImages, pngInputsAt } from '../../support/node-engine';
import { loadNodeCore } from '../../support/node-core';

const ffmpeg = await loadNodeCore();
const work = mkdtempSync(join(tmpdir(), 'before-core-'));

for (const path of process.argv.slice(2)) {
  const inputs = pngInputsAt(path);
  const sources = inputs.map((input) => input.image);
  const mode = inputs.length > 1 ? ('animated' as const) : ('static' as const);
  const today = await convertImages(ffmpeg, inputs, { ...DEFAULT_SETTINGS, mode, quality: 100 });
  // The same recipe choice as the engine of then: no dithering (the Dithering control's None).
  const undithered = await convertImages(ffmpeg, inputs, { ...DEFAULT_SETTINGS, mode, quality: 100, dither: 'none' });
  writeFileSync(join(work, `${basename(path)}-today.gif`), today.gif);
  writeFileSync(join(work, `${basename(path)}-today-none.gif`), undithered.gif);
  inputs.forEach((input, i) => writeFileSync(join(work, `${String(i).padStart(3, '0')}.png`), encodePng(input.image)));
  const before = (dither: string) => {
    const out = join(work, `${basename(path)}-before-${dither.replace(/\W/g, '')}.gif`);
    const graph =
      `[0:v]scale=${today.plan.width}:${today.plan.height}:flags=lanczos,split[a][b];` +
      `[a]palettegen=max_colors=256:reserve_transparent=1:stats_mode=full[p];` +
      `[b][p]paletteuse=dither=${dither}:alpha_threshold=128`;
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-framerate',
      '2',
      '-i',
      join(work, '%03d.png'),
      '-filter_complex',
      graph,
      '-loop',
      '0',
      out,
    ]);
    return scoreLine(new Uint8Array(readFileSync(out)), sources);
  };
  console.log(
    [
      basename(path).slice(0, 24).padEnd(24),
      `today ${scoreLine(today.gif, sources)}`,
      `today, dithering None ${scoreLine(undithered.gif, sources)}`,
      `before, no dither ${before('none')}`,
      `before, bayer 1 ${before('bayer:bayer_scale=1')}`,
    ].join('   '),
  );
  execFileSync('sh', ['-c', `rm -f ${work}/*.png`]);
}
console.log(`GIFs kept in ${work}`);
