/**
 * `npm run bench:quality`: what people see, per content class. Every picture goes through the
 * real app (production build, headless Chromium, the UI as a user drives it) at several qualities, through
 * native ffmpeg's classic recipe, and through gifski at the size of the app's quality 80. Each GIF gets
 * bytes, SSIM (luma) and butteraugli; a markdown table and contact sheets of 1:1 crops are written to
 * bench-results/quality-<date>/. A benchmark, not a test: it exits 1 only when the harness breaks.
 *
 *   npm run bench:quality -- [--skip-build] [--only id,id] [--qualities 100,80,50] [--before DIR] [--port N] [--no-gifski]
 *
 * --before DIR adds the app GIFs of an earlier run (its outputs/ folder) as a "before" column.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { assertChromiumInstalled, CHROMIUM_ARGS, CHROMIUM_PATH } from '../../browser';
import { decodePng, type Rgba } from '../../fixtures/pngs';
import { decodeGif } from '../../support/gif';
import { startPreviewServer } from '../../support/preview-server';
import {
  chooseFiles,
  chooseMode,
  chooseQuality,
  chooseSoftEdges,
  clearSelection,
  convertAndWait,
  downloadResults,
  openConverter,
} from '../app-ui';
import { buildApp } from '../build-app';
import { FRAME_DELAY_MS, FRAME_RATE } from '../cases';
import { NATIVE_FFMPEG_PATH, nativeArgs, nativeFfmpegVersion, timeNativeCommand } from '../native-ffmpeg';
import { DIST_DIR, RESULTS_DIR } from '../paths';
import { spread } from '../stats';
import { qualityInputs, type ContentClass, type QualityInput } from './corpus';
import { gifskiAtSize, gifskiInput } from './gifski';
import { butteraugli, referenceAt, ssimY } from './scores';
import { crop, regions, writeSheet, type SheetRow } from './sheet';

const log = (line: string) => console.log(line);
const median = (values: readonly number[]) => spread(values).median;
const DEFAULT_QUALITIES = [100, 80, 50, 30];
/** The FAQ's advice and the app's default: gifski is matched to this size, the sheet shows it. */
const SHEET_QUALITY = 80;
/** butteraugli takes seconds per megapixel: an animation is scored on its first, middle and last frames. */
const SCORED_FRAMES = 3;

