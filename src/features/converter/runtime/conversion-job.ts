import type { UnbrokenStep } from '../rules/plan/call-off';
import type { ConversionOutput, ConversionProgress } from '../rules/contracts';
import { abortError } from '../rules/errors';
import { classifyFailure, describeThrown, type FailureKind } from '../rules/failure-kinds';
import { errorSummary, framesWritten, isCoreAbort } from '../rules/core-log';
import { ContentTally, type DecodedFrame } from '../rules/palette/frame-facts';
import { applyTiming } from '../rules/gif/bytes';
import type { OptimiserOptions, OptimiseRun, OptimiserInput } from '../rules/gif/optimiser';
import { optimiseRunsFor } from '../rules/plan/segments';
import { FRAMES_IN_FLIGHT_BYTES, framesInFlight } from '../rules/plan/frames-in-flight';
import { readIndexedFrames, stackBands } from '../rules/gif/indexed-frames';
import { HistogramBuilder, refinePaletteFile } from '../rules/palette/refine';
import { paletteFileFromHistogram } from '../rules/palette/cut';
import { PALETTE_REFINE_ITERATIONS } from '../rules/palette/quality';
import {
  buildPlan,
  helperFirstFrame,
  helperSourceFirstRow,
  planLayout,
  type ConversionPlan,
  type FrameSource,
  type PlannedFrame,
} from '../rules/plan/plan';
import {
  completeProgress,
  finalizingProgress,
  milestonesFor,
  preparingProgress,
  processingProgress,
} from '../rules/progress';
import type { ConversionSettings } from '../rules/settings';
import type { Size } from '../rules/dimensions';
import { StageClock } from '../rules/stage-times';
import type { Core } from './ffmpeg-port';

/**
 * Produces a frame: RGBA of the frame's decoded size (the core scales and places it), already on the matte,
 * with its facts computed where the pixels were decoded (rules/palette/frame-facts.ts FrameAnalyser). With
 * `copyRowsFrom`, it may also give a copy of the rows from that one on (`rowsCopy`), made off the main thread.
 */
export type FrameReader = (frame: PlannedFrame, copyRowsFrom?: number) => Promise<DecodedFrame>;

/**
 * Runs the optimiser (gif/optimiser.ts) off the main thread, in two runs of frames at once when
 * `runs` is given; resolves with the GIF to keep. Its input is the core's GIF, or its indexed frames when
 * the plan says so (plan.optimisation).
 */
export type GifOptimiser = (
  input: OptimiserInput,
  options: OptimiserOptions,
  runs: readonly OptimiseRun[] | null,
) => Promise<Uint8Array>;

export interface ConversionJob {
  settings: ConversionSettings;
  /** The chosen files' names and sizes, in frame order. */
  sources: readonly FrameSource[];
  readFrame: FrameReader;
  onProgress?: (progress: ConversionProgress) => void;
  /** A second, idle core: when the plan splits, half of the frames are encoded on it at the same time. */
  helper?: Core;
  /** An APNG converted on its own: its num_plays (0 = forever), kept while the loop settings are default. */
  plays?: number;
  /** How many frames are decoded ahead of the one being handed over (the decoder runs them in parallel). */
  readAhead?: number;
  /** Small frames are asked for beyond `readAhead`, up to this many bytes in flight (rules/plan/frames-in-flight.ts). */
  inFlightBytes?: number;
  /** Where the job's time goes; the caller reads it afterwards. */
  clock?: StageClock;
  /** The optimiser (lossy LZW, frame differencing), run off the main thread. */
  optimise: GifOptimiser;
  /**
   * Once aborted, the job stops at its next safe point (a frame decoded, the core's run about to start,
   * the optimiser about to start) and rejects with an AbortError, leaving the core clean: a size estimate's
   * sample that Convert cancels hands the engine over early instead of finishing for nothing.
   */
  signal?: AbortSignal;
  /**
   * A step without a safe point starts (the cores' run, the optimiser's pass) or ends (null): a caller that must
   * stop the job meanwhile stops what runs that step (engine-instance.ts).
   */
  onUnbroken?: (step: UnbrokenStep | null) => void;
  /** A size estimate's sample of a conversion whose canvas has this size (plan.ts planLayout `sampleOf`). */
  sampleOf?: Size;
  /** The heap the device allows a job (rules/memory.ts heapLimitFor); the engine's limit when not given. */
  heapLimit?: number;
}

