// The optimiser's LZW encoder in this Node process, as the browser's optimiser worker loads it
// (src/features/converter/runtime/gif.worker.ts): every Node test and tool that runs the pass imports this.
import { readFileSync } from 'node:fs';
import { setLzwModule } from '@/features/converter/rules/lzw-wasm';

setLzwModule(new WebAssembly.Module(readFileSync(new URL('../../wasm-assets/core/gif-lzw.wasm', import.meta.url))));
