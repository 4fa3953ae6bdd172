import lzwWasmURL from '../../../../wasm-assets/core/gif-lzw.wasm?url';
import { setLzwModule } from '../rules/lzw-wasm';

let loading: Promise<void> | null = null;

/**
 * The optimiser pass's LZW encoder (wasm-assets/core/gif-lzw.wasm, a same-origin precached asset),
 * compiled for this worker: the first call fetches it, later ones wait for that; a failed load is tried
 * again by the next call.
 */
export function lzwEncoderReady(): Promise<void> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function load(): Promise<void> {
  const response = await fetch(lzwWasmURL);
  if (!response.ok) throw new Error(`The GIF optimiser could not load its encoder (HTTP ${response.status})`);
  setLzwModule(await WebAssembly.compile(await response.arrayBuffer()));
}