/** Two frames in flight keep both decode workers busy while a third is handed over. */
const READ_AHEAD = 2;

export interface JobResult {
  gif: Uint8Array;
  plan: ConversionPlan;
  /** The browser's read-back was not the truth: the converter decoded the PNGs itself (rules/png/pixel-trust.ts). */
  readBackHidden?: boolean;
}

/** What a finished job gives the app: the GIF as a Blob, with what the result card shows of the plan. */
export function conversionOutput({ gif, plan, readBackHidden }: JobResult): ConversionOutput {
  return {
    gif: new Blob([gif as Uint8Array<ArrayBuffer>], { type: 'image/gif' }),
    fileName: plan.fileName,
    width: plan.width,
    height: plan.height,
    frameCount: plan.frames.length,
    placements: plan.frames.map((frame) => frame.placement),
    ...(plan.frames.some((frame) => frame.cut) ? { cuts: plan.frames.map((frame) => frame.cut) } : {}),
    ...(readBackHidden ? { readBackHidden } : {}),
  };
}

/**
 * Raised when the core itself failed: the core that ran the job must be replaced. Its message is for the
 * logs and tests; a person reads the message of its kind (rules/errors.ts): memory when the core ran out
 * of it, else a core that stopped.
 */
export class EncoderError extends Error {
  readonly failureKind: FailureKind;
  constructor(message: string) {
    super(message);
    this.failureKind = classifyFailure(message) === 'out-of-memory' ? 'out-of-memory' : 'engine-stopped';
  }
}

const LOG_LINES_KEPT = 40;

/**
 * One conversion on one core: plan → frames written one at a time → the plan's arguments →
 * the GIF with exact timing. Inputs and output are deleted from the instance's file system whatever
 * happens, so a warm instance stays clean between jobs.
 */
