/**
 * What cutting an animation's optimiser pass in two runs (rules/plan/segments.ts optimiseRunsFor, one per
 * worker) costs in bytes and quality, against the pass in one run, on the same encoder output: bytes,
 * SSIM-Y of every frame and butteraugli of the frames around the cut, each against its source PNG.
 *
 *   [ALL_FRAMES=1] npx tsx tests/bench/probes/optimiser-runs.ts <frames-dir>...
 */
import { lzw } from '../../support/node-lzw';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { decodeGif } from '@/features/converter/rules/gif/decode';
import { gifAsMapped, optimiseGifInRuns } from '@/features/converter/rules/gif/optimiser';
import { optimiseRunsFor } from '@/features/converter/rules/plan/segments';
import { decodePng, type Rgba } from '../../fixtures/pngs';
import { loadNodeCore } from '../../support/node-core';
import { convertImages } from '../../support/node-engine';
import { butteraugli, referenceAt, ssimY } from '../../bench/quality/scores';

const ffmpeg = await loadNodeCore();
console.log(
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
for (const dir of process.argv.slice(2)) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort();
  const sources = files.map((f) => decodePng(readFileSync(join(dir, f))));
  let encoded: { gif: Uint8Array; options: { lossiness: number } } | null = null;
  const { plan } = await convertImages(
    ffmpeg,
    sources.map((image, i) => ({ name: `f${i}.png`, image })),
    { mode: 'animated' },
  );
  // The encoder's GIF again, kept before the pass (convertImages runs the pass).
  await (async () => {
    const { runConversionJob } = await import('@/features/converter/runtime/conversion-job');
    const { DEFAULT_SETTINGS } = await import('@/features/converter/rules/settings');
    const { decodedFrame } = await import('../../support/compose');
    const settings = { ...DEFAULT_SETTINGS, mode: 'animated' as const };
    await runConversionJob(ffmpeg, {
      settings,
      sources: sources.map((f, i) => ({ name: `f${i}.png`, width: f.width, height: f.height })),
      readFrame: async (frame) => decodedFrame(sources[frame.sourceIndex]!, frame, settings),
      optimise: async (input, options) => {
        const gif = gifAsMapped(lzw, input);
        encoded = { gif, options };
        return gif;
      },
    });
  })();
  if (!encoded) throw new Error('no GIF');
  const { gif, options } = encoded as { gif: Uint8Array; options: { lossiness: number } };
  const runs = optimiseRunsFor({ ...plan, transparent: false });
  if (!runs) {
    console.log(`${dir}: one run (too small to cut)`);
    continue;
  }
  const one = optimiseGifInRuns(lzw, gif, options, null);
  const two = optimiseGifInRuns(lzw, gif, options, runs);
  const cut = runs[1].firstFrame;
  const score = (bytes: Uint8Array) => {
    const decoded = decodeGif(bytes);
    const frame = (i: number): Rgba => ({
      width: decoded.width,
      height: decoded.height,
      data: new Uint8Array(decoded.frames[i]!.rgba.buffer),
    });
    const refs = sources.map((s) => referenceAt(s, decoded.width, decoded.height));
    const ssims = refs.map((ref, i) => ssimY(ref, frame(i)));
    const ba = (process.env.ALL_FRAMES ? refs.map((_, i) => i) : [cut, cut + 1].filter((i) => i < refs.length)).map(
      (i) => butteraugli(refs[i]!, frame(i)) ?? NaN,
    );
    return { bytes: bytes.length, ssim: ssims.reduce((a, b) => a + b, 0) / ssims.length, ssimCut: ssims[cut]!, ba };
  };
  const [a, b] = [score(one), score(two)];
  const fmt = (s: typeof a) =>
    `${(s.bytes / 1024).toFixed(0)}K, SSIM-Y mean ${s.ssim.toFixed(4)} (frame ${cut + 1}: ${s.ssimCut.toFixed(4)}), butteraugli ${process.env.ALL_FRAMES ? 'each frame' : `frames ${cut + 1}/${cut + 2}`}: ${s.ba.map((v) => v.toFixed(2)).join('/')}`;
  console.log(
    `${dir.split('/').slice(-1)[0]} (${sources.length} x ${plan.width}x${plan.height}, lossiness ${options.lossiness})`,
  );
  console.log(`  one run:  ${fmt(a)}`);
  console.log(`  two runs: ${fmt(b)}  (${((b.bytes / a.bytes - 1) * 100).toFixed(2)} % bytes)`);
}
