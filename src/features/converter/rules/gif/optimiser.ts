/**
 * The optimiser, after the core: its frames, as what a viewer shows, written as a GIF with frame
 * differencing (frame-diff.ts) and our LZW encoder, lossless or lossy (lzw.ts). The core hands them
 * over as palette indices (indexed-frames.ts) when the optimiser runs; given a GIF instead, the optimiser decodes it
 * and keeps the result only when it is smaller.
 */
import {
  canvasColours,
  changedBounds,
  clearingBounds,
  cutFrame,
  lookAlike,
  NOTHING,
  rowChanges,
  type SinceLastFrame,
  unionRect,
  type IndexCanvas,
  type Rect,
} from './frame-diff';
import { frameIndices, parseGif, paletteOf, writeGif, type GifFile, type GifFrame } from './file';
import { joinGifs } from './bytes';
import {
  encodeInBands,
  encodeLzw,
  minCodeSizeFor,
  packColour,
  type LzwBandRequest,
  type LzwEncoder,
  type LzwImage,
  type LzwResult,
} from './lzw';
import { adaptiveBudgets } from './lossy-budget';

export interface OptimiserOptions {
  /**
   * 0 = lossless. Otherwise a pixel may be shown off by up to √(10 × lossiness) levels of lightness (a
   * change of colour counts half: frame-diff.ts perceivedError), error carried along the row: the scale of
   * gifsicle's `--lossy`, so 20 is mild, 80 strong.
   * That budget is spread by content (lossy-budget.ts): a quarter of it on smooth areas, up to twice in texture.
   */
  lossiness: number;
  /** A still's smooth areas' share of that budget, when not lossy-budget.ts's SMOOTH_SHARE. */
  smoothShare?: number;
}

/** Perceived error (perceivedError) allowed per pixel for a lossiness (gifsicle's scale: 10 per step). */
export const errorBudget = (lossiness: number) => Math.max(0, Math.round(lossiness * 10));

/**
 * What the optimiser rewrites: a GIF's bytes, or the core's indexed frames (a GIF model whose frames carry their
 * indices, indexed-frames.ts). In both, each frame as the encoder mapped it, with its exact timing.
 */
export type OptimiserInput = Uint8Array | GifFile;

/**
 * The optimised GIF. Of a GIF's bytes: `gif` itself when the optimiser cannot make it smaller (or cannot read
 * it). Of indexed frames: the frames as they are, losslessly encoded, when the optimiser cannot rewrite them.
 */
export function optimiseGif(lzw: LzwEncoder, input: OptimiserInput, options: OptimiserOptions): Uint8Array {
  return smallest(lzw, input, optimiseRun(lzw, input, options, null));
}

function smallest(lzw: LzwEncoder, input: OptimiserInput, optimised: Uint8Array | null): Uint8Array {
  if (!(input instanceof Uint8Array)) return optimised ?? gifAsMapped(lzw, input);
  return optimised && optimised.length < input.length ? optimised : input;
}

/**
 * Indexed frames written as they are (whole, lossless): the GIF without the optimiser. Measuring tools and
 * tests compare with it; the optimiser falls back on it when it cannot rewrite the frames.
 */
export function gifAsMapped(lzw: LzwEncoder, input: OptimiserInput): Uint8Array {
  if (input instanceof Uint8Array) return input;
  return writeGif({
    ...input,
    frames: input.frames.map((frame) => {
      const { indices, ...rest } = frame;
      if (!indices) return frame;
      const palette = paletteOf(input, frame);
      const minCodeSize = minCodeSizeFor(palette.length / 3);
      const image = { ...rest, indices, palette, under: null, minCodeSize };
      return { ...rest, minCodeSize, data: encodeLzw(lzw, image).data };
    }),
  });
}

/**
 * optimiseGif with each big frame's LZW encode in two bands of rows, the lower one by `encodeLower` on
 * another thread (lzw.ts encodeInBands): the same pictures (lossless, the same bytes but for one clear
 * code per frame) in about half the encode's time when a core is free.
 */
