/**
 * What the GIF optimiser costs next to the conversion it follows (issue 12 target: the quality work
 * ≤ 20 % of conversion time at default settings). Converts a folder of frames with the production job
 * on the Node core, then times optimiseGif on its output; CPU time of this process, so other load on the
 * machine inflates both sides alike (the load is printed).
 *
 *   npx tsx tests/engine/measure/optimiser-cost.ts <frames-dir> [lossiness,...]
 */
import { lzw } from '../../support/node-lzw';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gifAsMapped, optimiseGif } from '@/features/converter/rules/gif/optimiser';
import { DEFAULT_SETTINGS } from '@/features/converter/rules/settings';
import { runConversionJob } from '@/features/converter/runtime/conversion-job';
import type { Rgba } from '../../fixtures/pngs';
import { decodedFrame } from '../../support/compose';
import { loadNodeCore } from '../../support/node-core';

const dir = process.argv[2]!;
const lossinessValues = (process.argv[3] ?? '0,20,40').split(',').map(Number);

function readImage(path: string): Rgba {
  const size = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', path]);
  const [width, height] = size.toString().trim().split(',').map(Number) as [number, number];
  const data = execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], {
    maxBuffer: 1 << 30,
  });
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const frames = readdirSync(dir)
  .filter((f) => /\.(png|jpe?g)$/i.test(f))
  .sort()
  .map((f) => readImage(join(dir, f)));
const ffmpeg = await loadNodeCore();
console.log(`load: ${execFileSync('uptime').toString().trim()}`);
const [cpu0, wall0] = [cpuMs(), performance.now()];
const settings = { ...DEFAULT_SETTINGS, mode: frames.length > 1 ? ('animated' as const) : ('static' as const) };
const { gif, plan } = await runConversionJob(ffmpeg, {
  settings,
  sources: frames.map((f, i) => ({ name: `f${i}.png`, width: f.width, height: f.height })),
  readFrame: async (frame) => decodedFrame(frames[frame.sourceIndex]!, frame, settings),
  optimise: async (input) => gifAsMapped(lzw, input),
});
const [convertCpu, convertWall] = [cpuMs() - cpu0, performance.now() - wall0];
console.log(
  `${frames.length} x ${plan.width}x${plan.height}: conversion ${convertCpu.toFixed(0)} ms CPU (${convertWall.toFixed(0)} ms wall), ${(gif.length / 1024).toFixed(0)} KiB`,
);
for (const lossiness of lossinessValues) {
  const [cpu1, wall1] = [cpuMs(), performance.now()];
  const out = optimiseGif(lzw, gif, { lossiness });
  const [cpu, wall] = [cpuMs() - cpu1, performance.now() - wall1];
  console.log(
    `  lossiness ${lossiness}: ${cpu.toFixed(0)} ms CPU (${wall.toFixed(0)} ms wall) = ${((cpu / convertCpu) * 100).toFixed(1)} % of the conversion; ${(out.length / 1024).toFixed(0)} KiB (${((out.length / gif.length - 1) * 100).toFixed(1)} %)`,
  );
}
