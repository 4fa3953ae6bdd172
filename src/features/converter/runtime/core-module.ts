/**
 * The core's compiled wasm, shared by every core the page loads. A module keeps the code its engine has
 * optimised while earlier cores ran it; a core that compiles its own starts again in the engine's slowest
 * tier, and every big job ends with a fresh core (engine-instance.ts). The first core compiles it
 * (ffmpeg-core.worker.ts) and posts it back; each later core is handed it in its first message after the
 * library's load.
 */
export const CORE_MODULE_MESSAGE = 'png2gif:core-module';

export interface CoreModuleMessage {
  type: typeof CORE_MODULE_MESSAGE;
  /** Page → core: the module, or null (then the core compiles it). Core → page: the module it compiled. */
  module: WebAssembly.Module | null;
}

let shared: WebAssembly.Module | null = null;

/** Hands a new core's `worker` the page's module, and keeps the one it compiles when the page has none. */
export function shareCoreModule(worker: Worker): void {
  const message: CoreModuleMessage = { type: CORE_MODULE_MESSAGE, module: shared };
  try {
    worker.postMessage(message);
  } catch {
    worker.postMessage({ ...message, module: null }); // a module that cannot be posted: the core compiles its own
  }
  if (shared) return;
  worker.addEventListener('message', (event: MessageEvent<Partial<CoreModuleMessage> | null>) => {
    if (event.data?.type === CORE_MODULE_MESSAGE && event.data.module instanceof WebAssembly.Module)
      shared ??= event.data.module;
  });
}
