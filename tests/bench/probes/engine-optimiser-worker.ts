/**
 * engine-optimiser.ts's worker: the optimiser pass on a captured GIF's frames, given as the app gives them
 * (indexed frames), run by run, with the time of the pass, of the LZW encoder's calls, and of the wasm
 * function inside them (the rest of a call: copies into and out of the module's memory).
 */
import { WasmLzwEncoder } from '@/features/converter/runtime/lzw-encoder';
import { optimiseRun, runInput, type OptimiseRun } from '@/features/converter/rules/gif/optimiser';
import { frameIndices, parseGif, type GifFile } from '@/features/converter/rules/gif/file';
import { timedLzw } from './timed-lzw';
import { warmUpOptimiser } from '@/features/converter/rules/gif/optimiser-warm-up';

let wasmMs = 0;
/** Each wasm call's time: a first call slower than the next says it ran in a lower tier. */
let calls: number[] = [];
let memoryGrowths = 0;
// The encoder makes its instance itself: its exports are wrapped here to time the wasm function alone.
const Instance = WebAssembly.Instance;
WebAssembly.Instance = function (module: WebAssembly.Module, imports?: WebAssembly.Imports) {
  const real = new Instance(module, imports);
  const exports = real.exports as Record<string, unknown> & { lzw_encode: (...args: number[]) => number };
  const memory = exports.memory as WebAssembly.Memory;
  let bytes = memory.buffer.byteLength;
  const lzwEncode = exports.lzw_encode;
  const malloc = exports.malloc as (n: number) => number;
  return {
    exports: {
      ...exports,
      malloc: (n: number) => {
        const at = malloc(n);
        if (memory.buffer.byteLength !== bytes) {
          memoryGrowths++;
          bytes = memory.buffer.byteLength;
        }
        return at;
      },
      lzw_encode: (...args: number[]) => {
        const started = performance.now();
        const bits = lzwEncode(...args);
        const ms = performance.now() - started;
        wasmMs += ms;
        calls.push(Math.round(ms));
        return bits;
      },
    },
  } as WebAssembly.Instance;
} as unknown as typeof WebAssembly.Instance;

const held: WebAssembly.Memory[] = [];
let lzw: WasmLzwEncoder;
let file: GifFile;
const { lzw: timed, spent } = timedLzw(() => lzw);

const hash = (bytes: Uint8Array) => {
  let h = 2166136261 >>> 0;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 16777619) >>> 0;
  return h.toString(16);
};

onmessage = async ({ data }: MessageEvent) => {
  if (data.kind === 'load') {
    // Other modules' memories held by this thread first (the app's cores hold theirs in their own workers).
    for (let n = 0; n < (data.memories as number); n++)
      held.push(new WebAssembly.Memory({ initial: 512, maximum: 32768 }));
    lzw = new WasmLzwEncoder(await WebAssembly.compile(data.wasm as ArrayBuffer));
    const parsed = parseGif(new Uint8Array(data.gif as ArrayBuffer));
    file = { ...parsed, frames: parsed.frames.map((frame) => ({ ...frame, indices: frameIndices(frame) })) };
    // As the app's workers are, long before their first GIF (runtime/engine-instance.ts warmUp).
    if (data.warm) warmUpOptimiser(lzw);
    postMessage({ frames: file.frames.length });
    return;
  }
  const { options, run } = data as { options: { lossiness: number }; run: OptimiseRun };
  const part = runInput(file, run);
  spent.encode = wasmMs = memoryGrowths = 0;
  calls = [];
  const started = performance.now();
  const out = optimiseRun(timed, part.input, options, part.run);
  const all = performance.now() - started;
  postMessage({
    all,
    encode: spent.encode,
    wasm: wasmMs,
    growths: memoryGrowths,
    bytes: out?.length ?? 0,
    hash: out ? hash(out) : '',
    calls,
  });
};
