import { convertEachFile } from '../rules/batch/convert';
import type {
  BatchItemResult,
  ConversionOutput,
  ConversionRequest,
  ConvertEachOptions,
  ConvertOptions,
  ConverterRuntime,
} from '../rules/contracts';
import { isBatch } from '../rules/settings-rules';
import { abortError, ERROR_MESSAGES } from '../rules/errors';
import { isAnimatedPng, parseApng } from '../rules/png/apng-parse';
import { expandFrames, type CheckedFile } from '../rules/plan/frame-sources';
import { PNG_HEADER_BYTES, pngSize } from '../rules/png/size';
import type { Size } from '../rules/dimensions';
import { stillPngHeader, validatePng, type PngHeader } from '../rules/png/validation';
import { batchConcurrency, stillJobBytes } from '../rules/batch/pool-size';
import { forwardOnly, milestonesFor, preparingProgress } from '../rules/progress';
import type { ConversionSettings } from '../rules/settings';
import { StageClock } from '../rules/stage-times';
import { ChecksAhead } from './checks-ahead';
import { DecodesAhead } from './decodes-ahead';
import { conversionOutput } from './conversion-job';
import { EngineInstance } from './engine-instance';
import { EnginePool } from './engine-pool';
import { FrameDecoder } from './frame-decoder';
import { GifDecoderWorker } from './gif-decoder';
import { readStart } from '@/shared/lib/file-start';
import { readInOrder } from './read-ahead';
import { ConvertsAhead, type StageDetail } from './converts-ahead';
import { convertsAhead } from '../rules/plan/convert-ahead';
import { ESTIMATE_ABORT_GRACE_MS } from '../rules/estimate/size-estimate';
import { whenIdle } from '@/shared/lib/when-idle';

/** Files are read for their check this many bytes ahead (see read-ahead.ts). */
const READ_AHEAD_BYTES = 16 * 1024 * 1024;
/** Each file's first bytes, read side by side. */
const readStarts = (files: readonly File[]) => Promise.all(files.map(readStart));

/** A picture's own pixels: no matte, transparency as the file has it. */
const AS_IT_IS = { matte: null, alphaThreshold: null };

/**
 * A conversion ahead waits for the page to be idle this long at most: after the list of the files chosen
 * has painted, before the person reaches Convert.
 */
const CONVERT_AHEAD_AFTER_MS = 100;

/** The User Timing mark each finished conversion leaves, with its StageTimes as detail. */
export const STAGES_MARK = 'png2gif:stages';
/** The same for a size estimate's sample: apart, so that one ending after a click is not counted as the click's. */
export const SAMPLE_STAGES_MARK = 'png2gif:sample-stages';

/** The biggest job of a static batch, from the PNG headers only; unreadable headers fail later, in their job. */
async function largestStillJobBytes(files: readonly File[], settings: ConversionSettings): Promise<number> {
  let largest = 0;
  for (const file of files) {
    const size = pngSize(new Uint8Array(await file.slice(0, PNG_HEADER_BYTES).arrayBuffer()));
    if (size) largest = Math.max(largest, stillJobBytes(settings, size));
  }
  return largest;
}

/**
 * The converter runtime the app uses: each PNG is checked in pure TypeScript (signature, every chunk's
 * CRC, header) before anything is decoded, so a broken file fails with 'Failed to load image: <name>
 * (<why>)' and the engine is never touched; then a warm engine instance decodes the frames one at a time
 * and runs the plan. A pool of `poolSize` instances runs the files of a static batch side by side.
 */
