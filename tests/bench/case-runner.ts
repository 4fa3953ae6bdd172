import { readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  chooseFiles,
  chooseMode,
  chooseQuality,
  clearSelection,
  convertAndWait,
  downloadResults,
  openConverter,
  pageNow,
  setFraming,
  settle,
  turnBack,
  type ModeChoice,
  type StageDetail,
  type QualityChoice,
} from './app-ui';
import { specOutputSize, type ConversionCase } from './cases';
import type { InputSet } from './inputs/write-inputs';
import { runNativeCase } from './native-ffmpeg';
import { OUTPUTS_DIR } from './paths';
import { formatMs } from './report';
import { gifQuality, gifSize, ReferencePictures, type GifQuality } from './quality';
import { spread, type Spread } from './stats';
import { framingOf, runOrder, summariseFraming, type Framing, type FramingName, type FramingResult } from './framing';
import { STAGES } from '@/features/converter/rules/stage-times';

/** The app's upload limit; the 60-frame case records it instead of failing when the UI holds it. */
const UI_FILE_LIMIT = 10;
export const CONVERSION_TIMEOUT_MS = 10 * 60_000;
/**
 * A framed run and its plain counterpart wait this long after their last setting before Convert (and for the
 * size estimate of it), as a person looking at the picture would: the estimate's sample (its settings settle
 * for 500 ms) and the facts read ahead of the new framing are then done, as they are for the plain run's files.
 */
export const FRAMING_PAUSE_MS = 1500;
/**
 * And this long after the files were chosen, the same for plain and framed runs: the framed run spends a
 * moment typing the crop, time in which its files' decode ahead goes on, which the plain run would not have.
 */
export const FRAMING_CHOICE_PAUSE_MS = 3000;

/** How the app ran a case: all files in one conversion, or a batch one file at a time. */
export type AppWay = 'one conversion' | 'batch (several results)' | 'one by one' | 'not run';

export interface SideResult {
  runsMs: number[];
  time: Spread | null;
  outputBytes: number | null;
  quality: GifQuality | null;
  error: string | null;
}

export interface CaseResult {
  id: string;
  title: string;
  kind: ConversionCase['kind'];
  content: ConversionCase['content'];
  files: number;
  inputSize: string;
  inputBytes: number;
  outputSize: string;
  app: SideResult & {
    way: AppWay;
    modeControl: ModeChoice | null;
    /** null: the app's default quality was left alone. */
    qualityControl: QualityChoice | null;
    note: string | null;
  };
  native: SideResult | null;
  /** Median app time / median native time. */
  ratio: number | null;
  /** The 1-minute load average sampled before each measured run (the machine is shared). */
  load: Spread | null;
  /**
   * Median over the measured runs of where the app's time went: each engine stage summed over the run's
   * conversions (a batch's run side by side, so its sum exceeds the click-to-result time), and `ui` = click to
   * result minus the engine's own time (one-conversion cases only). Null when the build leaves no marks.
   */
  stages: Record<string, number> | null;
  /** With `--framing`: the framed runs against plain ones driven alike, run by run in turn. */
  framing?: FramingResult | null;
}

const emptySide = (): SideResult => ({ runsMs: [], time: null, outputBytes: null, quality: null, error: null });

interface AppAttempt {
  ms: number;
  stages: StageDetail[];
  page?: { beforeMs: number; afterMs: number } | null;
  gifs: Uint8Array[] | null;
  failed: string | null;
}

/** Drives the app for one case; the first call (warm-up) also decides how the case can run. */
class AppCaseDriver {
  way: AppWay = 'not run';
  modeControl: ModeChoice | null = null;
  qualityControl: QualityChoice | null = null;
  note: string | null = null;

  constructor(
    private readonly page: Page,
    private readonly conversionCase: ConversionCase,
    private readonly inputs: InputSet,
    private readonly quality: number | null,
  ) {}

  /** Mode and quality, once the files are chosen (the settings card shows then). */
  private async chooseSettings(mode: 'static' | 'animated'): Promise<void> {
    this.modeControl = await chooseMode(this.page, mode);
    if (this.quality !== null) this.qualityControl = await chooseQuality(this.page, this.quality);
  }

  /** Warm-up: finds the way, converts once and keeps the GIFs (the output is the same every run). */
  async warmUp(): Promise<AppAttempt | null> {
    const { kind, files } = this.conversionCase;
    if (kind === 'batch') {
      const attempt = await this.convertTogether('static', true);
      if (attempt && !attempt.failed && attempt.gifs && attempt.gifs.length >= files) {
        this.way = 'batch (several results)';
        return attempt;
      }
      this.way = 'one by one';
      return this.convertOneByOne(true);
    }
    const attempt = await this.convertTogether(kind === 'animated' ? 'animated' : 'static', true);
    if (attempt) this.way = 'one conversion';
    return attempt;
  }

