/**
 * Where a big PNG's decode goes in each engine, step by step, in a worker as the app's decode worker runs it:
 * reading the file, `createImageBitmap` with the app's options and others, a shrink, bands of rows, the read
 * back through a canvas and through WebCodecs (`VideoFrame.copyTo`), `ImageDecoder`, two workers decoding at
 * once; and two compute checks that tell a JIT apart from an interpreter (a JS loop, a wasm loop). Each step's
 * pixels are hashed, so a route that differs says so. A small page of its own, served here; no app code.
 *
 *   npx tsx tests/bench/probes/engine-decode.ts [engines=chromium,webkit] [runs=3] [png=bench-results/inputs/still-4000x3000-photo/001.png]
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { launchEngine, type EngineName } from '../../engines/drivers';
import { freePort } from '../../support/preview-server';

const [enginesArg = 'chromium,webkit', runsArg = '3', pngPath = 'bench-results/inputs/still-4000x3000-photo/001.png'] =
  process.argv.slice(2);
const engines = enginesArg.split(',') as EngineName[];
const runs = Number(runsArg);
const png = readFileSync(pngPath);

/** The worker: one step per message, answered with its time (ms) and a hash of the pixels it gave. */
const WORKER = String.raw`
const hash = (bytes) => {
  let h = 2166136261 >>> 0;
  for (let i = 0; i < bytes.length; i += 7) h = Math.imul(h ^ bytes[i], 16777619) >>> 0;
  return h.toString(16);
};
const readBack = (bitmap) => {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  context.drawImage(bitmap, 0, 0);
  return new Uint8Array(context.getImageData(0, 0, bitmap.width, bitmap.height).data.buffer);
};
const APP = { premultiplyAlpha: 'none', colorSpaceConversion: 'default' };
const leb = (n) => { const out = []; for (;;) { const b = n & 0x7f; n >>= 7; if ((n === 0 && !(b & 0x40)) || (n === -1 && (b & 0x40))) { out.push(b); return out; } out.push(b | 0x80); } };
const wasmLoop = () => {
  const body = [1, 2, 0x7f, 0x03, 0x40, 0x20, 2, 0x41, ...leb(1664525), 0x6c, 0x20, 1, 0x6a, 0x41, ...leb(1013904223), 0x6a, 0x21, 2,
    0x20, 1, 0x41, 1, 0x6a, 0x22, 1, 0x20, 0, 0x49, 0x0d, 0, 0x0b, 0x20, 2, 0x0b];
  const bytes = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 6, 1, 0x60, 1, 0x7f, 1, 0x7f, 3, 2, 1, 0,
    7, 7, 1, 3, 0x72, 0x75, 0x6e, 0, 0, 10, body.length + 2, 1, body.length, ...body]);
  return new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.run;
};
let blob;
const steps = {
  async arrayBuffer() { return hash(new Uint8Array(await blob.arrayBuffer())); },
  async bitmapApp() { const b = await createImageBitmap(blob, APP); b.close(); return ''; },
  async bitmapDefault() { const b = await createImageBitmap(blob); b.close(); return ''; },
  async bitmapNoConversion() { const b = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' }); b.close(); return ''; },
  async bitmapPremultiplied() { const b = await createImageBitmap(blob, { premultiplyAlpha: 'premultiply', colorSpaceConversion: 'default' }); b.close(); return ''; },
  async appDecodeAndCanvas() { const b = await createImageBitmap(blob, APP); const h = hash(readBack(b)); b.close(); return h; },
  async canvasReadOnly() {
    const b = await createImageBitmap(blob, APP);
    const t = performance.now(); const h = hash(readBack(b)); b.close();
    return h + ' read ' + Math.round(performance.now() - t) + ' ms';
  },
  async videoFrameRead() {
    if (typeof VideoFrame !== 'function') return 'no VideoFrame';
    const b = await createImageBitmap(blob, APP);
    const t = performance.now();
    const frame = new VideoFrame(b, { timestamp: 0, alpha: 'keep' });
    const out = new Uint8Array(b.width * b.height * 4);
    const layout = await frame.copyTo(out, { layout: [{ offset: 0, stride: b.width * 4 }] });
    const format = frame.format; frame.close(); b.close();
    if (format === 'BGRA' || format === 'BGRX') for (let i = 0; i < out.length; i += 4) { const r = out[i + 2]; out[i + 2] = out[i]; out[i] = r; }
    return hash(out) + ' ' + format + ' read ' + Math.round(performance.now() - t) + ' ms';
  },
  async shrink1920() { const b = await createImageBitmap(blob, { ...APP, resizeWidth: 1920, resizeHeight: 1440, resizeQuality: 'high' }); const h = hash(readBack(b)); b.close(); return h; },
  async twoBands() {
    const out = [];
    for (const y of [0, 1500]) { const t = performance.now(); const b = await createImageBitmap(blob, 0, y, 4000, 1500, APP); out.push(Math.round(performance.now() - t)); b.close(); }
    return 'bands ' + out.join(' + ') + ' ms';
  },
  async imageDecoder() {
    if (typeof ImageDecoder !== 'function') return 'no ImageDecoder';
    const decoder = new ImageDecoder({ data: blob.stream(), type: 'image/png', colorSpaceConversion: 'default', premultiplyAlpha: 'none' });
    const { image } = await decoder.decode();
    const out = new Uint8Array(image.codedWidth * image.codedHeight * 4);
    await image.copyTo(out, { format: 'RGBA', colorSpace: 'srgb' });
    const format = image.format; image.close(); decoder.close();
    return hash(out) + ' ' + format;
  },
  async inflate() {
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const parts = []; let at = 8;
    while (at < bytes.length) {
      const length = new DataView(bytes.buffer).getUint32(at);
      const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
      if (type === 'IDAT') parts.push(bytes.subarray(at + 8, at + 8 + length));
      at += 12 + length;
    }
    const t = performance.now();
    const stream = new Blob(parts).stream().pipeThrough(new DecompressionStream('deflate'));
    const raw = new Uint8Array(await new Response(stream).arrayBuffer());
    return raw.length + ' bytes inflated in ' + Math.round(performance.now() - t) + ' ms';
  },
  async jsLoop() { let a = 0; for (let i = 0; i < 200000000; i++) a = (Math.imul(a, 1664525) + 1013904223 + i) | 0; return String(a >>> 0); },
  async wasmLoop() { return String(wasmLoop()(200000000) >>> 0); },
};
onmessage = async ({ data }) => {
  if (data.blob) { blob = data.blob; postMessage({ ready: true }); return; }
  const started = performance.now();
  try {
    const note = await steps[data.step]();
    postMessage({ ms: performance.now() - started, note });
  } catch (error) {
    postMessage({ ms: performance.now() - started, note: 'failed: ' + error });
  }
};
`;

