/**
 * gifski (npm `gifski-wasm`, AGPL-3.0-or-later) as a measuring reference only: a devDependency that the
 * app never imports, so it is not in the production bundle (the bench checks dist/ for it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { encode, init } from 'gifski-wasm';
import type { Rgba } from '../../fixtures/pngs';
import { NATIVE_FFMPEG_PATH } from '../native-ffmpeg';
import { referenceAt } from './scores';

let ready: Promise<unknown> | null = null;

function initOnce(): Promise<unknown> {
  // The package's Node entry resolves its wasm against the working directory: load it from the package.
  const entry = createRequire(import.meta.url).resolve('gifski-wasm'); // …/gifski-wasm/dist/encode.js
  ready ??= init(WebAssembly.compile(readFileSync(join(dirname(entry), '..', 'pkg', 'gifski_wasm_bg.wasm'))));
  return ready;
}

/** gifski needs two frames or more: a still is encoded twice (the repeat costs a few bytes) and scored once. */
export async function gifskiEncode(frames: readonly Rgba[], quality: number, delayMs: number): Promise<Uint8Array> {
  await initOnce();
  const { width, height } = frames[0]!;
  const list = frames.length === 1 ? [frames[0]!, frames[0]!] : frames;
  return encode({
    frames: list.map((frame) => frame.data),
    width,
    height,
    // Without these gifski halves large pictures.
    resizeWidth: width,
    resizeHeight: height,
    quality,
    repeat: 0,
    frameDurations: list.map(() => delayMs),
  });
}

/**
 * The gifski quality whose GIF is nearest in bytes to `targetBytes`: bisection over 1–100, stopped after
 * six encodes or within 5 % of the target (each encode of a 1280x800 still takes seconds).
 */
export async function gifskiAtSize(
  frames: readonly Rgba[],
  targetBytes: number,
  delayMs: number,
): Promise<{ quality: number; gif: Uint8Array }> {
  let low = 1;
  let high = 100;
  let best: { quality: number; gif: Uint8Array } | null = null;
  const consider = (quality: number, gif: Uint8Array) => {
    if (!best || Math.abs(gif.length - targetBytes) < Math.abs(best.gif.length - targetBytes)) best = { quality, gif };
  };
  for (let tries = 0; tries < 6 && low <= high; tries++) {
    const quality = Math.round((low + high) / 2);
    const gif = await gifskiEncode(frames, quality, delayMs);
    consider(quality, gif);
    if (Math.abs(gif.length - targetBytes) <= targetBytes * 0.05) break;
    if (gif.length > targetBytes) high = quality - 1;
    else low = quality + 1;
  }
  return best!;
}

/**
 * What gifski is given: the picture itself, or at the app's output size scaled as the app scales it
 * (lanczos, by native ffmpeg's scale filter; the app's core has its own Lanczos-3), so that the two
 * encoders get the same pixels. It used to be the area-averaged picture the scores are measured against,
 * which handed gifski the reference itself: on the 5640x3172 painting shown at 1920x1080, lanczos
 * against that reference is SSIM .983 (native ffmpeg's ssim filter) before any palette. Without native
 * ffmpeg, the area-averaged picture still.
 */
export function gifskiInput(source: Rgba, file: string, width: number, height: number): Rgba {
  if (source.width === width && source.height === height) return source;
  if (!existsSync(NATIVE_FFMPEG_PATH)) return referenceAt(source, width, height);
  const args = ['-v', 'error', '-i', file, '-vf', `scale=${width}:${height}:flags=lanczos`];
  const data = execFileSync(NATIVE_FFMPEG_PATH, [...args, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], {
    maxBuffer: width * height * 4 + 1024,
  });
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, width * height * 4) };
}
