// The engine core's worker: @ffmpeg/ffmpeg's message handlers with our core's loader bundled in, the wasm
// the page's compiled module or compiling from its first messages (the whole host: ffmpeg-instance.ts).
import '@ffmpeg/ffmpeg/worker';
import type { CoreModuleOptions } from '../../../../wasm-assets/core/ffmpeg-core.js';
import { heapLine } from '../rules/core-log';
import { createFFmpegCore as createCore, wasmURL } from './core-location';
import { CORE_MODULE_MESSAGE, type CoreModuleMessage } from './core-module';

/**
 * The wasm straight from Cache Storage when the service worker has precached it (its URL is hashed: any
 * copy is the right one), else from the network. Through a fetch, the request waits for the service
 * worker's thread, busy with the page's own requests on a repeat visit (tests/bench/probes/engine-load.ts);
 * a Cache Storage response is served V8's cached code too.
 */
const wasmResponse = async () => (await self.caches?.match(wasmURL).catch(() => undefined)) ?? fetch(wasmURL);

const compileHere = () =>
  WebAssembly.compileStreaming(wasmResponse()).catch(
    // Streaming needs the application/wasm type: a host that sends another one still works.
    async () => WebAssembly.compile(await (await fetch(wasmURL)).arrayBuffer()),
  );

/** The page's module when it has one, else compiled here and posted back for later cores (core-module.ts). */
const compiled = new Promise<WebAssembly.Module>((resolve) => {
  const scope = self as unknown as {
    onmessage: ((event: MessageEvent) => unknown) | null;
    postMessage(message: CoreModuleMessage): void;
  };
  const library = scope.onmessage;
  scope.onmessage = (event) => {
    const data = event.data as Partial<CoreModuleMessage> | null;
    if (data?.type !== CORE_MODULE_MESSAGE) return library?.(event);
    scope.onmessage = library;
    if (data.module instanceof WebAssembly.Module) return resolve(data.module);
    const module = compileHere();
    resolve(module);
    module.then(
      (compiledHere) => scope.postMessage({ type: CORE_MODULE_MESSAGE, module: compiledHere }),
      () => {}, // the load reports it
    );
  };
});

/** The part of the loaded core (driver/pre.js) wrapped here: its exec, and the logger the library sets. */
interface CoreModule {
  exec(...args: unknown[]): number;
  logger?: (log: { type: string; message: string }) => void;
}

/**
 * After each exec the core logs how big its heap has grown (rules/core-log.ts `heapLine`): the page
 * replaces a core whose heap grew past a bound by what it measured, not by an estimate (engine-instance.ts).
 */
function loggingHeap(core: CoreModule, heapBytes: () => number | undefined): CoreModule {
  const exec = core.exec.bind(core);
  core.exec = (...args) => {
    try {
      return exec(...args);
    } finally {
      const bytes = heapBytes();
      if (bytes !== undefined) core.logger?.({ type: 'stderr', message: heapLine(bytes) });
    }
  };
  return core;
}

/** What @ffmpeg/ffmpeg's worker calls to start the core: the loader, on the wasm compiled above. */
async function createFFmpegCore(options: CoreModuleOptions): Promise<unknown> {
  const module = await compiled;
  let memory: WebAssembly.Memory | undefined;
  return new Promise((resolve, reject) => {
    createCore({
      ...options,
      instantiateWasm(imports, receive) {
        // Here, not in the loader: an instance that cannot be made (no memory for the heap) fails the load.
        try {
          const instance = new WebAssembly.Instance(module, imports);
          // The build minifies export names: the heap is the one exported memory.
          memory = Object.values(instance.exports).find((value) => value instanceof WebAssembly.Memory);
          receive(instance, module);
        } catch (error) {
          reject(error);
        }
        return {};
      },
    }).then((core) => resolve(loggingHeap(core as CoreModule, () => memory?.buffer.byteLength)), reject);
  });
}

// The library's load calls `importScripts(coreURL)`, then `self.createFFmpegCore`; only when importScripts
// throws, as it does in any module worker, does it `import(coreURL)`. The loader is already here, so the
// first path is made to work: WebKit evaluates a module that imports its own URL a second time, and that
// copy's handlers, with no core, would answer every later message.
Object.assign(self, { createFFmpegCore, importScripts() {} });