const PAGE = `<!doctype html><meta charset="utf-8"><title>decode probe</title><script>
  const workers = [];
  const ask = (worker, message) => new Promise((resolve) => { worker.onmessage = ({ data }) => resolve(data); worker.postMessage(message); });
  window.probe = async (step, count) => {
    while (workers.length < count) {
      const worker = new Worker('/worker.js');
      const blob = await (await fetch('/photo.png')).blob();
      await ask(worker, { blob });
      workers.push(worker);
    }
    const started = performance.now();
    const answers = await Promise.all(workers.slice(0, count).map((worker) => ask(worker, { step })));
    return { wall: performance.now() - started, answers };
  };
</script>`;

const STEPS = [
  'arrayBuffer',
  'bitmapApp',
  'bitmapDefault',
  'bitmapNoConversion',
  'bitmapPremultiplied',
  'appDecodeAndCanvas',
  'canvasReadOnly',
  'videoFrameRead',
  'shrink1920',
  'twoBands',
  'imageDecoder',
  'inflate',
  'jsLoop',
  'wasmLoop',
];

const port = await freePort();
const server = createServer((request, response) => {
  const [type, body] =
    request.url === '/worker.js'
      ? ['text/javascript', WORKER]
      : request.url === '/photo.png'
        ? ['image/png', png]
        : ['text/html', PAGE];
  response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
});
await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
console.log(
  `${pngPath}, ${png.length} bytes; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

const results = new Map<string, Map<string, { ms: number[]; note: string }>>();
const browsers = await Promise.all(engines.map((engine) => launchEngine(engine)));
const pages = await Promise.all(browsers.map((browser) => browser.newPage()));
try {
  for (const page of pages) await page.goto(`http://127.0.0.1:${port}/`);
  const all = [...STEPS.map((step) => ({ step, count: 1 })), { step: 'appDecodeAndCanvas', count: 2 }];
  for (let run = 0; run < runs; run++)
    for (const { step, count } of all)
      for (const page of pages) {
        const name = count === 1 ? step : `${step} ×${count} workers (wall)`;
        const { wall, answers } = await page.run<
          { step: string; count: number },
          { wall: number; answers: { ms: number; note: string }[] }
        >(
          ({ step, count }) =>
            (window as unknown as { probe: (step: string, count: number) => unknown }).probe(step, count) as never,
          { step, count },
        );
        const byStep = results.get(page.engine) ?? new Map<string, { ms: number[]; note: string }>();
        results.set(page.engine, byStep);
        const entry = byStep.get(name) ?? { ms: [], note: '' };
        entry.ms.push(count === 1 ? answers[0]!.ms : wall);
        entry.note = answers.map((a) => a.note).join(' | ');
        byStep.set(name, entry);
      }
} finally {
  for (const page of pages) await page.close();
  for (const browser of browsers) await browser.close();
  server.close();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [engine, byStep] of results) {
  console.log(`\n${engine} (median of ${runs}, min–max, ms):`);
  for (const [step, { ms, note }] of byStep)
    console.log(
      `  ${step.padEnd(36)} ${String(Math.round(median(ms))).padStart(6)} (${Math.round(Math.min(...ms))}–${Math.round(Math.max(...ms))})  ${note}`,
    );
}
console.log(
  `load after: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
