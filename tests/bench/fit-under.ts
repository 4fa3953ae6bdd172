/**
 * `npx tsx tests/bench/fit-under.ts [photo.jpg|png …]`: the "Fit under" search on the production job code
 * (Node core, the same wasm the browser loads), against one plain conversion in the same process.
 * For each budget it prints the encodes the search took, its time as a ratio of one plain conversion,
 * and the quality reached (SSIM-Y of every GIF frame scaled back to the source size against the source)
 * next to a single guess: one encode at the default quality, scaled by √(budget / plain size) × 0.93,
 * which is what a tool without a search (or a person) would try first.
 * Extra arguments are real photographs (any format ImageMagick reads), converted at 1920 px wide.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { basename, join } from 'node:path';
import type { ConversionOutput, ConverterRuntime } from '@/features/converter/rules/contracts';
import { DEFAULT_SETTINGS, type ConversionSettings } from '@/features/converter/rules/settings';
import { describeKnobs } from '@/features/converter/rules/target-size';
import { runFitSearch } from '@/features/converter/store/fit-search';
import { cameraPan, photoLike } from '../fixtures/content';
import { decodePng, type Rgba } from '../fixtures/pngs';
import { composeFrame } from '../support/compose';
import { decodeGif } from '../support/gif';
import { convertImages, type NodeInput } from '../support/node-engine';
import { loadNodeFFmpeg, type NodeFFmpeg } from '../support/node-ffmpeg';
import { lumaSsim } from '../support/similarity';

const KB = 1024;
const BUDGETS = [256 * KB, 1024 * KB, 5 * 1024 * KB];

interface BenchInput {
  title: string;
  frames: NodeInput[];
  settings: Partial<ConversionSettings>;
}

function panFrames(count: number): NodeInput[] {
  return cameraPan(count).map((image, i) => ({ name: `pan-${i}.png`, image }));
}

function realPhoto(path: string): Rgba {
  const out = join(mkdtempSync(join(tmpdir(), 'fit-under-')), 'photo.png');
  execFileSync('convert', [path, '-resize', '1920x1280^', '-gravity', 'center', '-extent', '1920x1280', out]);
  return decodePng(readFileSync(out));
}

/** The engine interface over the Node core, so the store's search driver runs unchanged. */
function nodeEngine(ffmpeg: NodeFFmpeg, frames: NodeInput[]): ConverterRuntime & { encodes: number } {
  const engine = {
    encodes: 0,
    warmUp() {},
    async convert(request: { settings: ConversionSettings }): Promise<ConversionOutput> {
      engine.encodes++;
      const { gif, plan } = await convertImages(ffmpeg, frames, request.settings);
      return {
        gif: new Blob([gif as Uint8Array<ArrayBuffer>], { type: 'image/gif' }),
        fileName: plan.fileName,
        width: plan.width,
        height: plan.height,
        frameCount: plan.frames.length,
      };
    },
    convertSample: () => Promise.reject(new Error('not used')),
    convertEach: () => Promise.reject(new Error('not used')),
    decodeGif: () => Promise.reject(new Error('not used')),
  };
  return engine as ConverterRuntime & { encodes: number };
}

/** Mean SSIM-Y of each source frame against the GIF frame showing it, scaled back to the source size. */
function quality(frames: NodeInput[], gifBytes: Uint8Array): number {
  const gif = decodeGif(gifBytes);
  const total = gif.frames.reduce((sum, f) => sum + f.delayCs, 0);
  let score = 0;
  // Frame by time: with frames dropped, a source frame is compared with the GIF frame on screen at its time.
  const perSource = total / frames.length;
  for (const [i, source] of frames.entries()) {
    let t = i * perSource;
    let shown = 0;
    while (shown < gif.frames.length - 1 && t >= gif.frames[shown]!.delayCs) t -= gif.frames[shown++]!.delayCs;
    const image = gif.frames[shown]!.image;
    const { width, height } = source.image;
    const back = composeFrame(image, { x: 0, y: 0, width, height }, { width, height });
    score += lumaSsim(source.image, { width, height, data: back });
  }
  return score / frames.length;
}

async function main() {
  const ffmpeg = await loadNodeFFmpeg();
  const inputs: BenchInput[] = [
    { title: '10 × 800x600 photo-like pan', frames: panFrames(10), settings: { mode: 'animated' } },
    { title: '1920x1280 photo-like', frames: [{ name: 'p.png', image: photoLike(1920, 1280, 3) }], settings: {} },
    ...process.argv.slice(2).map((path) => ({
      title: `1920x1280 ${basename(path)}`,
      frames: [{ name: 'photo.png', image: realPhoto(path) }],
      settings: {},
    })),
  ];
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log('| input | budget | plain | search: encodes, time ÷ plain, bytes, SSIM | single guess: bytes, SSIM |');
  console.log('|---|---|---|---|---|');
  for (const input of inputs) {
    const settings = { ...DEFAULT_SETTINGS, ...input.settings };
    const first = input.frames[0]!.image;
    const t0 = performance.now();
    const plain = await convertImages(ffmpeg, input.frames, settings);
    const plainMs = performance.now() - t0;
    for (const budget of BUDGETS) {
      if (plain.gif.length <= budget / 4) continue;
      const engine = nodeEngine(ffmpeg, input.frames);
      const started = performance.now();
      // The search reads the frame count from the request's files; the Node engine converts `input.frames`.
      const files = input.frames.map((frame) => new File([], frame.name));
      const request = { files, settings: { ...settings, targetBytes: budget } };
      const { result, fit } = await runFitSearch(engine, request, { budget, first });
      const searchMs = performance.now() - started;
      const searchGif = new Uint8Array(await result.gif.arrayBuffer());

      const scale = Math.min(1, Math.sqrt(budget / plain.gif.length) * 0.93);
      const guessSettings: ConversionSettings = {
        ...settings,
        ...(scale < 1
          ? { resize: true, width: Math.round(first.width * scale), height: Math.round(first.height * scale) }
          : {}),
      };
      const guess = await convertImages(ffmpeg, input.frames, guessSettings);
      const kb = (bytes: number) => `${(bytes / KB).toFixed(0)} KB`;
      console.log(
        `| ${input.title} | ${kb(budget)} | ${kb(plain.gif.length)} in ${(plainMs / 1000).toFixed(1)} s | ` +
          `${fit.encodes}, ${(searchMs / plainMs).toFixed(2)}×, ${kb(searchGif.length)}${fit.fits ? '' : ' (over)'}, ` +
          `${quality(input.frames, searchGif).toFixed(3)} (${describeKnobs(fit.knobs, fit.base, result).join(', ') || 'as set'}) | ` +
          `${kb(guess.gif.length)}${guess.gif.length > budget ? ' (over)' : ''}, ${quality(input.frames, guess.gif).toFixed(3)} |`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
