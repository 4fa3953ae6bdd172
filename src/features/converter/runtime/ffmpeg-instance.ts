// @ffmpeg/ffmpeg hosts the engine core: its FFmpeg class here, its message handlers in our core's worker.
// All that adapts it to our core: this module (that worker is the library's worker and the core's URL);
// ffmpeg-core.worker.ts (our loader and wasm, handed over on the library's importScripts path, never by an
// import of the worker's own URL); wasm-assets/core/driver/pre.js (the API @ffmpeg/core had);
// ffmpeg-library-worker.d.ts and its tsconfig path (types); vite.config.ts ffmpegHost (build, dev server).
import { FFmpeg } from '@ffmpeg/ffmpeg';
import coreWorkerURL from './ffmpeg-core.worker.ts?worker&url';
import { engineLoadFailure } from '../rules/errors';
import type { Core } from './ffmpeg-port';
import { withWorkerOf } from './worker-watch';
import { shareCoreModule } from './core-module';

/** The User Timing measure each core load leaves (fetch, compile, instantiate): npm run bench reads it. */
export const ENGINE_LOAD_MEASURE = 'png2gif:engine-load';

/** One engine core, loaded in its own worker. */
export async function loadCore(): Promise<FFmpeg> {
  const started = performance.now();
  const ffmpeg = new FFmpeg();
  // The worker holds the core's loader too: nothing is fetched for the core's URL.
  const workerURL = new URL(coreWorkerURL, location.href).href;
  const { result: loading, worker } = withWorkerOf(() =>
    ffmpeg.load({ classWorkerURL: workerURL, coreURL: workerURL }),
  );
  if (worker) shareCoreModule(worker);
  let failLoad: (cause: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => (failLoad = reject));
  failed.catch(() => {}); // only the load waits for it
  // An error event: the worker never ran, or an error escaped it. Either way the core is gone: the load
  // fails, or the calls under way reject (a job then fails and its instance loads a fresh core).
  worker?.addEventListener('error', (event) => {
    event.preventDefault();
    failLoad(new Error(event instanceof ErrorEvent ? event.message : ''));
    ffmpeg.terminate();
  });
  try {
    await Promise.race([loading, failed]);
  } catch (cause) {
    ffmpeg.terminate();
    throw engineLoadFailure(cause);
  }
  performance.measure(ENGINE_LOAD_MEASURE, { start: started, end: performance.now() });
  return ffmpeg;
}

/** A worker-hosted core, as a conversion job sees it. */
export function asCore(ffmpeg: FFmpeg): Core {
  return {
    async writeFile(path, data) {
      // @ffmpeg/ffmpeg transfers data.buffer to its worker: the frame is detached here, not copied.
      await ffmpeg.writeFile(path, data);
    },
    exec: (args) => ffmpeg.exec(args),
    async readFile(path) {
      const data = await ffmpeg.readFile(path);
      if (typeof data === 'string') throw new Error(`Unexpected text output in ${path}`);
      return data;
    },
    async deleteFile(path) {
      await ffmpeg.deleteFile(path);
    },
    onLog(listener) {
      const callback = ({ message }: { message: string }) => listener(message);
      ffmpeg.on('log', callback);
      return () => ffmpeg.off('log', callback);
    },
  };
}
