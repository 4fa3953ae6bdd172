/**
 * Measures the GIF optimiser (src/features/converter/rules/gif/optimiser.ts) against native gifsicle on
 * the same app-made GIF: bytes, SSIM (luma, mean over frames), butteraugli (middle frame) and the time
 * the pass takes, at several lossiness values; writes a contact sheet of 1:1 crops (smoothest and busiest
 * region) per set. Real pictures come from a folder of Debian sample media (see the issue 12 note):
 *
 *   npx tsx tests/engine/measure/lossy-ladder.ts [media-dir] [out-dir]
 *
 * media-dir holds sets as sub-folders of PNG/JPEG frames (sorted by name); without it only the
 * generated sets run. Needs gifsicle, butteraugli and ffmpeg (to read JPEGs) on the PATH.
 */
import { lzw } from '../../support/node-lzw';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gifAsMapped, optimiseGif } from '@/features/converter/rules/gif/optimiser';
import { DEFAULT_SETTINGS, type ConversionSettings } from '@/features/converter/rules/settings';
import { runConversionJob } from '@/features/converter/runtime/conversion-job';
import { flatUi, gradient, grain } from '../../fixtures/content';
import { encodePng, type Rgba } from '../../fixtures/pngs';
import { composeFrame, decodedFrame } from '../../support/compose';
import { decodeGif } from '../../support/gif';
import { loadNodeCore } from '../../support/node-core';
import { lumaSsim } from '../../support/similarity';

const mediaDir = process.argv[2];
const outDir = process.argv[3] ?? 'bench-results/lossy';
const LOSSINESS = (process.env.LOSSINESS ?? '0,10,20,40,60,80').split(',').map(Number);
const GIFSICLE = (process.env.GIFSICLE ?? '0,20,40,80').split(',').map(Number);
mkdirSync(outDir, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'lossy-ladder-'));
const ffmpeg = await loadNodeCore();