export async function runConversionJob(core: Core, job: ConversionJob): Promise<JobResult> {
  const report = job.onProgress ?? (() => {});
  const clock = job.clock ?? new StageClock(() => performance.now());
  const layout = planLayout(job.settings, job.sources, job.plays, {
    ...(job.sampleOf ? { sampleOf: job.sampleOf } : {}),
    ...(job.heapLimit !== undefined ? { heapLimit: job.heapLimit } : {}),
  });
  const milestones = milestonesFor(layout.frames.length);
  const total = layout.frames.length;
  const stopIfAborted = () => {
    if (job.signal?.aborted) throw abortError();
  };
  const written: string[] = [];
  const writtenOnHelper: string[] = [];
  const outputs: string[] = [];
  const helper = job.helper;
  // Decided before any pixel is read: the split does not depend on content, only on the frames' size.
  const helperFrom = helper ? helperFirstFrame(layout) : null;
  /** A banded still's helper scales the bottom band: it gets the picture's rows from this one on. */
  const helperFromRow = helper ? helperSourceFirstRow(layout) : 0;
  const onHelper = (index: number) => helper !== undefined && helperFrom !== null && index >= helperFrom;
  /**
   * A banded still's frame goes to both cores (each scales its band of it); an animation's frames split
   * between them go to one core each: the split depends on the layout alone (plan.ts splitPlan), so the
   * core never runs the helper's frames.
   */
  const bands = helperFrom === 0;
  const onCore = (index: number) => bands || !onHelper(index);

  try {
    report(preparingProgress(milestones, 0, total));
    const content = new ContentTally(layout);
    const histogram = new HistogramBuilder();
    let readBackHidden = false;
    // Frames are decoded ahead, in parallel, and handed over in order: only the wait for a decoded frame
    // costs time. A frame that fails is reported when its turn comes (its early rejection is not unhandled).
    // A helper's frame comes with a copy of its rows: twice its bytes.
    const frameBytes = Math.max(0, ...layout.frames.map(({ decoded }) => decoded.width * decoded.height * 4));
    const ahead = framesInFlight(
      bands ? 2 * frameBytes : frameBytes,
      job.readAhead ?? READ_AHEAD,
      job.inFlightBytes ?? FRAMES_IN_FLIGHT_BYTES,
    );
    const reads: (Promise<DecodedFrame> | undefined)[] = [];
    const startRead = (index: number) => {
      const frame = layout.frames[index];
      if (!frame) return;
      // A banded still's helper: its own copy of the rows it reads (writing a frame transfers its buffer).
      const read = bands && onHelper(index) ? job.readFrame(frame, helperFromRow) : job.readFrame(frame);
      read.catch(() => {});
      reads[index] = read;
    };
    for (let index = 0; index < ahead; index++) startRead(index);
    // Frames are handed over without waiting for each write: a worker takes its messages in order, so every
    // frame is in place before the exec that reads it. A round trip to a busy worker costs a scheduling
    // delay per frame while decoders run; this way only the wait for the last one counts.
    const handOvers: Promise<void>[] = [];
    const handOver = (write: Promise<void>) => {
      write.catch(() => {}); // reported by the Promise.all below, not as unhandled
      handOvers.push(write);
    };
    for (const [index, frame] of layout.frames.entries()) {
      const { rgba, facts, rowsCopy, readBackHidden: hidden } = await clock.time('decode', () => reads[index]!);
      readBackHidden ||= hidden === true;
      reads[index] = undefined;
      stopIfAborted();
      startRead(index + ahead);
      const { width, height } = frame.decoded;
      if (rgba.length !== width * height * 4)
        throw new Error(`Frame ${index + 1} has ${rgba.length} bytes, expected ${width}x${height} RGBA`);
      // The pixels were read where they were decoded; what they said is only combined here.
      clock.timeSync('analyse', () => {
        content.add(facts, frame);
        histogram.merge(facts.histogram);
      });
      if (helper && onHelper(index)) {
        handOver(helper.writeFile(frame.inputFile, bands ? (rowsCopy ?? rgba.slice(helperFromRow * width * 4)) : rgba));
        writtenOnHelper.push(frame.inputFile);
      }
      if (onCore(index)) {
        handOver(core.writeFile(frame.inputFile, rgba));
        written.push(frame.inputFile);
      }
      report(preparingProgress(milestones, index + 1, total));
    }
    const contentFacts = content.facts;
    const plan = buildPlan(layout, job.settings, contentFacts);
    // The palette: the picture's own colours, or cut from the frames' colour histogram and refined.
    const paletteBytes = clock.timeSync('palette', () => {
      if (plan.exactPalette) return plan.exactPalette;
      const colours = histogram.build();
      return refinePaletteFile(
        paletteFileFromHistogram(colours, plan.palette.maxColors),
        colours,
        PALETTE_REFINE_ITERATIONS,
      );
    });
    outputs.push(plan.paletteFile);
    // The helper gets its own copy: writing transfers the buffer.
    if (helper) handOver(helper.writeFile(plan.paletteFile, paletteBytes.slice()));
    handOver(core.writeFile(plan.paletteFile, paletteBytes.slice()));
    // Made while the last frames were on their way.
    await clock.time('hand-over', () => Promise.all(handOvers));
    stopIfAborted();
    report(processingProgress(milestones, 0, total));
    /** The core's output: one file, or a split job's two runs in order. */
    let encoded: Uint8Array[];
    job.onUnbroken?.('encode');
    let optimisation = plan.optimisation;
    if (helper && plan.split && helperFrom === plan.split.runs[1].firstFrame) {
      const split = plan.split;
      optimisation = split.optimisation;
      outputs.push(...split.runs.map((run) => run.outputFile));
      const done = [0, 0];
      const onFrames = (run: number) => (frames: number) => {
        done[run] = frames;
        // A still's bands are one frame: it is done when both are.
        const shown = split.by === 'bands' ? Math.min(done[0]!, done[1]!) : done[0]! + done[1]!;
        report(processingProgress(milestones, shown, total));
      };
      encoded = await clock.time('encode', () =>
        Promise.all([
          execOrThrow(core, split.runs[0].args, onFrames(0)).then(() => core.readFile(split.runs[0].outputFile)),
          execOrThrow(helper, split.runs[1].args, onFrames(1)).then(() => helper.readFile(split.runs[1].outputFile)),
        ]),
      );
      if (split.by === 'bands') {
        encoded = [clock.timeSync('finalize', () => stackBands(encoded[0]!, encoded[1]!))];
      }
    } else {
      outputs.push(plan.outputFile);
      await clock.time('encode', () =>
        execOrThrow(core, plan.args, (frames) => report(processingProgress(milestones, frames, total))),
      );
      encoded = [await clock.time('finalize', () => core.readFile(plan.outputFile))];
    }
    job.onUnbroken?.(null);

    report(finalizingProgress(milestones));
    const delaysCs = plan.frames.map((f) => f.delayCs);
    const { loopCount } = plan;
    let gif: Uint8Array;
    if (optimisation) {
      // The optimiser writes the GIF from the core's indexed frames.
      const frames = clock.timeSync('finalize', () =>
        readIndexedFrames(encoded, { delaysCs, loopCount, transparent: contentFacts.transparent }),
      );
      const runs = optimiseRunsFor({ ...plan, transparent: contentFacts.transparent });
      stopIfAborted();
      job.onUnbroken?.('optimise');
      gif = await clock.time('optimise', () => job.optimise(frames, optimisation, runs));
      job.onUnbroken?.(null);
    } else {
      // A still's GIF, as the core wrote it.
      gif = clock.timeSync('finalize', () => applyTiming(encoded[0]!, { delaysCs, loopCount }));
    }
    report(completeProgress(milestones));
    return { gif, plan, ...(readBackHidden ? { readBackHidden } : {}) };
  } finally {
    // Asked all at once and not awaited: a core takes its messages in order, so its files are gone before the
    // next job's first write, and the result does not wait for a round trip per file. A missing output (failed
    // job) is not an error here.
    for (const file of [...written, ...outputs]) core.deleteFile(file).catch(() => {});
    if (helper) for (const file of [...writtenOnHelper, ...outputs]) helper.deleteFile(file).catch(() => {});
  }
}

/** Runs one command of the core, reporting frames written; a crash or a failure raises an EncoderError. */
async function execOrThrow(core: Core, args: string[], onFrames: (frames: number) => void): Promise<void> {
  const lines: string[] = [];
  let coreAborted = false;
  const unsubscribe = core.onLog((line) => {
    lines.push(line);
    if (lines.length > LOG_LINES_KEPT) lines.shift();
    coreAborted ||= isCoreAbort(line);
    const frames = framesWritten(line);
    if (frames !== null) onFrames(frames);
  });
  let code: number;
  try {
    code = await core.exec(args);
  } catch (error) {
    // The core itself crashed (e.g. a wasm trap): it cannot be trusted for another job.
    const { name, message } = describeThrown(error);
    throw new EncoderError(`The GIF encoder stopped unexpectedly: ${name ? `${name}: ` : ''}${message}`);
  } finally {
    unsubscribe();
  }
  if (code !== 0 || coreAborted) {
    const why = errorSummary(lines);
    throw new EncoderError(`The GIF encoder failed (exit code ${code})${why ? `: ${why}` : ''}`);
  }
}
