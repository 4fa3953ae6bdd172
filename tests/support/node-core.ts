import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Core } from '@/features/converter/runtime/ffmpeg-port';

/** The parts of the engine core's module the tests use (see wasm-assets/core/driver/pre.js). */
interface CoreModule {
  exec(...args: string[]): number;
  ret: number;
  reset(): void;
  heapInUse(): number;
  HEAPU8: Uint8Array;
  setLogger(logger: (entry: { type: string; message: string }) => void): void;
  FS: {
    writeFile(path: string, data: Uint8Array): void;
    readFile(path: string): Uint8Array;
    unlink(path: string): void;
    readdir(path: string): string[];
  };
}

export interface NodeCore extends Core {
  /** Files currently in the core's working directory (to check that jobs clean up). */
  listFiles(): string[];
  /** Heap bytes malloc'd and not freed: flat between jobs when the core leaks nothing. */
  heapInUse(): number;
  /** The wasm memory's size (it grows on demand and never shrinks). */
  memoryBytes(): number;
}

/**
 * The real engine core, the very committed files the browser loads (wasm-assets/core/), running under
 * Node 20: built for workers, it only needs `self`, a `self.location.href` to resolve itself against, and
 * the wasm bytes (its loader would fetch() them).
 */
export async function loadNodeCore(): Promise<NodeCore> {
  const coreDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'wasm-assets', 'core');
  const coreJs = join(coreDir, 'ffmpeg-core.js');
  const globals = globalThis as unknown as { self?: unknown };
  globals.self ??= globalThis;
  (globalThis as unknown as { self: { location?: { href: string } } }).self.location ??= {
    href: pathToFileURL(coreJs).href,
  };
  const { default: createCore } = (await import(/* @vite-ignore */ pathToFileURL(coreJs).href)) as {
    default: (options: { wasmBinary: Uint8Array }) => Promise<CoreModule>;
  };
  const core = await createCore({ wasmBinary: readFileSync(join(coreDir, 'ffmpeg-core.wasm')) });
  const listeners = new Set<(line: string) => void>();
  core.setLogger(({ message }) => listeners.forEach((listener) => listener(message)));

  return {
    async writeFile(path, data) {
      core.FS.writeFile(path, data);
    },
    async exec(args) {
      core.exec(...args);
      const code = core.ret;
      core.reset();
      return code;
    },
    async readFile(path) {
      return core.FS.readFile(path);
    },
    async deleteFile(path) {
      core.FS.unlink(path);
    },
    onLog(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    heapInUse: () => core.heapInUse(),
    memoryBytes: () => core.HEAPU8.byteLength,
    listFiles() {
      return core.FS.readdir('.').filter((name) => /\.(rgba|gif|pal)$/.test(name));
    },
  };
}