function readImage(path: string): Rgba {
  const probe = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', path]).toString().trim(); // prettier-ignore
  const [width, height] = probe.split(',').map(Number) as [number, number];
  const data = execFileSync('ffmpeg', ['-v', 'error', '-i', path, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], {
    maxBuffer: 1 << 30,
  });
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** A UI screenshot with a pointer moving over it: little changes between frames. */
function uiFrames(width: number, height: number, count: number): Rgba[] {
  const base = flatUi(width, height);
  return Array.from({ length: count }, (_, i) => {
    const data = base.data.slice();
    for (let y = 40 + i * 6; y < 52 + i * 6; y++)
      for (let x = 60 + i * 9; x < 68 + i * 9; x++) data.set([20, 20, 20, 255], (y * width + x) * 4);
    return { width, height, data };
  });
}

const sets: { name: string; frames: Rgba[] }[] = [
  { name: 'grain (generated)', frames: Array.from({ length: 10 }, (_, i) => grain(640, 360, i + 2)) },
  { name: 'gradient (generated)', frames: Array.from({ length: 10 }, (_, i) => gradient(640, 360, i * 8)) },
  { name: 'ui (generated)', frames: uiFrames(640, 360, 10) },
];
if (mediaDir) {
  for (const set of readdirSync(mediaDir).sort()) {
    const files = readdirSync(join(mediaDir, set))
      .filter((f) => /\.(png|jpe?g)$/i.test(f))
      .sort();
    sets.push({ name: set, frames: files.map((f) => readImage(join(mediaDir, set, f))) });
  }
}
if (process.env.SETS) {
  const wanted = process.env.SETS.split(',');
  sets.splice(0, sets.length, ...sets.filter((s) => wanted.some((w) => s.name.startsWith(w))));
}

/** Today's GIF, as the app makes it before the optimiser (quality default unless QUALITY is set). */
async function appGif(frames: Rgba[]): Promise<{ gif: Uint8Array; sources: Rgba[] }> {
  const settings: ConversionSettings = {
    ...DEFAULT_SETTINGS,
    mode: frames.length > 1 ? 'animated' : 'static',
    quality: Number(process.env.QUALITY ?? DEFAULT_SETTINGS.quality),
  };
  const sources: Rgba[] = [];
  const { gif, plan } = await runConversionJob(ffmpeg, {
    settings,
    sources: frames.map((f, i) => ({ name: `f${i}.png`, width: f.width, height: f.height })),
    readFrame: async (frame) => decodedFrame(frames[frame.sourceIndex]!, frame, settings),
    optimise: async (input) => gifAsMapped(lzw, input),
  });
  // What the GIF should show: each picture at its placement on the output canvas.
  for (const frame of plan.frames) {
    const canvas = { width: plan.width, height: plan.height };
    sources[frame.sourceIndex] = { ...canvas, data: composeFrame(frames[frame.sourceIndex]!, frame.placement, canvas) };
  }
  return { gif, sources };
}

function butteraugli(a: Rgba, b: Rgba): number {
  const [pa, pb] = [join(work, 'a.png'), join(work, 'b.png')];
  writeFileSync(pa, encodePng(a));
  writeFileSync(pb, encodePng(b));
  return Number(execFileSync('butteraugli', [pa, pb]).toString().trim());
}

/** The top-left corners of the smoothest and the busiest 160x120 blocks of an image (luma variance). */
function regions(image: Rgba, size = [160, 120] as const): [number, number][] {
  let smooth: [number, number, number] = [0, 0, Infinity];
  let busy: [number, number, number] = [0, 0, -1];
  for (let y = 0; y + size[1] <= image.height; y += size[1] / 2) {
    for (let x = 0; x + size[0] <= image.width; x += size[0] / 2) {
      let [s, ss, n] = [0, 0, 0];
      for (let j = y; j < y + size[1]; j += 2)
        for (let i = x; i < x + size[0]; i += 2) {
          const k = (j * image.width + i) * 4;
          const l = 0.299 * image.data[k]! + 0.587 * image.data[k + 1]! + 0.114 * image.data[k + 2]!;
          s += l;
          ss += l * l;
          n++;
        }
      const variance = ss / n - (s / n) ** 2;
      if (variance < smooth[2]) smooth = [x, y, variance];
      if (variance > busy[2]) busy = [x, y, variance];
    }
  }
  return [
    [smooth[0], smooth[1]],
    [busy[0], busy[1]],
  ];
}

/** Rows of crops side by side (one column per variant), 2 px gaps. */
function contactSheet(columns: Rgba[], corners: [number, number][], size = [160, 120] as const): Rgba {
  const width = columns.length * (size[0] + 2);
  const height = corners.length * (size[1] + 2);
  const data = new Uint8Array(width * height * 4).fill(255);
  corners.forEach(([cx, cy], row) => {
    columns.forEach((image, column) => {
      for (let y = 0; y < size[1]; y++)
        for (let x = 0; x < size[0]; x++) {
          const from = ((cy + y) * image.width + cx + x) * 4;
          const to = ((row * (size[1] + 2) + y) * width + column * (size[0] + 2) + x) * 4;
          data.set(image.data.subarray(from, from + 4), to);
        }
    });
  });
  return { width, height, data };
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const slug = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '');

console.log(`load: ${execFileSync('uptime').toString().trim()}`);
console.log('set | variant | KiB | vs app | SSIM-Y | butteraugli | ms');
for (const set of sets) {
  const { gif, sources } = await appGif(set.frames);
  const middle = Math.floor(sources.length / 2);
  const variants: { name: string; gif: Uint8Array; ms: number }[] = [{ name: 'app today', gif, ms: 0 }];
  for (const lossiness of LOSSINESS) {
    const runs: number[] = [];
    let out = gif;
    for (let run = 0; run < Number(process.env.RUNS ?? 3); run++) {
      const start = performance.now();
      out = optimiseGif(lzw, gif, { lossiness });
      runs.push(performance.now() - start);
    }
    variants.push({ name: `ours L${lossiness}`, gif: out, ms: median(runs) });
  }
  const appFile = join(work, 'app.gif');
  writeFileSync(appFile, gif);
  for (const lossy of GIFSICLE) {
    const start = performance.now();
    const out = execFileSync('gifsicle', ['-O3', ...(lossy ? [`--lossy=${lossy}`] : []), appFile], {
      maxBuffer: 1 << 30,
    });
    variants.push({ name: `gifsicle -O3${lossy ? ` --lossy=${lossy}` : ''}`, gif: new Uint8Array(out), ms: performance.now() - start }); // prettier-ignore
  }
  const shown: Rgba[] = [sources[middle]!];
  for (const variant of variants) {
    const frames = decodeGif(variant.gif).frames.map((f) => f.image);
    const score = frames.reduce((sum, f, i) => sum + lumaSsim(f, sources[i]!), 0) / frames.length;
    const ba = butteraugli(sources[middle]!, frames[middle]!);
    shown.push(frames[middle]!);
    console.log(
      `${set.name} | ${variant.name} | ${(variant.gif.length / 1024).toFixed(1)} | ${((variant.gif.length / gif.length - 1) * 100).toFixed(1)} % | ${score.toFixed(4)} | ${ba.toFixed(3)} | ${variant.ms.toFixed(0)}`,
    );
  }
  const sheet = contactSheet(shown, regions(sources[middle]!));
  writeFileSync(join(outDir, `${slug(set.name)}.png`), encodePng(sheet));
}
console.log(`columns of the sheets: source, ${['app today', ...LOSSINESS.map((l) => `ours L${l}`), ...GIFSICLE.map((l) => `gifsicle ${l}`)].join(', ')}`); // prettier-ignore
