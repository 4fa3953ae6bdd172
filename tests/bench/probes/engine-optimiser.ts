/**
 * The optimiser pass in each engine's worker, on a GIF saved by optimiser-capture.ts (its .json beside it),
 * run by run as the app's two workers get them (one after the other in one worker here): the pass, the LZW
 * encoder's calls, the wasm function inside them, the rest of those calls (copies into and out of the
 * module's memory), the rest of the pass (composing, differencing, cutting: JavaScript), and how often the
 * module's memory grew. Also the page's part before the workers start (engine-optimiser-page.ts). Fresh
 * workers each round, the engines in turn; the output's hash says each engine wrote the same bytes.
 *
 *   [TOGETHER=1] [WARM=1|both] [MEMORIES=N] npx tsx tests/bench/probes/engine-optimiser.ts [engines=chromium,webkit] [rounds=3] <capture.gif>
 *
 * TOGETHER=1: each run on a worker of its own, both at once, as in the app. WARM=1: each worker warmed up
 * first as the app's are (rules/gif/optimiser-warm-up.ts); `both`: cold and warmed in turn. MEMORIES=N: each
 * worker holds N more wasm memories (of 32 MiB, up to 2 GiB) before its encoder starts.
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { launchEngine, type EngineName } from '../../engines/drivers';
import { freePort } from '../../support/preview-server';

const [enginesArg = 'chromium,webkit', roundsArg = '3', gifPath] = process.argv.slice(2);
if (!gifPath) throw new Error('Usage: engine-optimiser.ts [engines] [rounds] <capture.gif>');
const engines = enginesArg.split(',') as EngineName[];
const gif = readFileSync(gifPath);
const options = JSON.parse(readFileSync(gifPath.replace(/\.gif$/, '.json'), 'utf8'));
const wasm = readFileSync(new URL('../../../wasm-assets/core/gif-lzw.wasm', import.meta.url));
/** A probe module of this folder bundled for the browser, as one script. */
const bundled = async (name: string) =>
  (
    await build({
      entryPoints: [fileURLToPath(new URL(name, import.meta.url))],
      bundle: true,
      format: 'esm',
      write: false,
      tsconfig: fileURLToPath(new URL('../../../tsconfig.json', import.meta.url)),
      logLevel: 'warning',
    })
  ).outputFiles[0]!.text;
const WORKER = await bundled('./engine-optimiser-worker.ts');
const PAGE_SCRIPT = await bundled('./engine-optimiser-page.ts');

const PAGE = String.raw`<!doctype html><meta charset="utf-8"><title>optimiser</title><script type="module" src="/page.js"></script><script>
const ask = (worker, message, transfer = []) => new Promise((resolve) => { worker.onmessage = ({ data }) => resolve(data); worker.postMessage(message, transfer); });
const started = async () => {
  const [gif, wasm] = await Promise.all(['/capture.gif', '/gif-lzw.wasm'].map((u) => fetch(u).then((r) => r.arrayBuffer())));
  const worker = new Worker('/worker.js', { type: 'module' });
  await ask(worker, { kind: 'load', gif, wasm, memories: window.memories, warm: window.warm }, [gif, wasm]);
  return worker;
};
window.pass = async (options, runs, together, memories, warm) => {
  window.memories = memories;
  window.warm = warm;
  if (together) {
    const workers = await Promise.all(runs.map(started));
    const t = performance.now();
    const out = await Promise.all(runs.map((run, i) => ask(workers[i], { kind: 'run', options, run })));
    const wall = performance.now() - t;
    for (const worker of workers) worker.terminate();
    return out.map((o) => ({ ...o, wall }));
  }
  const worker = await started();
  const out = [];
  for (const run of runs) out.push(await ask(worker, { kind: 'run', options, run }));
  worker.terminate();
  return out;
};
</script>`;

const port = await freePort();
const server = createServer((request, response) => {
  const [type, body]: [string, string | Buffer] =
    request.url === '/worker.js'
      ? ['text/javascript', WORKER]
      : request.url === '/page.js'
        ? ['text/javascript', PAGE_SCRIPT]
        : request.url === '/capture.gif'
          ? ['image/gif', gif]
          : request.url === '/gif-lzw.wasm'
            ? ['application/wasm', wasm]
            : ['text/html', PAGE];
  response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
});
await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`${gifPath}, lossiness ${options.lossiness}; load ${load()}`);

const runs = options.runs ?? [{ firstFrame: 0, frameCount: 1e9 }];
const browsers = await Promise.all(engines.map((engine) => launchEngine(engine)));
const pages = await Promise.all(browsers.map((browser) => browser.newPage()));
interface RunTimes {
  all: number;
  encode: number;
  wasm: number;
  growths: number;
  bytes: number;
  hash: string;
  wall?: number;
  calls: number[];
}
const together = Boolean(process.env.TOGETHER);
const memories = Number(process.env.MEMORIES ?? 0);
/** WARM=1: warmed workers; WARM=both: cold and warmed ones in turn. */
const warmings = process.env.WARM === 'both' ? [false, true] : [Boolean(process.env.WARM)];
try {
  for (const page of pages) await page.goto(`http://127.0.0.1:${port}/`);
  for (let round = 0; round < Number(roundsArg); round++)
    for (const page of pages)
      for (const warm of warmings) {
        const times = await page.run<
          { options: unknown; runs: unknown; together: boolean; memories: number; warm: boolean },
          RunTimes[]
        >(
          ({ options, runs, together, memories, warm }) =>
            (
              window as unknown as {
                pass: (o: unknown, r: unknown, t: boolean, m: number, w: boolean) => Promise<never>;
              }
            ).pass(options, runs, together, memories, warm),
          { options, runs, together, memories, warm },
        );
        const main = await page.run<{ options: unknown; runs: unknown }, { cutting: number; copies: number }>(
          ({ options, runs }) =>
            (window as unknown as { mainThread: (o: unknown, r: unknown) => Promise<never> }).mainThread(options, runs),
          { options, runs },
        );
        console.log(
          `${page.engine.padEnd(9)} round ${round} page's thread: runs worth cutting ${main.cutting.toFixed(0)} ms, the runs' copies ${main.copies.toFixed(0)} ms`,
        );
        for (const [r, t] of times.entries())
          console.log(
            `${page.engine.padEnd(9)} round ${round}${warm ? ' warmed' : ''} run ${r}: pass ${t.all.toFixed(0).padStart(5)} ms  lzw calls ${t.encode.toFixed(0).padStart(5)}  wasm ${t.wasm.toFixed(0).padStart(5)}  copies ${(t.encode - t.wasm).toFixed(0).padStart(3)}  js ${(t.all - t.encode).toFixed(0).padStart(4)}  memory grew ${t.growths}×  ${t.bytes} B ${t.hash}${t.wall ? `  both runs' wall ${t.wall.toFixed(0)} ms` : ''}\n            wasm calls ${t.calls.join(' ')}`,
          );
      }
} finally {
  for (const page of pages) await page.close();
  for (const browser of browsers) await browser.close();
  server.close();
}
console.log(`load after: ${load()}`);