export async function optimiseGifInBands(
  lzw: LzwEncoder,
  input: OptimiserInput,
  options: OptimiserOptions,
  encodeLower: (request: LzwBandRequest) => Promise<LzwResult>,
): Promise<Uint8Array> {
  const steps = optimiseSteps(input, options, null);
  let step = steps.next();
  while (!step.done) {
    const image = imageOf(lzw, step.value);
    const { errorBudget } = step.value;
    step = steps.next(
      bandsPay(image, errorBudget)
        ? await encodeInBands(lzw, image, errorBudget, encodeLower)
        : encodeLzw(lzw, image, errorBudget),
    );
  }
  return smallest(lzw, input, step.value);
}

/**
 * Lossy encodes of big frames only. A band's hand-over (a copy of its rows to another worker and back)
 * costs a few milliseconds, far less than the lossy encode of that many pixels. Lossless, the greedy encode
 * is fast enough that the bands gained nothing and the fresh dictionary cost bytes
 * (tests/bench/probes/optimiser-bands.ts).
 */
export const BAND_MIN_PIXELS = 1 << 18;
const bandsPay = (image: LzwImage, errorBudget: number) =>
  errorBudget > 0 && image.width * image.height >= BAND_MIN_PIXELS;

/** One LZW encode the optimiser asks for (a generator step, so that it may run here or across threads). */
interface EncodeStep {
  image: LzwImage;
  errorBudget: number;
  /** A lossy still's budget is spread by content (lossy-budget.ts) before it is encoded: its smooth areas' share. */
  spread?: { smoothShare: number | undefined };
}

type OptimiserSteps<T> = Generator<EncodeStep, T, LzwResult>;

/** The step's image, with its per-pixel budgets when the step spreads its budget. */
function imageOf(lzw: LzwEncoder, { image, errorBudget, spread }: EncodeStep): LzwImage {
  if (!spread) return image;
  const { indices, width, palette, transparentIndex } = image;
  return {
    ...image,
    budgets: adaptiveBudgets(lzw, indices, width, palette, transparentIndex, errorBudget, spread.smoothShare),
  };
}

/** The optimiser with every encode done here, one after the other. */
function runHere<T>(lzw: LzwEncoder, steps: OptimiserSteps<T>): T {
  let step = steps.next();
  while (!step.done) step = steps.next(encodeLzw(lzw, imageOf(lzw, step.value), step.value.errorBudget));
  return step.value;
}

/**
 * A consecutive run of an animation's frames, optimised on its own so that two runs go to two cores at
 * once (runtime/optimiser-workers.ts), then joined (joinOptimisedRuns).
 */
export interface OptimiseRun {
  firstFrame: number;
  frameCount: number;
}

/**
 * `runs`, or null (one run) when a later run would decline (optimiseRun's null: a cleared rectangle, or a
 * still camera when lossy). Its frames at the cut tell, before any encode, so no run is made that the
 * join would throw away (on a still camera, the first run's encodes). Indexed frames only: a GIF's bytes
 * would first have to be decoded up to the cut (its runs are tried and joined).
 */
export function runsWorthCutting(
  input: OptimiserInput,
  options: OptimiserOptions,
  runs: readonly OptimiseRun[] | null,
): readonly OptimiseRun[] | null {
  if (!runs || input instanceof Uint8Array) return runs;
  return runs.slice(1).some((run) => laterRunDeclines(input, options, run)) ? null : runs;
}

function laterRunDeclines(file: GifFile, options: OptimiserOptions, run: OptimiseRun): boolean {
  const before = file.frames[run.firstFrame - 1];
  const first = file.frames[run.firstFrame];
  // The core's frames: both whole and opaque, the run would compare their colours pixel by pixel (cutPays),
  // done here straight from their indices, a few times faster than composing them as the run does.
  if (before?.indices && first?.indices && coversOpaquely(file, before) && coversOpaquely(file, first)) {
    if (errorBudget(options.lossiness) === 0) return false;
    const colours = canvasColours(paletteOf(file, before));
    const nextColours = canvasColours(paletteOf(file, first));
    const [was, now] = [before.indices, first.indices];
    // Stops as soon as too many are unchanged: on a still camera after a quarter of the picture.
    const limit = MAX_UNCHANGED_AT_CUT * now.length;
    let unchanged = 0;
    for (let p = 0; p < now.length; p++)
      if (colours[was[p]!] === nextColours[now[p]!] && ++unchanged > limit) return true;
    return false;
  }
  const part = runInput(file, run);
  const step = optimiseSteps(part.input, options, part.run).next();
  return step.done === true && step.value === null;
}

