import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { FRAME_RATE, type ConversionCase } from './cases';
import type { InputSet } from './inputs/write-inputs';

/** Debian's native ffmpeg, the reference a user could run on the same machine. */
export const NATIVE_FFMPEG_PATH = process.env.BENCH_FFMPEG_PATH || '/usr/bin/ffmpeg';

export function nativeFfmpegVersion(): string | null {
  if (!existsSync(NATIVE_FFMPEG_PATH)) return null;
  const banner = execFileSync(NATIVE_FFMPEG_PATH, ['-hide_banner', '-version'], { encoding: 'utf8' });
  // "ffmpeg version 5.1.9-0+deb12u1 Copyright (c) …" → "ffmpeg 5.1.9-0+deb12u1"
  const version = /^ffmpeg version (\S+)/.exec(banner)?.[1];
  return version ? `ffmpeg ${version}` : 'ffmpeg (unknown version)';
}

export const NATIVE_MISSING_HINT = [
  `No native ffmpeg at ${NATIVE_FFMPEG_PATH}: the native columns stay empty.`,
  'Install it to compare the app with the command line:',
  '  sudo apt-get update && sudo apt-get install -y ffmpeg',
  '(or point BENCH_FFMPEG_PATH at another ffmpeg binary)',
].join('\n');

export type NativeInput = { sequence: string; frameRate: number } | { file: string };

/**
 * The classic command-line recipe: scale to the app's output size, one palette from every pixel of
 * every frame (stats_mode=full), error-diffusion dithering (sierra2_4a), loop forever.
 */
export function nativeArgs(input: NativeInput, size: { width: number; height: number }, output: string): string[] {
  const source =
    'sequence' in input ? ['-framerate', String(input.frameRate), '-i', input.sequence] : ['-i', input.file];
  const filter =
    `[0:v]scale=${size.width}:${size.height}:flags=lanczos,split[a][b];` +
    '[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a';
  return ['-hide_banner', '-loglevel', 'error', '-y', ...source, '-filter_complex', filter, '-loop', '0', output];
}

/** Wall-clock time of one ffmpeg process, from spawn to exit. */
export function timeNativeCommand(args: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(NATIVE_FFMPEG_PATH, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const elapsed = performance.now() - started;
      if (code === 0) resolve(elapsed);
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`));
    });
  });
}

export interface NativeRun {
  ms: number;
  outputs: string[];
}

/** An animation or a still is one command; a batch is one command per file, timed together. */
export async function runNativeCase(
  conversionCase: ConversionCase,
  inputs: InputSet,
  size: { width: number; height: number },
  outDir: string,
): Promise<NativeRun> {
  mkdirSync(outDir, { recursive: true });
  if (conversionCase.kind === 'animated') {
    const output = join(outDir, 'native.gif');
    const sequence = join(inputs.dir, '%03d.png');
    const ms = await timeNativeCommand(nativeArgs({ sequence, frameRate: FRAME_RATE }, size, output));
    return { ms, outputs: [output] };
  }
  let ms = 0;
  const outputs: string[] = [];
  for (const [index, file] of inputs.files.entries()) {
    const output = join(outDir, `native-${String(index + 1).padStart(3, '0')}.gif`);
    ms += await timeNativeCommand(nativeArgs({ file }, size, output));
    outputs.push(output);
  }
  return { ms, outputs };
}
