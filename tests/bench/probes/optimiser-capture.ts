/**
 * Saves the GIFs the optimiser pass gets (the core's output with exact timing) and its options, for each
 * bench case, so the pass can be timed and compared alone (optimiser-replay.ts).
 *
 *   npx tsx tests/bench/probes/optimiser-capture.ts <out-dir> <case-dir>...
 */
import { lzw } from '../../support/node-lzw';
import { gifAsMapped } from '@/features/converter/rules/gif/optimiser';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { decodePng } from '../../fixtures/pngs';
import { loadNodeCore } from '../../support/node-core';
import { DEFAULT_SETTINGS } from '@/features/converter/rules/settings';
import { runConversionJob } from '@/features/converter/runtime/conversion-job';
import { decodedFrame } from '../../support/compose';

const [out, ...dirs] = process.argv.slice(2);
mkdirSync(out!, { recursive: true });
const ffmpeg = await loadNodeCore();
for (const dir of dirs) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort();
  const images = files.map((f) => decodePng(readFileSync(join(dir, f))));
  const batch = basename(dir).startsWith('batch');
  const groups = batch || images.length === 1 ? images.map((i) => [i]) : [images];
  for (const [n, group] of groups.entries()) {
    const settings = { ...DEFAULT_SETTINGS, mode: group.length > 1 ? ('animated' as const) : ('static' as const) };
    const name = `${basename(dir)}${groups.length > 1 ? `-${n + 1}` : ''}`;
    await runConversionJob(ffmpeg, {
      settings,
      sources: group.map((f, i) => ({ name: `f${i}.png`, width: f.width, height: f.height })),
      readFrame: async (frame) => decodedFrame(group[frame.sourceIndex]!, frame, settings),
      optimise: async (input, options, runs) => {
        // Indexed frames are saved as a GIF of them (the replay then also times decoding it).
        const gif = gifAsMapped(lzw, input);
        writeFileSync(join(out!, `${name}.gif`), gif);
        writeFileSync(join(out!, `${name}.json`), JSON.stringify({ ...options, runs }));
        return gif;
      },
    });
    console.log(name);
  }
}
