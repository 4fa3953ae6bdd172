// The optimiser's LZW encoder in this Node process, as the browser's optimiser worker loads it
// (src/features/converter/runtime/lzw-loader.ts): every Node test and tool that runs the optimiser passes this one.
import { readFileSync } from 'node:fs';
import { WasmLzwEncoder } from '@/features/converter/runtime/lzw-encoder';

export const lzw = new WasmLzwEncoder(
  new WebAssembly.Module(readFileSync(new URL('../../wasm-assets/core/gif-lzw.wasm', import.meta.url))),
);
