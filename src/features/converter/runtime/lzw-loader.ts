import lzwWasmURL from '../../../../wasm-assets/core/gif-lzw.wasm?url';
import type { LzwEncoder } from '../rules/gif/lzw';
import { WasmLzwEncoder } from './lzw-encoder';

let loading: Promise<LzwEncoder> | null = null;

/**
 * The optimiser's LZW encoder (wasm-assets/core/gif-lzw.wasm, a same-origin precached asset),
 * compiled for this worker: the first call fetches it, later ones wait for that; a failed load is tried
 * again by the next call.
 */
export function lzwEncoderReady(): Promise<LzwEncoder> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function load(): Promise<LzwEncoder> {
  const response = await fetch(lzwWasmURL);
  if (!response.ok) throw new Error(`The GIF optimiser could not load its encoder (HTTP ${response.status})`);
  return new WasmLzwEncoder(await WebAssembly.compile(await response.arrayBuffer()));
}
