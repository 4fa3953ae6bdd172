import { FFmpeg } from '@ffmpeg/ffmpeg';
import coreWorkerURL from './ffmpeg-core.worker.ts?worker&url';
import type { FFmpegPort } from './ffmpeg-port';

/** The User Timing measure each core load leaves (fetch, compile, instantiate): npm run bench reads it. */
export const ENGINE_LOAD_MEASURE = 'png2gif:engine-load';

/** One ffmpeg.wasm instance: @ffmpeg/ffmpeg hosts @ffmpeg/core in its own dedicated worker. */
export async function loadFFmpeg(): Promise<FFmpeg> {
  const started = performance.now();
  const ffmpeg = new FFmpeg();
  // The worker is the core's loader too (ffmpeg-core.worker.ts): nothing is fetched for the core's URL.
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