/** The runs one after the other, in this thread: what the runtime does on two workers at once. */
export function optimiseGifInRuns(
  lzw: LzwEncoder,
  input: OptimiserInput,
  options: OptimiserOptions,
  given: readonly OptimiseRun[] | null,
): Uint8Array {
  const runs = runsWorthCutting(input, options, given);
  if (!runs) return optimiseGif(lzw, input, options);
  return (
    joinOptimisedRuns(
      input,
      runs.map((run) => {
        const part = runInput(input, run);
        return optimiseRun(lzw, part.input, options, part.run);
      }),
    ) ?? optimiseGif(lzw, input, options)
  );
}

/**
 * The runs' GIFs (each optimiseRun's, in order) as one GIF, or a GIF's bytes themselves when the whole is
 * not smaller; null when a run could not be made on its own (then the optimiser runs in one run).
 */
export function joinOptimisedRuns(input: OptimiserInput, runs: readonly (Uint8Array | null)[]): Uint8Array | null {
  if (runs.some((run) => run === null)) return null;
  const joined = joinGifs(runs as Uint8Array[]);
  return input instanceof Uint8Array && joined.length >= input.length ? input : joined;
}

/**
 * What a worker needs for `run`: of indexed frames, only the run's frames and the one before it when that
 * one covers the canvas opaquely (all a later run starts on), so two workers share the frames instead of
 * each getting all of them; a GIF's bytes as they are.
 */
export function runInput(input: OptimiserInput, run: OptimiseRun): { input: OptimiserInput; run: OptimiseRun } {
  if (input instanceof Uint8Array) return { input, run };
  const from = run.firstFrame > 0 && coversOpaquely(input, input.frames[run.firstFrame - 1]!) ? run.firstFrame - 1 : 0;
  return {
    input: { ...input, frames: input.frames.slice(from, run.firstFrame + run.frameCount) },
    run: { firstFrame: run.firstFrame - from, frameCount: run.frameCount },
  };
}

/** A frame that hides whatever was shown before it. */
function coversOpaquely(file: GifFile, frame: GifFrame): boolean {
  if (!coversScreen(file, frame) || !frame.indices || frame.disposal > 1) return false;
  const t = frame.transparentIndex;
  return t === null || !frame.indices.includes(t);
}

/**
 * The frames of `run` (all frames when null) optimised, as a GIF of those frames alone (the screen, the
 * colour table and the loop of the whole); null when the optimiser cannot read or rewrite them, or a later run
 * should not start on its own there (a cleared rectangle; lossy, see cutPays).
 *
 * A later run starts on the picture its previous frame shows. Lossless, that is exactly the encoder's
 * picture, so the joined runs are byte for byte the GIF one run makes. Lossy, the earlier run's pixels may
 * differ from it (within the error it allowed there): until this run writes a pixel, only an exactly
 * unchanged picture may keep it, never a merely close one, so the error never adds up.
 */
export function optimiseRun(
  lzw: LzwEncoder,
  input: OptimiserInput,
  options: OptimiserOptions,
  run: OptimiseRun | null,
): Uint8Array | null {
  return runHere(lzw, optimiseSteps(input, options, run));
}

