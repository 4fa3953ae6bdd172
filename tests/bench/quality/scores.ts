import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calc_s2, initSync, new_buffer } from 'calc-s2-rust/calc_s2_rust.js';
import { encodePng, type Rgba } from '../../fixtures/pngs';
import { decodeGif } from '../../support/gif';
import { luma, resizeArea, ssim, type Plane } from '../../support/similarity';

export const BUTTERAUGLI_PATH = process.env.BENCH_BUTTERAUGLI_PATH || '/usr/bin/butteraugli';

/** Both metrics see pictures as a page shows them: laid on a mid-grey background (GIF alpha is binary). */
const BACKGROUND = 128;

export function onBackground(image: Rgba): Rgba {
  const data = new Uint8Array(image.data.length);
  for (let i = 0; i < data.length; i += 4) {
    const alpha = image.data[i + 3]! / 255;
    for (let c = 0; c < 3; c++) data[i + c] = Math.round(image.data[i + c]! * alpha + BACKGROUND * (1 - alpha));
    data[i + 3] = 255;
  }
  return { width: image.width, height: image.height, data };
}

/** The source at the output size: area-averaged per channel, the reference every GIF is judged against. */
export function referenceAt(source: Rgba, width: number, height: number): Rgba {
  const flat = onBackground(source);
  if (flat.width === width && flat.height === height) return flat;
  const data = new Uint8Array(width * height * 4).fill(255);
  for (let c = 0; c < 3; c++) {
    const channel: Plane = {
      width: flat.width,
      height: flat.height,
      data: Float32Array.from({ length: flat.width * flat.height }, (_, p) => flat.data[p * 4 + c]!),
    };
    const small = resizeArea(channel, width, height);
    for (let p = 0; p < width * height; p++) data[p * 4 + c] = Math.round(small.data[p]!);
  }
  return { width, height, data };
}

export const ssimY = (reference: Rgba, picture: Rgba): number => ssim(luma(reference), luma(onBackground(picture)));

/**
 * Butteraugli's distance (max norm; below ~1 is invisible, above ~2 plainly visible), or null when the
 * Debian package is not installed. Its CLI reads PNGs with the same channel count, so both are written RGB.
 */
export function butteraugli(reference: Rgba, picture: Rgba): number | null {
  if (!existsSync(BUTTERAUGLI_PATH)) return null;
  const dir = mkdtempSync(join(tmpdir(), 'butteraugli-'));
  try {
    const a = join(dir, 'a.png');
    const b = join(dir, 'b.png');
    writeFileSync(a, encodePng(reference, { colorType: 2 }));
    writeFileSync(b, encodePng(onBackground(picture), { colorType: 2 }));
    const out = execFileSync(BUTTERAUGLI_PATH, [a, b], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const value = Number.parseFloat(out.trim().split('\n')[0] ?? '');
    return Number.isFinite(value) ? value : null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let s2Memory: WebAssembly.Memory | null = null;

/**
 * SSIMULACRA2 (calc-s2-rust's wasm build; 100 is identical, ~90 visually lossless, ~70 good, below ~30
 * poor) of two opaque pictures of one size, both read as RGB.
 */
export function ssimulacra2(reference: Rgba, picture: Rgba): number {
  s2Memory ??= initSync(
    readFileSync(createRequire(import.meta.url).resolve('calc-s2-rust/calc_s2_rust_bg.wasm')),
  ).memory;
  const log = console.log; // the wasm build logs every buffer it allocates
  console.log = () => {};
  try {
    // Each call takes its two buffers (calc_s2 frees them).
    const keys = [reference, picture].map((image, n) => {
      const key = `s2-${n}`;
      const length = image.width * image.height * 3;
      const at = new_buffer(key, length); // may grow the memory: its buffer is read after
      const rgb = new Uint8Array(s2Memory!.buffer, at, length);
      for (let p = 0, q = 0; p < image.data.length; p += 4, q += 3) rgb.set(image.data.subarray(p, p + 3), q);
      return key;
    });
    return calc_s2(keys[0]!, keys[1]!, reference.width, reference.height);
  } finally {
    console.log = log;
  }
}

/**
 * For the Node measuring tools: a GIF's KiB / SSIM-Y (mean over its frames) / butteraugli (mean of the
 * first, middle and last frame) against its sources, as one `123K/0.9512/3.40` string.
 */
export function scoreLine(gif: Uint8Array, sources: readonly Rgba[]): string {
  const frames = decodeGif(gif).frames.map((f) => f.image);
  const frameFor = (i: number) => frames[Math.min(i, frames.length - 1)]!;
  let ssimSum = 0;
  sources.forEach((source, i) => {
    const frame = frameFor(i);
    ssimSum += ssimY(referenceAt(source, frame.width, frame.height), frame);
  });
  const picked = [...new Set([0, Math.floor(sources.length / 2), sources.length - 1])];
  const ba = picked.map((i) => {
    const frame = frameFor(i);
    return butteraugli(referenceAt(sources[i]!, frame.width, frame.height), frame) ?? NaN;
  });
  const meanBa = ba.reduce((a, b) => a + b, 0) / ba.length;
  return `${(gif.length / 1024).toFixed(0)}K/${(ssimSum / sources.length).toFixed(4)}/${meanBa.toFixed(2)}`;
}