  async measure(): Promise<AppAttempt | null> {
    if (this.way === 'one by one') return this.convertOneByOne(false);
    if (this.way === 'not run') return null;
    return this.convertTogether(this.conversionCase.kind === 'animated' ? 'animated' : 'static', false);
  }

  /**
   * One conversion as `measure` runs it, but with `framing` set through the page's controls (none: plain), and
   * a pause before Convert (settle): the comparison of a framing's cost, whose runs are driven alike.
   */
  async measureFramed(framing: Framing | null, check: boolean): Promise<AppAttempt> {
    if (this.way !== 'one conversion' && this.way !== 'batch (several results)')
      return { ms: 0, stages: [], gifs: null, failed: `not run (${this.way})` };
    const { kind } = this.conversionCase;
    await clearSelection(this.page);
    const choice = await chooseFiles(this.page, this.inputs.files);
    if (!choice.accepted) return { ms: 0, stages: [], gifs: null, failed: `files refused: ${choice.reason}` };
    const chosenAt = await pageNow(this.page);
    await this.chooseSettings(kind === 'animated' ? 'animated' : 'static');
    if (framing) await setFraming(this.page, framing);
    await settle(this.page, await pageNow(this.page), {
      pauseMs: FRAMING_PAUSE_MS,
      estimate: kind !== 'batch',
      until: chosenAt + FRAMING_CHOICE_PAUSE_MS,
    });
    const timing = await convertAndWait(this.page, CONVERSION_TIMEOUT_MS);
    // The warm-up proves the framing was taken: the GIF has the framed picture's shape.
    const gifs = check && !timing.failed ? await downloadResults(this.page) : null;
    if (framing) await turnBack(this.page, framing.quarterTurnsRight);
    await clearSelection(this.page);
    const shapeError = gifs && framing ? framedShapeError(framing, this.conversionCase, gifs[0]) : null;
    return { ms: timing.ms, stages: timing.stages, gifs, failed: timing.failed ?? shapeError };
  }

  private async convertTogether(mode: 'static' | 'animated', keepGifs: boolean): Promise<AppAttempt | null> {
    await clearSelection(this.page);
    const choice = await chooseFiles(this.page, this.inputs.files);
    if (!choice.accepted) {
      this.note =
        this.inputs.files.length > UI_FILE_LIMIT
          ? `not supported by the UI (${UI_FILE_LIMIT}-file limit): ${choice.reason}`
          : `files refused: ${choice.reason}`;
      return null;
    }
    await this.chooseSettings(mode);
    const timing = await convertAndWait(this.page, CONVERSION_TIMEOUT_MS);
    const gifs = keepGifs && !timing.failed ? await downloadResults(this.page) : null;
    // Nothing chosen after the result: the page's idle-time work on the files (decoding them ahead again for a
    // next conversion) is called off, and native ffmpeg does not share the machine with it.
    await clearSelection(this.page);
    return { ms: timing.ms, stages: timing.stages, page: timing.page, gifs, failed: timing.failed };
  }

  private async convertOneByOne(keepGifs: boolean): Promise<AppAttempt> {
    let ms = 0;
    const stages: StageDetail[] = [];
    const gifs: Uint8Array[] = [];
    for (const file of this.inputs.files) {
      await clearSelection(this.page);
      const choice = await chooseFiles(this.page, [file]);
      if (!choice.accepted) return { ms, stages, gifs: null, failed: `file refused: ${choice.reason}` };
      await this.chooseSettings('static');
      const timing = await convertAndWait(this.page, CONVERSION_TIMEOUT_MS);
      if (timing.failed) return { ms, stages, gifs: null, failed: timing.failed };
      ms += timing.ms;
      stages.push(...timing.stages);
      if (keepGifs) gifs.push(...(await downloadResults(this.page)));
    }
    await clearSelection(this.page);
    return { ms, stages, gifs: keepGifs ? gifs : null, failed: null };
  }
}

export interface CaseRunOptions {
  runs: number;
  /** Quality percent to set in the app; null keeps the app's default. */
  quality: number | null;
  nativeAvailable: boolean;
  /** Also run with these framings against plain runs driven alike (none: not). */
  framings?: readonly FramingName[];
  log: (line: string) => void;
}