function* optimiseSteps(
  input: OptimiserInput,
  options: OptimiserOptions,
  run: OptimiseRun | null,
): OptimiserSteps<Uint8Array | null> {
  let file;
  try {
    file = input instanceof Uint8Array ? parseGif(input) : input;
  } catch {
    return null; // a GIF that does not parse is kept as it is
  }
  if (file.frames.length === 0) return null;
  const firstFrame = run?.firstFrame ?? 0;
  const endFrame = run ? Math.min(file.frames.length, run.firstFrame + run.frameCount) : file.frames.length;
  const budget = errorBudget(options.lossiness);
  // Lossy: the frame's rectangle leaves out pixels the canvas already shows as closely as the encoder's
  // own worst case (the budget plus the error carried along the row: (1 + ¾)² ≈ 3 budgets). Inside it,
  // only exact pixels are written transparent: near ones scattered among colours would break LZW runs
  // (a dithered gradient animation grew markedly that way); the encoder may still choose them.
  const tolerance = 3 * budget;
  const { width, height } = file;
  const full: Rect = { left: 0, top: 0, width, height };
  const frames: GifFrame[] = [];
  const decoded = new DecodeCache(file);
  const shared = sharedPalette(file, decoded);
  // Frames of more colours than one table holds are kept as they are: the core's never are.
  if (!shared) return null;
  const only = file.frames[0]!;
  if (file.frames.length === 1 && coversScreen(file, only)) {
    return writeGif({
      ...file,
      ...shared.screen,
      frames: [yield* stillFrame(only, decoded.get(only, 0), shared, file, budget, options.smoothShare)],
    });
  }
  const { palette, transparentIndex: t } = shared;
  const alike = lookAlike(canvasColours(palette), tolerance);
  const entries = Math.min(256, palette.length / 3);
  const minCodeSize = minCodeSizeFor(entries);
  const canvas: IndexCanvas = new Uint16Array(width * height).fill(NOTHING); // what the new GIF shows before each frame
  /** Pixels an earlier run drew (lossy): the canvas holds the picture, the viewer a close colour. */
  let unsure: Unsure | null = null;
  const shown = shownInTable(file, decoded.get, shared);
  // Two buffers in turn: this frame's picture and the next one's (to know what must be cleared).
  let spare: IndexCanvas = new Uint16Array(width * height);
  let target = copyInto(shown.next(), new Uint16Array(width * height));
  let index = 0;
  // A later run: the frames before it are only composed, up to the picture its first frame is drawn on.
  for (; target && index < firstFrame - 1; index++) target = copyInto(shown.next(), target);
  if (target && firstFrame > 0) {
    const next = copyInto(shown.next(), spare);
    if (next && shared.seeThrough && clearingBounds(next, target, width)) return null; // a cleared rectangle: one run only
    if (next && budget > 0 && !cutPays(target, next)) return null;
    canvas.set(target);
    if (budget > 0) unsure = { flags: new Uint8Array(width * height).fill(1), at: null, count: width * height };
    spare = target;
    target = next;
    index++;
  }
  /** For the next frame's bounds: what this one drew, and where the picture changes. */
  let since: SinceLastFrame | null = null;
  while (target && index < endFrame) {
    const next = copyInto(shown.next(), spare);
    const source = file.frames[index]!;
    // Only a picture with clear pixels ever needs one cleared.
    const clearing = next && shared.seeThrough ? clearingBounds(next, target, width) : null;
    const changed = index === 0 ? full : changedBounds(target, canvas, width, alike, unsure?.flags, since);
    const rect = unionRect(changed ?? { left: 0, top: 0, width: 1, height: 1 }, clearing);
    const cut = cutFrame(target, canvas, width, rect, entries, t);
    if (!cut) return null;
    if (unsure) hideUnsure(cut.under, unsure, width, rect);
    // Frames of an animation keep an even budget: its low-activity areas are where sensor noise flickers
    // from frame to frame, and the budget there is what lets a pixel stay transparent (spread by content,
    // the tree clip grew by a quarter).
    const { data, written } = yield {
      image: { width: rect.width, height: rect.height, palette, minCodeSize, ...cut },
      errorBudget: budget,
    };
    frames.push({
      ...rect,
      localPalette: null,
      transparentIndex: cut.transparentIndex,
      disposal: file.frames.length === 1 ? source.disposal : clearing ? 2 : 1,
      delayCs: source.delayCs,
      interlaced: false,
      minCodeSize,
      data,
    });
    // Lossless, what the frame shows is exactly its picture (an index per colour: the same indices).
    if (budget === 0) canvas.set(target);
    else {
      draw(canvas, width, rect, written, cut.transparentIndex);
      if (unsure) unsure = drawnSure(unsure, width, rect, written, cut.transparentIndex);
    }
    if (clearing) clearRect(canvas, width, rect);
    since = next ? { drawn: rect, changes: rowChanges(next, target, width) } : null;
    spare = target;
    target = next;
    index++;
  }
  return writeGif({ ...file, ...shared.screen, frames });
}

/**
 * Whether a lossy run may start at `next`: only where the camera moves (few pixels repeat exactly). On a
 * still camera one run keeps the background's sensor noise from frame to frame (within the tolerance),
 * where a later run, starting from the exact picture, must redraw it: the vtest clip grew and scored lower,
 * where the bench's pans cost only a few percent at the same scores (tests/bench/README.md, "Optimiser").
 */
