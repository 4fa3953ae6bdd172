/**
 * `npx tsx tests/bench/fit-under.ts [photo …]`: the "Fit under" search on the production job code (Node
 * core, the same wasm the browser loads), against one plain conversion in the same process, on the fit
 * cases (tests/bench/fit-cases.ts: a real photograph, a 10-frame photo pan, a gradient, a UI screenshot,
 * a grainy photograph, a grainy 10-frame video pan; extra arguments add photographs). For each budget
 * under the plain GIF's size (or half of it, when the plain GIF fits them all) it prints the encodes the
 * search took, its CPU time as a ratio of the plain conversion's, and the quality reached: SSIM-Y over
 * every frame and butteraugli's distance (first and last frame, averaged), each GIF frame scaled back to
 * the source size. The search runs twice: from nothing, and seeded with the app's size estimate (one
 * small sample encode the app makes before the click, not counted). Next to it, a single guess: one
 * encode at the default quality scaled by √(budget / plain size) × 0.93, what a tool without a search
 * (or a person) would try first. A contact sheet of 1:1 crops (smoothest and busiest region of the first
 * frame; source, search, guess) goes to the folder in $FIT_SHEET_DIR (default /tmp/fit-under).
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { ConversionOutput, ConverterRuntime } from '@/features/converter/rules/contracts';
import { DEFAULT_SETTINGS, type ConversionSettings } from '@/features/converter/rules/settings';
import { extrapolateSize } from '@/features/converter/rules/estimate/size-estimate';
import { describeKnobs } from '@/features/converter/rules/estimate/fit-under';
import { conversionOutput } from '@/features/converter/runtime/conversion-job';
import { runFitSearch } from '@/features/converter/store/fit-search';
import type { Rgba } from '../fixtures/pngs';
import { composeFrame } from '../support/compose';
import { decodeGif } from '../support/gif';
import { convertImages, convertSample, type NodeInput } from '../support/node-engine';
import { loadNodeCore, type NodeCore } from '../support/node-core';
import { fitCases } from './fit-cases';
import { butteraugli, onBackground, ssimY } from './quality/scores';
import { crop, regions, writeSheet, type SheetRow } from './quality/sheet';

const KB = 1024;
const BUDGETS = [256 * KB, 1024 * KB, 5 * 1024 * KB];
/**
 * The process's CPU time: the Node core encodes on this thread, so its ratios hold on a machine that
 * other jobs load (wall time there swung 3× between two runs).
 */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const kb = (bytes: number) => `${(bytes / KB).toFixed(0)} KB`;
const SHEET_DIR = process.env.FIT_SHEET_DIR || '/tmp/fit-under';

/** The engine interface over the Node core, so the store's search driver runs unchanged. */
function nodeEngine(core: NodeCore, frames: NodeInput[]): ConverterRuntime & { encodes: number } {
  const engine = {
    encodes: 0,
    warmUp: async () => {},
    prepare() {},
    async convert(request: { settings: ConversionSettings }): Promise<ConversionOutput> {
      engine.encodes++;
      return conversionOutput(await convertImages(core, frames, request.settings));
    },
    convertSample: () => Promise.reject(new Error('not used')),
    convertEach: () => Promise.reject(new Error('not used')),
    decodeGif: () => Promise.reject(new Error('not used')),
    animationFrame: () => Promise.resolve(null),
    convertAhead: () => {},
  };
  return engine as ConverterRuntime & { encodes: number };
}

interface Score {
  ssim: number;
  butteraugli: number;
  /** The first frame as shown, scaled back to the source size, for the contact sheet. */
  first: Rgba;
}

/**
 * Each source frame against the GIF frame on screen at its time (with frames dropped, the one before),
 * scaled back to the source size: SSIM-Y over all frames, butteraugli on the first and the last.
 */
function score(frames: NodeInput[], gifBytes: Uint8Array): Score {
  const gif = decodeGif(gifBytes);
  const total = gif.frames.reduce((sum, f) => sum + f.delayCs, 0);
  const perSource = total / frames.length;
  let ssim = 0;
  const distances: number[] = [];
  let first: Rgba | null = null;
  for (const [i, source] of frames.entries()) {
    let t = i * perSource;
    let shown = 0;
    while (shown < gif.frames.length - 1 && t >= gif.frames[shown]!.delayCs) t -= gif.frames[shown++]!.delayCs;
    const { width, height } = source.image;
    const placement = { x: 0, y: 0, width, height };
    const back = { width, height, data: composeFrame(gif.frames[shown]!.image, placement, { width, height }) };
    first ??= back;
    const reference = onBackground(source.image);
    ssim += ssimY(reference, back);
    if (i === 0 || i === frames.length - 1) distances.push(butteraugli(reference, back) ?? NaN);
  }
  return {
    ssim: ssim / frames.length,
    butteraugli: distances.reduce((a, b) => a + b, 0) / distances.length,
    first: first!,
  };
}