interface Options {
  skipBuild: boolean;
  only: string[] | null;
  qualities: number[];
  before: string | null;
  port: number | undefined;
  gifski: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = {
    skipBuild: false,
    only: null,
    qualities: DEFAULT_QUALITIES,
    before: null,
    port: undefined,
    gifski: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${argv[i - 1]} needs a value`);
      return next;
    };
    switch (argv[i]) {
      case '--skip-build':
        options.skipBuild = true;
        break;
      case '--only':
        options.only = value().split(',');
        break;
      case '--qualities':
        options.qualities = value().split(',').map(Number);
        break;
      case '--before':
        options.before = value();
        break;
      case '--no-gifski':
        options.gifski = false;
        break;
      case '--port':
        options.port = Number(value());
        break;
      default:
        throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (!options.qualities.includes(SHEET_QUALITY)) options.qualities.push(SHEET_QUALITY);
  return options;
}

interface Score {
  recipe: string;
  bytes: number;
  ssim: number;
  butteraugli: number | null;
  /** Click to result in the page (app) or process wall clock (native). */
  ms: number | null;
}

interface InputResult {
  input: QualityInput;
  size: string;
  colours: number;
  scores: Score[];
}

/** Scores a GIF against the sources: SSIM over every frame, butteraugli over a few. */
function scoreGif(recipe: string, gif: Uint8Array, sources: readonly Rgba[], ms: number | null): Score {
  const frames = decodeGif(gif).frames.map((frame) => frame.image);
  const pairs = sources.map((source, i) => {
    const frame = frames[Math.min(i, frames.length - 1)]!;
    return { reference: referenceAt(source, frame.width, frame.height), frame };
  });
  const ssim = pairs.reduce((sum, pair) => sum + ssimY(pair.reference, pair.frame), 0) / pairs.length;
  const picked = [...new Set([0, Math.floor(pairs.length / 2), pairs.length - 1])].slice(0, SCORED_FRAMES);
  const distances = picked.map((i) => butteraugli(pairs[i]!.reference, pairs[i]!.frame));
  const known = distances.filter((d): d is number => d !== null);
  return {
    recipe,
    bytes: gif.length,
    ssim,
    butteraugli: known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : null,
    ms,
  };
}

function distinctColours(image: Rgba): number {
  const seen = new Set<number>();
  for (let i = 0; i < image.data.length; i += 4) {
    const alpha = image.data[i + 3]! < 128 ? 0 : 1;
    seen.add(alpha ? (image.data[i]! << 16) | (image.data[i + 1]! << 8) | image.data[i + 2]! : -1);
  }
  return seen.size;
}

/** The app's GIF at `quality`, its soft edges dithered when asked (set back to Cut afterwards). */
async function appGif(page: Page, url: string, input: QualityInput, quality: number, ditherEdges = false) {
  await clearSelection(page).catch(() => openConverter(page, url));
  const choice = await chooseFiles(page, input.files);
  if (!choice.accepted) throw new Error(`the app refused ${input.id}: ${choice.reason}`);
  await chooseMode(page, input.files.length > 1 ? 'animated' : 'static');
  if ((await chooseQuality(page, quality)) !== 'set') throw new Error('no quality slider');
  await page.getByText(`Quality: ${quality}%`).first().waitFor({ timeout: 5000 });
  if (ditherEdges && !(await chooseSoftEdges(page, 'Dither', 10_000)))
    throw new Error(`no Soft edges choice for ${input.id}`);
  const timing = await convertAndWait(page, 300_000);
  if (timing.failed) throw new Error(`the app failed on ${input.id}: ${timing.failed}`);
  const [gif] = await downloadResults(page);
  if (!gif) throw new Error(`no GIF for ${input.id}`);
  if (ditherEdges) await chooseSoftEdges(page, 'Cut', 0);
  return { gif, ms: timing.ms };
}

/** The soft-alpha class's extra recipe: the Transparency card's Dither, at the sheet's quality. */
const DITHERED_EDGES = `app q${SHEET_QUALITY} dithered edges`;

/** A real UI screenshot with text: the app's own home page at a laptop's size. */
async function screenshotOf(page: Page, url: string, file: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConverter(page, url);
  writeFileSync(file, await page.screenshot({ type: 'png' }));
}

function classMedians(results: readonly InputResult[], contentClass: ContentClass, recipe: string) {
  const scores = results
    .filter((r) => r.input.contentClass === contentClass)
    .map((r) => r.scores.find((s) => s.recipe === recipe))
    .filter((s): s is Score => s !== undefined);
  if (scores.length === 0) return null;
  const ba = scores.map((s) => s.butteraugli).filter((b): b is number => b !== null);
  return {
    bytes: median(scores.map((s) => s.bytes)),
    ssim: median(scores.map((s) => s.ssim)),
    butteraugli: ba.length > 0 ? median(ba) : null,
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const fixed = (value: number | null, digits: number) => (value === null ? '–' : value.toFixed(digits));

function markdownTable(results: readonly InputResult[], recipes: readonly string[]): string {
  const lines = [
    '| picture | class | size | colours | recipe | bytes | × native | SSIM-Y | butteraugli | time |',
    '| --- | --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const result of results) {
    const native = result.scores.find((s) => s.recipe === 'native classic');
    for (const recipe of recipes) {
      const score = result.scores.find((s) => s.recipe === recipe);
      if (!score) continue;
      lines.push(
        `| ${result.input.id} | ${result.input.contentClass} | ${result.size} | ${result.colours} | ${recipe} | ` +
          `${kib(score.bytes)} | ${native ? (score.bytes / native.bytes).toFixed(2) : '–'} | ${score.ssim.toFixed(4)} | ` +
          `${fixed(score.butteraugli, 2)} | ${score.ms === null ? '–' : `${(score.ms / 1000).toFixed(2)} s`} |`,
      );
    }
  }
  return lines.join('\n');
}

function classTable(results: readonly InputResult[], recipes: readonly string[]): string {
  const classes = [...new Set(results.map((r) => r.input.contentClass))];
  const lines = [
    '| class | recipe | median bytes | median SSIM-Y | median butteraugli |',
    '| --- | --- | ---: | ---: | ---: |',
  ];
  for (const contentClass of classes) {
    for (const recipe of recipes) {
      const m = classMedians(results, contentClass, recipe);
      if (m)
        lines.push(
          `| ${contentClass} | ${recipe} | ${kib(m.bytes)} | ${m.ssim.toFixed(4)} | ${fixed(m.butteraugli, 2)} |`,
        );
    }
  }
  return lines.join('\n');
}

/** The app's GIFs of an earlier run, for the "before" column. */
function beforeGif(before: string | null, id: string): Uint8Array | null {
  if (!before) return null;
  const file = join(before, `${id}-app-q${SHEET_QUALITY}.gif`);
  return existsSync(file) ? new Uint8Array(readFileSync(file)) : null;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  assertChromiumInstalled();
  const nativeVersion = nativeFfmpegVersion();
  if (!nativeVersion)
    log(`No native ffmpeg at ${NATIVE_FFMPEG_PATH}: the native column and the real pictures are left out.`);
  if (!options.skipBuild) {
    log('Building the app (npm run build)…');
    buildApp();
  }
  // By name (its wasm) and by content (its JS glue names itself).
  const gifskiShipped = readdirSync(join(DIST_DIR, 'assets')).some(
    (file) =>
      /gifski/i.test(file) ||
      (/\.m?js$/.test(file) && /gifski/i.test(readFileSync(join(DIST_DIR, 'assets', file), 'latin1'))),
  );
  if (gifskiShipped) throw new Error('gifski is in dist/assets: it is a measuring reference and must never ship');

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outDir = join(RESULTS_DIR, `quality-${stamp}`);
  const gifDir = join(outDir, 'outputs');
  mkdirSync(gifDir, { recursive: true });
  const server = await startPreviewServer(options.port ? { port: options.port } : {});
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const results: InputResult[] = [];
  const sheetRows: SheetRow[] = [];
  const appRecipes = options.qualities.sort((a, b) => b - a).map((q) => `app q${q}`);

  try {
    // The probes poll with string predicates, which the app's CSP would refuse; the app runs the same.
    const context = await browser.newContext({ acceptDownloads: true, bypassCSP: true });
    const page = await context.newPage();
    const inputs = await qualityInputs(
      log,
      nativeVersion ? (file) => screenshotOf(page, server.origin, file) : null,
      options.only ?? undefined,
    );
    await openConverter(page, server.origin);

    for (const input of inputs) {
      log(`${input.id} (${input.contentClass}, ${input.files.length} frame(s))`);
      const sources = input.files.map((file) => decodePng(readFileSync(file)));
      const scores: Score[] = [];
      const gifs = new Map<string, Uint8Array>();
      /** One of the app's GIFs of this picture: kept as `file`, scored as `recipe`; a failure is logged. */
      const appRecipe = async (recipe: string, file: string, quality: number, ditherEdges = false) => {
        try {
          const { gif, ms } = await appGif(page, server.origin, input, quality, ditherEdges);
          writeFileSync(join(gifDir, file), gif);
          gifs.set(recipe, gif);
          scores.push(scoreGif(recipe, gif, sources, ms));
          log(
            `  ${recipe}: ${kib(gif.length)}, SSIM ${scores.at(-1)!.ssim.toFixed(4)}, butteraugli ${fixed(scores.at(-1)!.butteraugli, 2)}`,
          );
        } catch (error) {
          log(`  ${recipe} failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
          await openConverter(page, server.origin);
        }
      };
      for (const quality of options.qualities)
        await appRecipe(`app q${quality}`, `${input.id}-app-q${quality}.gif`, quality);
      if (input.contentClass === 'alpha')
        await appRecipe(DITHERED_EDGES, `${input.id}-app-q${SHEET_QUALITY}-dithered-edges.gif`, SHEET_QUALITY, true);
      const reference = gifs.get(`app q${SHEET_QUALITY}`);
      if (!reference) continue;
      const out = decodeGif(reference);
      const size = { width: out.width, height: out.height };

      if (nativeVersion) {
        const file = join(gifDir, `${input.id}-native.gif`);
        const source =
          input.files.length > 1
            ? { sequence: join(input.files[0]!, '..', '%03d.png'), frameRate: FRAME_RATE }
            : { file: input.files[0]! };
        const ms = await timeNativeCommand(nativeArgs(source, size, file));
        const gif = new Uint8Array(readFileSync(file));
        gifs.set('native classic', gif);
        scores.push(scoreGif('native classic', gif, sources, ms));
        log(`  native classic: ${kib(gif.length)}, SSIM ${scores.at(-1)!.ssim.toFixed(4)}`);
      }

      const frames = sources.map((source) => referenceAt(source, size.width, size.height));
      // gifski gets the pictures at the output size, scaled as the app scales them (its own resize is not
      // what is compared), and keeps alpha.
      const gifskiFrames = sources.map((source, i) => gifskiInput(source, input.files[i]!, size.width, size.height));
      const gifski = options.gifski ? await gifskiAtSize(gifskiFrames, reference.length, FRAME_DELAY_MS) : null;
      if (gifski) {
        writeFileSync(join(gifDir, `${input.id}-gifski.gif`), gifski.gif);
        scores.push(scoreGif('gifski (size of app q80)', gifski.gif, sources, null));
        log(`  gifski q${gifski.quality}: ${kib(gifski.gif.length)}, SSIM ${scores.at(-1)!.ssim.toFixed(4)}`);
      }

      results.push({ input, size: `${size.width}x${size.height}`, colours: distinctColours(sources[0]!), scores });

      // Sheet rows on the first frame's two regions: source, app q80 (and before), native, gifski, dithered edges.
      const { smooth, busy } = regions(frames[0]!);
      const previous = beforeGif(options.before, input.id);
      const columns: { label: string; gif: Uint8Array | null }[] = [
        { label: `app q${SHEET_QUALITY}`, gif: reference },
        ...(previous ? [{ label: `before q${SHEET_QUALITY}`, gif: previous }] : []),
        { label: 'native classic', gif: gifs.get('native classic') ?? null },
        ...(gifski ? [{ label: `gifski q${gifski.quality}`, gif: gifski.gif }] : []),
        ...(gifs.has(DITHERED_EDGES) ? [{ label: DITHERED_EDGES, gif: gifs.get(DITHERED_EDGES)! }] : []),
      ];
      for (const [name, region] of [
        ['smooth', smooth],
        ['busy', busy],
      ] as const) {
        sheetRows.push({
          label: `${input.id} ${name}`,
          pictures: [
            { label: 'source', image: crop(frames[0]!, region) },
            ...columns
              .filter((c): c is { label: string; gif: Uint8Array } => c.gif !== null)
              .map((c) => ({ label: c.label, image: crop(decodeGif(c.gif).frames[0]!.image, region) })),
          ],
        });
      }
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }

  const recipes = [...appRecipes, DITHERED_EDGES, 'native classic', 'gifski (size of app q80)'];
  const report = [
    `# Quality bench — ${new Date().toISOString()}`,
    '',
    `${nativeVersion ?? 'no native ffmpeg'}; gifski-wasm matched to the bytes of app q${SHEET_QUALITY}.`,
    'SSIM-Y: mean over frames, luma, against the source area-averaged to the output size, both laid on mid-grey.',
    'butteraugli: max-norm distance (≈1 invisible, ≥2 visible), mean of up to 3 frames. Time: click → result.',
    '',
    '## Medians per class',
    '',
    classTable(results, recipes),
    '',
    '## Every picture',
    '',
    markdownTable(results, recipes),
    '',
  ].join('\n');
  writeFileSync(join(outDir, 'quality.md'), report);
  writeFileSync(join(outDir, 'quality.json'), `${JSON.stringify(results, null, 2)}\n`);
  const sheet = join(outDir, 'sheet.png');
  const made = writeSheet(sheet, sheetRows, join(outDir, 'crops'));
  log(`\n${report}`);
  log(made ? `Contact sheet: ${sheet}` : `No ImageMagick montage: crops left in ${join(outDir, 'crops')}`);
  log(`Written ${outDir}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