function cutPays(before: IndexCanvas, next: IndexCanvas): boolean {
  const limit = MAX_UNCHANGED_AT_CUT * next.length;
  let unchanged = 0;
  for (let p = 0; p < next.length; p++) if (next[p] === before[p] && ++unchanged > limit) return false;
  return true;
}

/** The largest share of exactly unchanged pixels at which a lossy run starts on its own. */
const MAX_UNCHANGED_AT_CUT = 0.25;

/**
 * Pixels an earlier run drew (lossy), flagged, and listed: a later run's first frame redraws nearly all of
 * them (a few stay, fewer with each frame), so the frames after it look only at those left instead of at
 * every pixel. `at` null: every pixel, before the first frame.
 */
interface Unsure {
  flags: Uint8Array;
  at: Int32Array | null;
  count: number;
}

/**
 * Where the viewer's pixel may differ from the canvas (an earlier run's lossy colour), the encoder gets a
 * clear canvas: it must keep an unchanged pixel transparent and cannot show a merely close one through it.
 */
function hideUnsure(under: Uint16Array, unsure: Unsure, width: number, rect: Rect): void {
  const { at, count } = unsure;
  if (!at) {
    under.fill(NOTHING);
    return;
  }
  for (let i = 0; i < count; i++) {
    const q = indexInRect(at[i]!, width, rect);
    if (q >= 0) under[q] = NOTHING;
  }
}

/** Canvas pixel `p`'s index within `rect`'s own rows, or -1 outside it. */
function indexInRect(p: number, width: number, rect: Rect): number {
  const y = Math.floor(p / width) - rect.top;
  const x = (p % width) - rect.left;
  return x >= 0 && x < rect.width && y >= 0 && y < rect.height ? y * rect.width + x : -1;
}

/** `unsure` once the frame's `written` indices are drawn: each pixel drawn is sure; null when none is left. */
function drawnSure(
  unsure: Unsure,
  width: number,
  rect: Rect,
  written: Uint8Array,
  transparentIndex: number | null,
): Unsure | null {
  const { flags, at } = unsure;
  let count = 0;
  if (!at) {
    for (let y = 0, q = 0; y < rect.height; y++) {
      for (let x = 0, p = (rect.top + y) * width + rect.left; x < rect.width; x++, p++, q++) {
        if (written[q] !== transparentIndex) flags[p] = 0;
      }
    }
    const list = new Int32Array(flags.length);
    for (let p = 0; p < flags.length; p++) if (flags[p]) list[count++] = p;
    return count > 0 ? { flags, at: list, count } : null;
  }
  for (let i = 0; i < unsure.count; i++) {
    const p = at[i]!;
    const q = indexInRect(p, width, rect);
    if (q >= 0 && written[q] !== transparentIndex) flags[p] = 0;
    else at[count++] = p;
  }
  unsure.count = count;
  return count > 0 ? unsure : null;
}

interface SharedPalette {
  palette: Uint8Array;
  transparentIndex: number | null;
  /** The screen's fields for a GIF that uses it as its global table. */
  screen: { globalPalette: Uint8Array; backgroundIndex: number };
  /** Whether some frame leaves a pixel clear or draws through one (else no picture has clear pixels). */
  seeThrough: boolean;
  /**
   * Where each index of the `n`th frame's table (its colour) sits in the shared table; null when every
   * index the frame uses, none of them transparent, sits where it was (its indices need no mapping).
   */
  mapOf(file: GifFile, frame: GifFrame, n: number): Uint8Array | null;
}

/**
 * One colour table for every frame holding only the colours shown, or null when they add up to more than
 * 256. It has a transparent slot when frames have transparency, and in an animation whenever there is
 * room (differencing writes unchanged pixels with it; without it, each frame picks an index it does not
 * use). Fewer entries mean narrower LZW codes: ffmpeg writes a 256-entry table whatever the picture uses.
 */