async function main() {
  const core = await loadNodeCore();
  const cases = fitCases(console.log, process.argv.slice(2));
  mkdirSync(SHEET_DIR, { recursive: true });
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(`load average ${load()}`);
  console.log(
    '| input | budget | plain | search: encodes, time ÷ plain, bytes, SSIM-Y, butteraugli (what changed) | ' +
      'search from the estimate: the same | single guess: bytes, SSIM-Y, butteraugli |',
  );
  console.log('|---|---|---|---|---|---|');
  const sheet: SheetRow[] = [];
  for (const input of cases) {
    const settings = { ...DEFAULT_SETTINGS, ...input.settings };
    const first = input.frames[0]!.image;
    const t0 = cpuMs();
    const plain = await convertImages(core, input.frames, settings);
    const plainMs = cpuMs() - t0;
    const budgets = BUDGETS.filter((budget) => budget < plain.gif.length);
    if (budgets.length === 0) budgets.push(Math.round(plain.gif.length / 2 / KB) * KB);
    const { smooth, busy } = regions(onBackground(first));
    // The app's size estimate (made while the person looks at the settings) seeds its search.
    const sample = await convertSample(core, input.frames, settings);
    const delays = input.frames.map(() => null);
    const estimate = extrapolateSize(sample.gif, sample.plan, settings, first, delays);
    // The search reads the frame count from the request's files; the Node engine converts `input.frames`.
    const files = input.frames.map((frame) => new File([], frame.name));
    const fitted = async (budget: number, prior?: number) => {
      const started = cpuMs();
      const request = { files, settings: { ...settings, targetBytes: budget } };
      const { result, fit } = await runFitSearch(nodeEngine(core, input.frames), request, {
        budget,
        first,
        ...(prior ? { prior } : {}),
      });
      const ms = cpuMs() - started;
      const gif = new Uint8Array(await result.gif.arrayBuffer());
      const changed = describeKnobs(fit.knobs, fit.base, result).join(', ') || 'as set';
      const summary = `${fit.encodes}, ${(ms / plainMs).toFixed(1)}×, ${kb(gif.length)}${fit.fits ? '' : ' (over)'}`;
      return { gif, summary, changed };
    };
    for (const budget of budgets) {
      const search = await fitted(budget);
      const seeded = await fitted(budget, estimate);
      const searchGif = search.gif;

      const scale = Math.min(1, Math.sqrt(budget / plain.gif.length) * 0.93);
      const guessSettings: ConversionSettings = {
        ...settings,
        ...(scale < 1
          ? { resize: true, width: Math.round(first.width * scale), height: Math.round(first.height * scale) }
          : {}),
      };
      const guess = await convertImages(core, input.frames, guessSettings);
      const found = score(input.frames, searchGif);
      const fromEstimate = score(input.frames, seeded.gif);
      const guessed = score(input.frames, guess.gif);
      const scores = (s: Score) => `${s.ssim.toFixed(3)}, ${s.butteraugli.toFixed(2)}`;
      console.log(
        `| ${input.title} | ${kb(budget)} | ${kb(plain.gif.length)} in ${(plainMs / 1000).toFixed(1)} s CPU | ` +
          `${search.summary}, ${scores(found)} (${search.changed}) | ` +
          `${seeded.summary}, ${scores(fromEstimate)}${seeded.changed === search.changed ? '' : ` (${seeded.changed})`} | ` +
          `${kb(guess.gif.length)}${guess.gif.length > budget ? ' (over)' : ''}, ${scores(guessed)} |`,
      );
      for (const [name, region] of [
        ['smooth', smooth],
        ['busy', busy],
      ] as const)
        sheet.push({
          label: `${input.short} ${kb(budget)} ${name}`,
          pictures: [
            { label: 'source', image: crop(first, region) },
            { label: `search ${kb(searchGif.length)}`, image: crop(found.first, region) },
            { label: `guess ${kb(guess.gif.length)}`, image: crop(guessed.first, region) },
          ],
        });
    }
  }
  const file = join(SHEET_DIR, 'fit-under-sheet.png');
  if (writeSheet(file, sheet, join(SHEET_DIR, 'tiles'))) console.log(`\ncontact sheet: ${file}`);
  console.log(`load average at the end ${load()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
