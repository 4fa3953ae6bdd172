import { FFmpeg } from '@ffmpeg/ffmpeg';
import { FFMPEG_CORE } from './core-location';

/** One ffmpeg.wasm instance: @ffmpeg/ffmpeg hosts @ffmpeg/core in its own dedicated worker. */
export async function loadFFmpeg(): Promise<FFmpeg> {
  const ffmpeg = new FFmpeg();
  await ffmpeg.load({ coreURL: FFMPEG_CORE.coreURL, wasmURL: FFMPEG_CORE.wasmURL });
  return ffmpeg;
}