/** One warm-up, then `runs` measured runs, app and native interleaved so both see the same machine load. */
export async function runConversionCase(
  browser: Browser,
  url: string,
  conversionCase: ConversionCase,
  inputs: InputSet,
  options: CaseRunOptions,
): Promise<CaseResult> {
  const outDir = join(OUTPUTS_DIR, conversionCase.id);
  mkdirSync(outDir, { recursive: true });
  // The probes poll with string predicates, which the app's CSP (no unsafe-eval) would refuse; the app runs the same.
  const context = await browser.newContext({ acceptDownloads: true, bypassCSP: true });
  const page = await context.newPage();
  const app: CaseResult['app'] = {
    ...emptySide(),
    way: 'not run',
    modeControl: null,
    qualityControl: null,
    note: null,
  };
  const native = options.nativeAvailable ? emptySide() : null;
  // The outputs are the same every run: the app's from the warm-up, native's from the last run.
  const outputs = { app: null as Uint8Array[] | null, native: [] as string[] };
  const loads: number[] = [];
  const stageRuns: Record<string, number>[] = [];
  const framings = options.framings ?? [];
  // Per run (index 0: the warm-up), the plain and each framing's click to result; null: not measured.
  const framedRuns: Record<'plain' | FramingName, (number | null)[]> = {
    plain: [],
    turn: [],
    crop: [],
    'crop-turn': [],
  };
  let framingError: string | null = null;

  try {
    await openConverter(page, url);
    const driver = new AppCaseDriver(page, conversionCase, inputs, options.quality);
    const sideStep = async (label: string, step: () => Promise<void>, side: SideResult) => {
      try {
        await step();
      } catch (error) {
        side.error = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        options.log(`    ${label} failed: ${side.error}`);
      }
    };

    await sideStep(
      'app warm-up',
      async () => {
        const warm = await driver.warmUp();
        if (warm?.failed) app.error = warm.failed;
        outputs.app = warm?.gifs ?? null;
      },
      app,
    );
    // Native scales to the app's output size, so both are judged at the same size.
    const firstGif = outputs.app?.[0];
    const size = firstGif ? gifSize(firstGif) : specOutputSize(conversionCase.width, conversionCase.height);
    const nativeStep = async () => {
      const run = await runNativeCase(conversionCase, inputs, size, outDir);
      outputs.native = run.outputs;
      return run.ms;
    };
    if (native) await sideStep('native warm-up', async () => void (await nativeStep()), native);
    options.log(`    warm-up done (app: ${driver.way}${driver.note ? `, ${driver.note}` : ''})`);

    /** The plain and framed runs of run `run` in turn (0 warms them up), each framing's crop moved a little. */
    const framingRun = async (run: number) => {
      if (framings.length === 0 || framingError) return;
      const { width, height } = conversionCase;
      for (const variant of runOrder(framings, run)) {
        if (framingError) return;
        try {
          const attempt = await driver.measureFramed(
            variant === 'plain' ? null : framingOf(variant, width, height, run),
            run === 0,
          );
          if (attempt.failed) throw new Error(attempt.failed);
          framedRuns[variant][run] = attempt.ms;
          options.log(`    ${run === 0 ? 'warm-up' : `run ${run}`}, ${variant}: ${formatMs(attempt.ms)}`);
        } catch (error) {
          framingError = `${variant}: ${error instanceof Error ? error.message.split('\n')[0]! : String(error)}`;
          options.log(`    framing failed: ${framingError}`);
        }
      }
    };
    if (driver.way !== 'not run' && !app.error) await framingRun(0);

    for (let run = 1; run <= options.runs; run++) {
      loads.push(loadavg()[0]!);
      if (driver.way !== 'not run' && !app.error) {
        await sideStep(
          'app run',
          async () => {
            const attempt = await driver.measure();
            if (attempt?.failed) app.error = attempt.failed;
            else if (attempt) {
              app.runsMs.push(attempt.ms);
              const stages = stageSums(attempt);
              if (stages) stageRuns.push(stages);
            }
          },
          app,
        );
      }
      if (native && !native.error)
        await sideStep('native run', async () => void native.runsMs.push(await nativeStep()), native);
      options.log(
        `    run ${run}/${options.runs}: app ${formatMs(app.runsMs.at(-1))}, native ${formatMs(native?.runsMs.at(-1))}`,
      );
      if (driver.way !== 'not run' && !app.error) await framingRun(run);
    }
    Object.assign(app, {
      way: driver.way,
      modeControl: driver.modeControl,
      qualityControl: driver.qualityControl,
      note: driver.note,
    });
  } finally {
    await context.close();
  }

  scoreOutputs(conversionCase, inputs, outDir, outputs, app, native);
  const outSize = app.quality ?? native?.quality;
  return {
    id: conversionCase.id,
    title: conversionCase.title,
    kind: conversionCase.kind,
    content: conversionCase.content,
    files: conversionCase.files,
    inputSize: `${conversionCase.width}x${conversionCase.height}`,
    inputBytes: inputs.files.reduce((sum, file) => sum + statSync(file).size, 0),
    outputSize: outSize ? `${outSize.width}x${outSize.height}` : '?',
    app,
    native,
    ratio: app.time && native?.time ? app.time.median / native.time.median : null,
    load: loads.length > 0 ? spread(loads) : null,
    stages: stageMedians(stageRuns),
    framing:
      framings.length === 0
        ? null
        : summariseFraming(
            measuredRuns(framedRuns.plain, options.runs),
            Object.fromEntries(framings.map((name) => [name, measuredRuns(framedRuns[name], options.runs)])),
            framings,
            framingError ?? (app.way === 'not run' || app.error ? 'not run (the app did not convert the case)' : null),
          ),
  };
}

