// @ffmpeg/ffmpeg hosts the engine core: its FFmpeg class here, its message handlers in our core's worker.
// All that adapts it to our core: this module (that worker is the library's worker and the core's URL);
// ffmpeg-core.worker.ts (our loader and wasm, handed over on the library's importScripts path, never by an
// import of the worker's own URL); wasm-assets/core/driver/pre.js (the API @ffmpeg/core had);
// ffmpeg-library-worker.d.ts and its tsconfig path (types); vite.config.ts ffmpegHost (build, dev server).
import { FFmpeg } from '@ffmpeg/ffmpeg';
import coreWorkerURL from './ffmpeg-core.worker.ts?worker&url';
import type { FFmpegPort } from './ffmpeg-port';

/** The User Timing measure each core load leaves (fetch, compile, instantiate): npm run bench reads it. */
export const ENGINE_LOAD_MEASURE = 'png2gif:engine-load';

/** One engine core, loaded in its own worker. */
export async function loadFFmpeg(): Promise<FFmpeg> {
  const started = performance.now();
  const ffmpeg = new FFmpeg();
  // The worker holds the core's loader too: nothing is fetched for the core's URL.
  const workerURL = new URL(coreWorkerURL, location.href).href;
  await ffmpeg.load({ classWorkerURL: workerURL, coreURL: workerURL });
  performance.measure(ENGINE_LOAD_MEASURE, { start: started, end: performance.now() });
  return ffmpeg;
}

/** The conversion job's view of a worker-hosted instance. */
export function ffmpegPort(ffmpeg: FFmpeg): FFmpegPort {
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