function sharedPalette(file: GifFile, decoded: DecodeCache): SharedPalette | null {
  const colours = new Map<number, number>(); // colour → its new index, in order of first use
  let transparentUsed = false;
  let seeThrough = false;
  const usedBy: Uint8Array[] = [];
  for (const [n, frame] of file.frames.entries()) {
    seeThrough ||= frame.disposal >= 2 || !coversScreen(file, frame);
    // More than 256 already: no shared table, and the frames left are not decoded for nothing.
    if (colours.size + (transparentUsed ? 1 : 0) > 256) return null;
    const palette = paletteOf(file, frame);
    const used = usedIndices(decoded.get(frame, n));
    usedBy[n] = used;
    for (let i = 0; i < 256; i++) {
      if (!used[i]) continue;
      if (i === frame.transparentIndex) transparentUsed = true;
      else {
        const colour = packColour(palette, i);
        if (!colours.has(colour)) colours.set(colour, colours.size);
      }
    }
  }
  const transparent = transparentUsed || (file.frames.length > 1 && colours.size < 256);
  const count = colours.size + (transparent ? 1 : 0);
  if (count > 256) return null;
  let entries = 2;
  while (entries < count) entries *= 2;
  const palette = new Uint8Array(entries * 3);
  for (const [colour, index] of colours) palette.set([colour >> 16, (colour >> 8) & 0xff, colour & 0xff], index * 3);
  const transparentIndex = transparent ? colours.size : null;
  return {
    palette,
    transparentIndex,
    seeThrough: seeThrough || transparentUsed,
    screen: { globalPalette: palette, backgroundIndex: transparentIndex ?? 0 },
    mapOf: (file, frame, n) => {
      const table = paletteOf(file, frame);
      const map = new Uint8Array(256);
      const used = usedBy[n]!;
      let kept = frame.transparentIndex === null || !used[frame.transparentIndex];
      for (let i = 0; i < 256; i++) {
        map[i] =
          i === frame.transparentIndex && transparentIndex !== null
            ? transparentIndex
            : (colours.get(packColour(table, i)) ?? 0);
        if (used[i] && map[i] !== i) kept = false;
      }
      return kept ? null : map;
    },
  };
}

/** Which of the 256 indices occur: read four at a time where the bytes are aligned (twice as fast). */
function usedIndices(indices: Uint8Array): Uint8Array {
  const used = new Uint8Array(256);
  let p = 0;
  if ((indices.byteOffset & 3) === 0) {
    const words = new Uint32Array(indices.buffer, indices.byteOffset, indices.length >>> 2);
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      used[word & 0xff] = 1;
      used[(word >>> 8) & 0xff] = 1;
      used[(word >>> 16) & 0xff] = 1;
      used[word >>> 24] = 1;
    }
    p = words.length * 4;
  }
  for (; p < indices.length; p++) used[indices[p]!] = 1;
  return used;
}

const coversScreen = (file: GifFile, frame: GifFrame) =>
  frame.left === 0 && frame.top === 0 && frame.width === file.width && frame.height === file.height;

/**
 * What a viewer shows, frame after frame (as file.ts shownFrames), as a canvas of the shared table's
 * indices. Yields one buffer: copy it to keep a picture.
 */
function* shownInTable(
  file: GifFile,
  indicesOf: (frame: GifFrame, index: number) => Uint8Array,
  shared: SharedPalette,
): Generator<IndexCanvas> {
  const { width, height } = file;
  const canvas: IndexCanvas = new Uint16Array(width * height).fill(NOTHING);
  for (const [n, frame] of file.frames.entries()) {
    const saved = frame.disposal === 3 ? canvas.slice() : null;
    const indices = indicesOf(frame, n);
    const map = shared.mapOf(file, frame, n);
    const t = frame.transparentIndex ?? NOTHING;
    const right = Math.min(width, frame.left + frame.width);
    const bottom = Math.min(height, frame.top + frame.height);
    if (coversScreen(file, frame)) {
      if (map) mapAll(indices, map, t, canvas);
      else canvas.set(indices);
    } else {
      for (let y = frame.top; y < bottom; y++) {
        const row = (y - frame.top) * frame.width - frame.left;
        for (let x = frame.left, p = y * width + x; x < right; x++, p++) {
          const index = indices[row + x]!;
          if (index !== t) canvas[p] = map ? map[index]! : index;
        }
      }
    }
    yield canvas;
    if (frame.disposal === 2) {
      for (let y = frame.top; y < bottom; y++) canvas.fill(NOTHING, y * width + frame.left, y * width + right);
    } else if (saved) canvas.set(saved);
  }
}

/**
 * A frame that covers the screen onto the canvas: each index but `t` through `map`, four read at a time
 * where aligned (the compose is a large part of the optimiser on a UI animation).
 */
