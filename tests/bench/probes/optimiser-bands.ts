/**
 * The optimiser pass in one thread against the same pass with each big frame's LZW in two bands, the
 * lower one on a worker thread (rules/gif/optimiser.ts optimiseGifInBands), on GIFs saved by
 * optimiser-capture.ts: wall time, bytes, and whether the pictures are the same (lossless) or how many
 * pixels differ (lossy: the bands choose their own strings), with the start of the bands' SHA-256 (a change to
 * the banded path that must keep the bytes: the same hash before and after).
 *
 *   npx tsx tests/bench/probes/optimiser-bands.ts [runs=3] <capture-dir> [name-filter]
 */
import { lzw } from '../../support/node-lzw';
import { build } from 'esbuild';
import { loadavg, tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { optimiseGif, optimiseGifInBands } from '@/features/converter/rules/gif/optimiser';
import type { LzwBandRequest, LzwResult } from '@/features/converter/rules/gif/lzw';
import { decodeGif } from '@/features/converter/rules/gif/decode';

const args = process.argv.slice(2);
const runs = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 3;
const [dir, filter] = args as [string, string | undefined];

// The worker thread runs plain JavaScript: its module, bundled.
const workerFile = join(mkdtempSync(join(tmpdir(), 'optimiser-bands-')), 'worker.mjs');
await build({
  entryPoints: [fileURLToPath(new URL('./optimiser-bands-worker.ts', import.meta.url))],
  bundle: true,
  format: 'esm',
  platform: 'node',
  outfile: workerFile,
  // Bundled into a temporary folder: the encoder's wasm is still found beside its loader.
  define: { 'import.meta.url': JSON.stringify(new URL('../../support/node-lzw.ts', import.meta.url).href) },
  logLevel: 'warning',
});
const worker = new Worker(workerFile);
let nextId = 0;
const waiting = new Map<number, (result: LzwResult) => void>();
worker.on('message', ({ id, result }: { id: number; result: LzwResult }) => {
  waiting.get(id)!(result);
  waiting.delete(id);
});
const encodeLower = (request: LzwBandRequest) =>
  new Promise<LzwResult>((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    worker.postMessage({ id, request });
  });
// The worker's first start is not the pass's time.
await encodeLower({
  image: {
    width: 1,
    height: 1,
    indices: Uint8Array.of(0),
    palette: new Uint8Array(6),
    transparentIndex: null,
    under: null,
    minCodeSize: 2,
  },
  errorBudget: 0,
  band: 'whole',
});

const best = async (f: () => Promise<Uint8Array> | Uint8Array) => {
  let ms = Infinity;
  let out: Uint8Array = new Uint8Array();
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    out = await f();
    ms = Math.min(ms, performance.now() - started);
  }
  return { ms, out };
};

const pixels = (gif: Uint8Array) => decodeGif(gif).frames.map((f) => f.rgba);

console.log(
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
for (const name of readdirSync(dir)
  .filter((f) => f.endsWith('.gif') && (!filter || f.includes(filter)))
  .sort()) {
  const gif = new Uint8Array(readFileSync(join(dir, name)));
  const options = JSON.parse(readFileSync(join(dir, name.replace(/\.gif$/, '.json')), 'utf8'));
  const one = await best(() => optimiseGif(lzw, gif, options));
  const two = await best(() => optimiseGifInBands(lzw, gif, options, encodeLower));
  const a = pixels(one.out);
  const b = pixels(two.out);
  let differ = 0;
  let total = 0;
  a.forEach((frame, i) => {
    total += frame.length / 4;
    for (let p = 0; p < frame.length; p += 4)
      if (frame[p] !== b[i]![p] || frame[p + 1] !== b[i]![p + 1] || frame[p + 2] !== b[i]![p + 2]) differ++;
  });
  console.log(
    `${name.padEnd(36)} lossiness ${String(options.lossiness).padStart(3)}  one thread ${one.ms.toFixed(0).padStart(5)} ms ${one.out.length}  bands ${two.ms.toFixed(0).padStart(5)} ms ${two.out.length} (${((100 * two.out.length) / one.out.length - 100).toFixed(2)} %)  pixels differing ${((100 * differ) / total).toFixed(2)} %  ${createHash('sha256').update(two.out).digest('hex').slice(0, 16)}`,
  );
}
await worker.terminate();
