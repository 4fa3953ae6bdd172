/**
 * How close the size estimate comes to the GIF, on the production job code (Node core): for each picture
 * (a PNG, or a folder of frames for an animation) at default settings, the GIF's bytes, and the estimate
 * as a ratio of them, made two ways:
 * - before: the sample is the whole picture scaled to 320 px by the core, scaled up by pixels^0.85;
 * - now: the app's sample (rules/estimate/sample-pixels.ts: tiles cut at the conversion's scale), extrapolated as the
 *   app does (rules/estimate/size-estimate.ts).
 *
 *   npx tsx tests/bench/probes/estimate-accuracy.ts <png or folder>...
 */
import { statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { outputSize } from '@/features/converter/rules/dimensions';
import { gifByteLayout } from '@/features/converter/rules/gif/bytes';
import { extrapolateSize, SAMPLE_FRAMES, sampleSettings } from '@/features/converter/rules/estimate/size-estimate';
import { DEFAULT_SETTINGS, type ConversionSettings } from '@/features/converter/rules/settings';
import { convertImages, convertSample, pngInputsAt } from '../../support/node-engine';
import { loadNodeCore } from '../../support/node-core';

const ffmpeg = await loadNodeCore();
const ratios = { before: [] as number[], now: [] as number[] };

/** The estimate before tiles: header, first frame and the mean following frame, scaled by pixels^0.85. */
function wholeEstimate(sample: Uint8Array, factor: number, frames: number): number {
  const { headerBytes, frameBytes } = gifByteLayout(sample);
  const [first = 0, ...rest] = frameBytes;
  const following = rest.length ? rest.reduce((a, b) => a + b, 0) / rest.length : first;
  return headerBytes + (first + (frames - 1) * following) * factor ** 0.85;
}

console.log('picture                       size                     GIF      before   now');
for (const path of process.argv.slice(2)) {
  const inputs = pngInputsAt(path);
  const settings: ConversionSettings = { ...DEFAULT_SETTINGS, mode: inputs.length > 1 ? 'animated' : 'static' };
  const first = inputs[0]!.image;
  const full = outputSize(settings, first);
  const gif = (await convertImages(ffmpeg, inputs, settings)).gif.length;
  const frames = settings.mode === 'animated' ? inputs.length : 1;

  const small = sampleSettings(settings, first);
  const whole = await convertImages(ffmpeg, inputs.slice(0, SAMPLE_FRAMES), small);
  const pixels = (full.width * full.height) / (whole.plan.width * whole.plan.height);
  const before = wholeEstimate(whole.gif, pixels, frames) / gif;
  const sample = await convertSample(ffmpeg, inputs, settings);
  const now = extrapolateSize(sample.gif, sample.plan, settings, first, Array(frames).fill(null)) / gif;
  ratios.before.push(before);
  ratios.now.push(now);
  const name = statSync(path).isDirectory() ? basename(path) : `${basename(join(path, '..'))}/${basename(path)}`;
  console.log(
    [
      name.slice(0, 28).padEnd(28),
      `${first.width}x${first.height}→${full.width}x${full.height}`.padEnd(22),
      `${(gif / 1024).toFixed(0)} KB`.padStart(9),
      `${before.toFixed(2)}×`.padStart(7),
      `${now.toFixed(2)}×`.padStart(7),
    ].join('  '),
  );
}
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const off = values.map((v) => Math.abs(Math.log2(v))).sort((a, b) => a - b);
  return `median ${sorted[sorted.length >> 1]!.toFixed(2)}×, range ${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)}×, median |log2| ${off[off.length >> 1]!.toFixed(2)}`;
};
console.log(`before: ${spread(ratios.before)}\nnow:    ${spread(ratios.now)}`);
