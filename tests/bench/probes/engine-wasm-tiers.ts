/**
 * Whether an engine's optimised wasm code follows a `WebAssembly.Module` posted to a new worker: a hot function
 * (tiered up by call count, as the core's are) timed on a module the worker compiled itself, and on one posted
 * to it after another worker ran it. Each in a fresh worker, its first call and its second.
 *
 *   npx tsx tests/bench/probes/engine-wasm-tiers.ts [engines=chromium,webkit] [runs=3] [calls=20000000]
 */
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { launchEngine, type EngineName } from '../../engines/drivers';
import { freePort } from '../../support/preview-server';

const [enginesArg = 'chromium,webkit', runsArg = '3', callsArg = '20000000'] = process.argv.slice(2);

const WORKER = String.raw`
onmessage = async ({ data: { module, bytes, calls } }) => {
  const compiled = module ?? (await WebAssembly.compile(bytes));
  const run = new WebAssembly.Instance(compiled).exports.run;
  const times = [];
  for (let i = 0; i < 2; i++) { const t = performance.now(); run(calls); times.push(performance.now() - t); }
  postMessage({ times, module: compiled });
};
`;

const PAGE = String.raw`<!doctype html><meta charset="utf-8"><title>wasm tiers</title><script>
const leb = (n) => { const out = []; for (;;) { const b = n & 0x7f; n >>= 7; if ((n === 0 && !(b & 0x40)) || (n === -1 && (b & 0x40))) { out.push(b); return out; } out.push(b | 0x80); } };
const section = (id, body) => [id, ...leb(body.length), ...body];
// f(x): eight rounds of x = (x * 1664525 + 1013904223) ^ (x >>> 13); run(n): a = f(a + i) for i < n.
const round = [0x20, 0, 0x41, ...leb(1664525), 0x6c, 0x41, ...leb(1013904223), 0x6a, 0x20, 0, 0x41, 13, 0x76, 0x73, 0x21, 0];
const f = [0, ...Array(8).fill(round).flat(), 0x20, 0, 0x0b];
const run = [1, 2, 0x7f, 0x03, 0x40, 0x20, 2, 0x20, 1, 0x6a, 0x10, 0, 0x21, 2, 0x20, 1, 0x41, 1, 0x6a, 0x22, 1, 0x20, 0, 0x49, 0x0d, 0, 0x0b, 0x20, 2, 0x0b];
const bytes = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
  ...section(1, [1, 0x60, 1, 0x7f, 1, 0x7f]),
  ...section(3, [2, 0, 0]),
  ...section(7, [1, 3, 0x72, 0x75, 0x6e, 0, 1]),
  ...section(10, [2, ...leb(f.length), ...f, ...leb(run.length), ...run])]);
const ask = (message) => new Promise((resolve) => {
  const worker = new Worker('/worker.js');
  worker.onmessage = ({ data }) => { worker.terminate(); resolve(data); };
  worker.postMessage(message);
});
window.tiers = async (calls) => {
  const own = await ask({ bytes, calls });
  const shared = await ask({ module: own.module, calls });
  const ownAgain = await ask({ bytes, calls });
  return { own: own.times, shared: shared.times, ownAgain: ownAgain.times };
};
</script>`;

const port = await freePort();
const server = createServer((request, response) => {
  const worker = request.url === '/worker.js';
  response.writeHead(200, { 'content-type': worker ? 'text/javascript' : 'text/html' });
  response.end(worker ? WORKER : PAGE);
});
await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
console.log(`load ${loadavg()[0]!.toFixed(1)}; ms for ${callsArg} calls, first call / second call in the worker:`);
try {
  for (const engine of enginesArg.split(',') as EngineName[]) {
    const browser = await launchEngine(engine);
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    for (let run = 0; run < Number(runsArg); run++) {
      const t = await page.run<number, Record<string, number[]>>(
        (calls) => (window as unknown as { tiers: (calls: number) => Promise<never> }).tiers(calls),
        Number(callsArg),
      );
      const show = (times: number[]) => times.map((ms) => Math.round(ms)).join(' / ');
      console.log(
        `  ${engine}: compiled in the worker ${show(t.own!)}; posted after a run ${show(t.shared!)}; compiled again ${show(t.ownAgain!)}`,
      );
    }
    await page.close();
    await browser.close();
  }
} finally {
  server.close();
}