/** Why a framed GIF does not have the framed picture's shape (cropped, then turned), or null when it does. */
function framedShapeError(
  framing: Framing,
  conversionCase: ConversionCase,
  gif: Uint8Array | undefined,
): string | null {
  if (!gif) return 'no GIF to check the framing on';
  const { width, height } = framing.crop ?? conversionCase;
  const [wide, high] = framing.quarterTurnsRight % 2 ? [height, width] : [width, height];
  const size = gifSize(gif);
  return Math.abs(size.width / size.height - wide / high) < 0.02
    ? null
    : `the framed GIF is ${size.width}x${size.height}, not the shape of ${wide}x${high}`;
}

/** Runs 1 … `runs` of a variant (the warm-up left out), null where one was not measured. */
const measuredRuns = (runs: readonly (number | null)[], count: number) =>
  Array.from({ length: count }, (_, i) => runs[i + 1] ?? null);

/** One run's stages summed over its conversions, with `ui` for a single conversion; null without marks. */
export function stageSums(attempt: {
  ms: number;
  stages: readonly StageDetail[];
  page?: { beforeMs: number; afterMs: number } | null;
}): Record<string, number> | null {
  if (attempt.stages.length === 0) return null;
  const sums: Record<string, number> = {};
  for (const detail of attempt.stages)
    for (const [stage, ms] of Object.entries(detail)) if (stage !== 'frames') sums[stage] = (sums[stage] ?? 0) + ms;
  // A conversion made ahead ran its `ahead` ms before the click: the page's part is what the rest leaves.
  if (attempt.stages.length === 1) sums.ui = attempt.ms - ((sums.totalMs ?? 0) - (sums.ahead ?? 0));
  // The engine's time outside its stages (setting a job up, giving its files back): what no stage names.
  sums.other = (sums.totalMs ?? 0) - STAGES.reduce((sum, stage) => sum + (sums[stage] ?? 0), 0);
  if (attempt.page) Object.assign(sums, { 'ui-before': attempt.page.beforeMs, 'ui-after': attempt.page.afterMs });
  return sums;
}

export function stageMedians(runs: readonly Record<string, number>[]): Record<string, number> | null {
  if (runs.length === 0) return null;
  const stages = Object.keys(runs[0]!);
  return Object.fromEntries(stages.map((stage) => [stage, spread(runs.map((run) => run[stage] ?? 0)).median]));
}

/** Bytes, SSIM and time spread of both sides; the app's GIFs are saved next to ffmpeg's for a look. */
function scoreOutputs(
  conversionCase: ConversionCase,
  inputs: InputSet,
  outDir: string,
  outputs: { app: Uint8Array[] | null; native: string[] },
  app: SideResult,
  native: SideResult | null,
): void {
  const reference = new ReferencePictures(inputs.files);
  if (outputs.app && outputs.app.length > 0) {
    outputs.app.forEach((bytes, i) => writeFileSync(join(outDir, `app-${String(i + 1).padStart(3, '0')}.gif`), bytes));
    app.outputBytes = outputs.app.reduce((sum, bytes) => sum + bytes.length, 0);
    app.quality = gifQuality(conversionCase.kind, outputs.app, reference);
  }
  if (native && outputs.native.length > 0 && !native.error) {
    const gifs = outputs.native.map((file) => new Uint8Array(readFileSync(file)));
    native.outputBytes = gifs.reduce((sum, bytes) => sum + bytes.length, 0);
    native.quality = gifQuality(conversionCase.kind, gifs, reference);
  }
  app.time = app.runsMs.length > 0 ? spread(app.runsMs) : null;
  if (native) native.time = native.runsMs.length > 0 ? spread(native.runsMs) : null;
}