function mapAll(indices: Uint8Array, map: Uint8Array, t: number, canvas: IndexCanvas): void {
  let p = 0;
  if ((indices.byteOffset & 3) === 0) {
    const words = new Uint32Array(indices.buffer, indices.byteOffset, indices.length >>> 2);
    // Without a transparent index, no test per pixel.
    if (t === NOTHING) {
      for (let i = 0; i < words.length; i++, p += 4) {
        const word = words[i]!;
        canvas[p] = map[word & 0xff]!;
        canvas[p + 1] = map[(word >>> 8) & 0xff]!;
        canvas[p + 2] = map[(word >>> 16) & 0xff]!;
        canvas[p + 3] = map[word >>> 24]!;
      }
    } else {
      for (let i = 0; i < words.length; i++, p += 4) {
        const word = words[i]!;
        const a = word & 0xff;
        const b = (word >>> 8) & 0xff;
        const c = (word >>> 16) & 0xff;
        const d = word >>> 24;
        if (a !== t) canvas[p] = map[a]!;
        if (b !== t) canvas[p + 1] = map[b]!;
        if (c !== t) canvas[p + 2] = map[c]!;
        if (d !== t) canvas[p + 3] = map[d]!;
      }
    }
  }
  for (; p < indices.length; p++) {
    const index = indices[p]!;
    if (index !== t) canvas[p] = map[index]!;
  }
}

/**
 * A still needs no canvas: its indices go straight to the shared palette's and to the encoder, with no
 * composing, cutting or redrawing of the one frame.
 */
function* stillFrame(
  source: GifFrame,
  indices: Uint8Array,
  shared: SharedPalette,
  file: GifFile,
  budget: number,
  smoothShare: number | undefined,
): OptimiserSteps<GifFrame> {
  const map = shared.mapOf(file, source, 0);
  let remapped = indices;
  if (map) {
    remapped = new Uint8Array(indices.length);
    for (let p = 0; p < indices.length; p++) remapped[p] = map[indices[p]!]!;
  }
  const minCodeSize = minCodeSizeFor(shared.palette.length / 3);
  const { data } = yield {
    image: {
      width: source.width,
      height: source.height,
      indices: remapped,
      palette: shared.palette,
      transparentIndex: shared.transparentIndex,
      under: null,
      minCodeSize,
      budgets: null,
    },
    errorBudget: budget,
    ...(budget > 0 ? { spread: { smoothShare } } : {}),
  };
  return {
    ...source,
    interlaced: false,
    localPalette: null,
    transparentIndex: shared.transparentIndex,
    minCodeSize,
    data,
  };
}

function copyInto(result: IteratorResult<IndexCanvas>, buffer: IndexCanvas): IndexCanvas | null {
  if (result.done) return null;
  buffer.set(result.value);
  return buffer;
}

/** Up to this many decoded pixels are kept between the two reads of the frames (1 byte each). */
const DECODE_CACHE_PIXELS = 32 << 20;

/** Each frame is read twice (colours used, then pictures): small enough animations are decoded once. */
class DecodeCache {
  readonly #kept: (Uint8Array | undefined)[] = [];
  readonly #keep: boolean;

  constructor(file: GifFile) {
    this.#keep = file.frames.reduce((sum, f) => sum + f.width * f.height, 0) <= DECODE_CACHE_PIXELS;
  }

  get = (frame: GifFrame, index: number): Uint8Array => {
    const kept = this.#kept[index];
    if (kept) {
      this.#kept[index] = undefined; // the second read is the last
      return kept;
    }
    const indices = frameIndices(frame);
    if (this.#keep) this.#kept[index] = indices;
    return indices;
  };
}

function draw(
  canvas: IndexCanvas,
  width: number,
  rect: Rect,
  indices: Uint8Array,
  transparentIndex: number | null,
): void {
  for (let y = 0, q = 0; y < rect.height; y++) {
    for (let x = 0, p = (rect.top + y) * width + rect.left; x < rect.width; x++, p++, q++) {
      const index = indices[q]!;
      if (index !== transparentIndex) canvas[p] = index;
    }
  }
}

function clearRect(canvas: IndexCanvas, width: number, rect: Rect): void {
  for (let y = rect.top; y < rect.top + rect.height; y++) {
    canvas.fill(NOTHING, y * width + rect.left, y * width + rect.left + rect.width);
  }
}