export function createBrowserRuntime(poolSize = 1, options: { decodeWorkers?: number } = {}): ConverterRuntime {
  const pool = new EnginePool(poolSize, () => new EngineInstance(undefined, options.decodeWorkers));
  const gifDecoder = new GifDecoderWorker();
  // A decode worker of their own, started by the first: thumbnails never wait behind a conversion's frames.
  const thumbnailDecoder = new FrameDecoder(1);
  const checksAhead = new ChecksAhead();
  const decodesAhead = new DecodesAhead(pool.first);
  const markStages = (detail: StageDetail) => performance.mark(STAGES_MARK, { detail });
  /** Whether a conversion ahead is small enough (rules/plan/convert-ahead.ts), from the files' headers. */
  const worthAhead = async (request: ConversionRequest) => {
    const headers = (await readStarts(request.files)).map(stillPngHeader);
    // An animated PNG, or a file whose start does not read: converted when asked, not ahead.
    if (headers.some((header) => header === null)) return false;
    return convertsAhead(
      request,
      headers.map((header) => header!.width * header!.height),
    );
  };
  const aheadArgs = [
    worthAhead,
    (task: () => void) => whenIdle(task, CONVERT_AHEAD_AFTER_MS),
    (request: ConversionRequest) => decodesAhead.again(request.files, request.settings),
    ESTIMATE_ABORT_GRACE_MS,
  ] as const;
  // A conversion ahead of several files copies their kept decodes instead of taking them: called off (the
  // person picks one GIF per file, or one animation, and Convert at once), it leaves them to the next one,
  // which would decode every file again. One still's conversion ahead is mostly taken as it is: its big
  // picture is not copied.
  const aheadOne = new ConvertsAhead<ConversionOutput>(
    (request, options) => {
      decodesAhead.stop();
      return convert(
        request,
        { ...options, keepDecodes: request.files.length > 1 },
        { among: 1, alone: true, onStages: options.onStages },
      );
    },
    ...aheadArgs,
  );
  const aheadBatch = new ConvertsAhead<BatchItemResult[]>(
    (request, options) => convertBatch(request, { ...options, keepDecodes: true }, options.onStages),
    ...aheadArgs,
  );
  const runtime: ConverterRuntime = {
    decodeGif(gif, options) {
      return gifDecoder.decode(gif, options);
    },

    animationFrame(file, frame, source, size) {
      const place = { source, size, canvas: size, at: { x: 0, y: 0 }, histogram: { step: 1, shown: size } };
      return thumbnailDecoder.decode(file, file.name, place, AS_IT_IS, frame).then(
        ({ rgba }) => rgba,
        () => null,
      );
    },

    warmUp() {
      // One instance serves a single conversion; the others load when a batch needs them.
      return pool.warmUp(1);
    },

    prepare(files, settings) {
      checksAhead.prepare(files);
      pool.forEach((instance) => instance.keepDecodesOf(files));
      decodesAhead.prepare(files, settings);
    },

    convertSample(request, options) {
      // The size estimate never holds the helper core a conversion started next may want.
      return convert(request, options, { among: 1, alone: false, sampleOf: request.fullSize });
    },

    convertAhead(request) {
      const batch = request !== null && isBatch(request.settings.mode, request.files.length);
      (batch ? aheadOne : aheadBatch).callOff();
      (batch ? aheadBatch : aheadOne).want(request);
    },

    convertEach(request, options = {}) {
      aheadOne.callOff();
      const taken = aheadBatch.take(request, options, markStages);
      return (taken ?? convertBatch(request, options)).finally(() =>
        decodesAhead.again(request.files, request.settings),
      );
    },

    convert(request, options = {}) {
      // The same conversion made ahead, finished or under way, is this one; any other is called off.
      aheadBatch.callOff();
      const taken = aheadOne.take(request, options, markStages);
      // What is not decoded ahead yet, the conversion decodes itself (the size estimate's sample does not stop it).
      decodesAhead.stop();
      const converting = taken ?? convert(request, options, { among: 1, alone: true });
      // The conversion took the kept decodes: they are made again for the next one, at other settings, say.
      return options.keepDecodes
        ? converting
        : converting.finally(() => decodesAhead.again(request.files, request.settings));
    },
  };

  /** A static batch: each file is a one-file conversion on the pool, as many side by side as instances and memory allow. */
  async function convertBatch(
    request: ConversionRequest,
    options: ConvertEachOptions,
    onStages?: (detail: StageDetail) => void,
  ): Promise<BatchItemResult[]> {
    decodesAhead.stop();
    const concurrency = batchConcurrency(pool.size, await largestStillJobBytes(request.files, request.settings));
    pool.warmUp(Math.min(concurrency, request.files.length));
    // Each file may take any instance of the pool, where a single conversion keeps to the warm first one.
    return convertEachFile(
      (file, fileOptions) =>
        convert(file, fileOptions, { among: pool.size, alone: false, ...(onStages ? { onStages } : {}) }),
      concurrency,
      request,
      options,
    );
  }

  async function convert(
    request: ConversionRequest,
    options: ConvertOptions = {},
    {
      among,
      alone,
      sampleOf,
      onStages,
    }: { among: number; alone: boolean; sampleOf?: Size; onStages?: (detail: StageDetail) => void },
  ): Promise<ConversionOutput> {
    const { signal } = options;
    const throwIfAborted = () => {
      if (signal?.aborted) throw abortError();
    };
    throwIfAborted();
    const files = request.settings.mode === 'static' ? request.files.slice(0, 1) : [...request.files];
    if (files.length === 0) throw new Error(ERROR_MESSAGES.noFiles);

    const report = forwardOnly((progress) => {
      if (!signal?.aborted) options.onProgress?.(progress);
    });
    report(preparingProgress(milestonesFor(files.length), 0, files.length));

    const started = performance.now();
    const clock = new StageClock(() => performance.now());
    const read = readInOrder(files, READ_AHEAD_BYTES);
    // Still PNGs checked while the person chose the settings (checks-ahead.ts) go straight to the engine;
    // checks still under way are waited for frame by frame, as the conversion's own checks below.
    const underWay = checksAhead.underWay(files);
    const ahead = underWay ? null : await clock.time('validate', () => checksAhead.headers(files));
    // Other still PNGs whose starts read well (their header known, no animation) are checked in full while
    // the engine decodes them: each frame waits for its file's check only before it goes to the core.
    // Otherwise every file is checked first.
    const headers = ahead ?? (await clock.time('read', () => readStarts(files))).map(stillPngHeader);
    /** Once the job is over, the checks not yet under way are skipped. */
    let settled = false;
    let checked: CheckedFile[];
    let checks: Promise<void>[] | null = null;
    if (headers.every((header) => header !== null)) {
      checked = files.map((file, index) => ({ name: file.name, header: headers[index]!, animation: null }));
      if (underWay) {
        // A check ahead that gave no header (the file was unreadable then, or its start missed an animation):
        // that file is checked here.
        checks = underWay.map((check, index) =>
          check.then(async (header) => {
            if (header) return;
            const file = files[index]!;
            const bytes = new Uint8Array(await clock.time('read', () => file.arrayBuffer()));
            clock.timeSync('validate', () => validatePng(bytes, file.name));
          }),
        );
        for (const check of checks) check.catch(() => {}); // reported by the frame that waits for it
      } else if (!ahead) {
        const over = () => settled || signal?.aborted === true;
        checks = checkInOrder(files, read, clock, over, (file, header) => checksAhead.remember(file, header));
      }
    } else {
      checked = [];
      for (const file of files) {
        const bytes = await clock.time('read', read);
        const header = clock.timeSync('validate', () => validatePng(bytes, file.name));
        // An APNG keeps only its frames' controls; their data is read again by the decode worker.
        const animation = clock.timeSync('validate', () => (isAnimatedPng(bytes) ? parseApng(bytes, file.name) : null));
        throwIfAborted();
        checked.push({
          name: file.name,
          header,
          animation: animation && { plays: animation.plays, frames: animation.frames.map((f) => ({ ...f, data: [] })) },
        });
      }
    }
    const { frames, plays } = expandFrames(checked, {
      mode: request.settings.mode,
      ...(request.frameDelays ? { frameDelays: request.frameDelays } : {}),
      ...(request.animationFrames ? { animationFrames: request.animationFrames } : {}),
    });

    const acquiring = performance.now();
    const running = pool.run((instance) => {
      clock.add('engine', performance.now() - acquiring);
      return instance.run({
        files: frames.map((frame) => files[frame.fileIndex]!),
        ...(checks ? { checks: frames.map((frame) => checks[frame.fileIndex]!) } : {}),
        sources: frames.map((frame) => frame.source),
        pictures: frames.map((frame) => frame.picture),
        ...(plays !== null ? { plays } : {}),
        settings: request.settings,
        onProgress: report,
        clock,
        alone,
        handOver: !sampleOf && !options.keepDecodes,
        keepers: [pool.first.decoder],
        ...(sampleOf ? { sampleOf } : {}),
        ...(signal ? { signal } : {}),
        ...(options.abortGraceMs !== undefined ? { abortGraceMs: options.abortGraceMs } : {}),
      });
    }, among);
    const result = await running.finally(() => (settled = true));
    // For measurements (npm run bench reads it): where this conversion's time went, stage by stage.
    const detail = { ...clock.times, totalMs: performance.now() - started, frames: result.plan.frames.length };
    if (onStages) onStages(detail);
    else performance.mark(sampleOf ? SAMPLE_STAGES_MARK : STAGES_MARK, { detail });
    return conversionOutput(result);
  }
  return runtime;
}

/**
 * Every file's full check (validatePng), one after the other in the background, as a promise per file. A
 * failed check fails the later ones too: the job stops at the first anyway. Once `over`, the checks left
 * reject without reading.
 */
function checkInOrder(
  files: readonly File[],
  read: () => Promise<Uint8Array>,
  clock: StageClock,
  over: () => boolean,
  passed: (file: File, header: PngHeader) => void,
): Promise<void>[] {
  let previous = Promise.resolve();
  return files.map((file) => {
    const check = previous.then(async () => {
      if (over()) throw abortError();
      const bytes = await clock.time('read', read);
      const header = clock.timeSync('validate', () => validatePng(bytes, file.name));
      passed(file, header);
    });
    check.catch(() => {}); // reported by the frame that waits for it
    previous = check;
    return check;
  });
}
