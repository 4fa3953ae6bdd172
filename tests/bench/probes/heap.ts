/**
 * Measures the engine core's wasm memory after one job on a fresh instance, against frames × width ×
 * height × 4 (the model in src/features/converter/rules/plan/memory.ts). The memory grows on demand and never
 * shrinks, so its size after the job is the job's peak (rounded up to emscripten's growth steps).
 * Run: npx tsx tests/bench/probes/heap.ts
 */
import { flatUi, grain, photoLike } from '../../fixtures/content';
import { loadNodeCore } from '../../support/node-core';
import { convertImages } from '../../support/node-engine';
import { estimateHeapBytes } from '@/features/converter/rules/plan/memory';

const MIB = 1024 * 1024;
const cases = [
  ['photo', photoLike, 10, 800, 600],
  ['photo', photoLike, 10, 1920, 1080],
  ['photo', photoLike, 4, 3840, 2160],
  ['grain', grain, 10, 1280, 720],
  ['grain', grain, 3, 3840, 2160],
  ['flat-ui', flatUi, 10, 1920, 1080],
] as const;

for (const [kind, make, frames, width, height] of cases) {
  const ffmpeg = await loadNodeCore();
  const before = ffmpeg.memoryBytes();
  const inputs = Array.from({ length: frames }, (_, i) => ({
    name: `${kind}${i}.png`,
    image: make(width, height, i + 1),
  }));
  const settings = { mode: 'animated' as const, resize: true, width, height, maintainAspectRatio: false };
  const started = performance.now();
  await convertImages(ffmpeg, inputs, settings);
  const seconds = (performance.now() - started) / 1000;
  const after = ffmpeg.memoryBytes();
  const pixelBytes = frames * width * height * 4;
  console.log(
    `${kind.padEnd(8)} ${frames} × ${width}x${height}: memory ${(before / MIB).toFixed(0)} → ${(after / MIB).toFixed(0)} MiB, ` +
      `(after − 32 MiB) / (frames×w×h×4) = ${((after - 32 * MIB) / pixelBytes).toFixed(2)}, ` +
      `estimate ${(estimateHeapBytes(frames, width, height) / MIB).toFixed(0)} MiB, ${seconds.toFixed(1)} s`,
  );
}
