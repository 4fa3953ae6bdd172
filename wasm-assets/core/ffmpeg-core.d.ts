// Types of the generated loader (ffmpeg-core.js, emscripten's MODULARIZE + EXPORT_ES6 factory): the options
// the app passes and the part of the module @ffmpeg/ffmpeg's worker uses is its business, so it stays loose.

export interface CoreModuleOptions {
  /** @ffmpeg/ffmpeg's worker passes the loader's URL with the wasm's location after a '#' (driver/pre.js). */
  mainScriptUrlOrBlob?: string;
  /** The wasm's bytes (Node tests): the loader compiles them instead of fetching. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Emscripten's hook: instantiate the wasm with `imports` and hand the instance to `receive`. */
  instantiateWasm?: (
    imports: WebAssembly.Imports,
    receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ) => object;
}

export default function createFFmpegCore(options?: CoreModuleOptions): Promise<unknown>;
