import { ApngComposer } from '@/features/converter/rules/png/apng-compose';
import { isAnimatedPng, parseApng } from '@/features/converter/rules/png/apng-parse';
import { concatBytes } from '@/features/converter/rules/concat-bytes';
import { crc32 } from '@/features/converter/rules/png/crc32';
import { outputSize } from '@/features/converter/rules/dimensions';
import { assertFitsInMemory } from '@/features/converter/rules/plan/memory';
import { validatePng } from '@/features/converter/rules/png/validation';
import { DEFAULT_SETTINGS } from '@/features/converter/rules/settings';
import { BLEND, buildApng, DISPOSE, solid } from '../fixtures/apng';
import { random } from '../fixtures/content';
import { encodeInterlaced, encodePalette, encodePng, makeRgba, testPattern } from '../fixtures/pngs';

/**
 * Seeded fuzzing of what a chosen file goes through before any browser decoder sees it: the PNG
 * validator, the APNG parser, the memory pre-flight and the APNG compositor, on mutated PNGs and APNGs.
 * Used by the unit suite (a few seconds) and by `npx tsx tests/tools/fuzz-inputs.ts --seed N --count M`.
 */

export const FUZZ_FILE_NAME = 'fuzz.png';
const LOAD_ERROR = `Failed to load image: ${FUZZ_FILE_NAME} (`;
const MEMORY_ERROR = 'This GIF would need about';

export interface FuzzResult {
  outcome: 'accepted' | 'refused' | 'too big';
  message?: string;
  /** The largest typed array allocated while handling the file, and what its header allowed. */
  largestAllocation: number;
  allowedAllocation: number;
}

/** The files the mutations start from: still PNGs of several formats, APNGs of every dispose/blend op. */
export function seedFiles(): Uint8Array[] {
  const backdrop = testPattern(20, 14);
  const patch = makeRgba(8, 6, (x, y) => [x * 30, y * 40, 120, (x + y) % 2 ? 90 : 255]);
  const apngs = [DISPOSE.none, DISPOSE.background, DISPOSE.previous].flatMap((dispose) =>
    [BLEND.source, BLEND.over].map((blend) =>
      buildApng({
        width: 20,
        height: 14,
        plays: 2,
        frames: [
          { image: backdrop },
          { image: patch, x: 3, y: 2, dispose, blend },
          { image: solid(5, 5, [0, 200, 0, 128]), x: 12, y: 7, blend },
        ],
      }),
    ),
  );
  return [
    encodePng(testPattern(16, 12)),
    encodePng(testPattern(9, 7), { colorType: 2, bitDepth: 16 }),
    encodeInterlaced(testPattern(11, 9)),
    encodePalette(
      10,
      6,
      [
        [255, 0, 0],
        [0, 0, 255, 128],
      ],
      (x, y) => (x + y) % 2,
      1,
    ),
    ...apngs,
    buildApng({
      width: 16,
      height: 10,
      defaultImage: solid(16, 10, [200, 0, 0, 255]),
      encode: (image) => encodeInterlaced(image),
      frames: [{ image: solid(6, 4, [0, 0, 255, 255]), x: 2, y: 3 }, { image: testPattern(16, 10) }],
    }),
  ];
}

interface Chunk {
  start: number;
  end: number;
}

function chunksOf(bytes: Uint8Array): Chunk[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: Chunk[] = [];
  for (let offset = 8; offset + 12 <= bytes.length;) {
    const end = offset + 12 + view.getUint32(offset);
    if (end > bytes.length) break;
    chunks.push({ start: offset, end });
    offset = end;
  }
  return chunks;
}

/** Recomputes every chunk's CRC, so a mutation reaches the checks behind the CRC check. */
function fixCrcs(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const { start, end } of chunksOf(bytes)) view.setUint32(end - 4, crc32(bytes.subarray(start + 4, end - 4)));
  return bytes;
}

type Mutation = (bytes: Uint8Array, rnd: () => number) => Uint8Array;
const pick = <T>(items: readonly T[], rnd: () => number): T | undefined => items[Math.floor(rnd() * items.length)];
const int = (max: number, rnd: () => number) => Math.floor(rnd() * max);

/** Values that break arithmetic: zero, one, byte and word edges, the PNG limit, the top of 32 bits. */
const LIES = [0, 1, 2, 255, 256, 4096, 65535, 65536, 0x7fffffff, 0x80000000, 0xffffffff];

const MUTATIONS: Record<string, Mutation> = {
  'bit flips': (bytes, rnd) => {
    const out = bytes.slice();
    for (let n = 1 + int(8, rnd); n > 0; n--) out[int(out.length, rnd)]! ^= 1 << int(8, rnd);
    return out;
  },
  truncation: (bytes, rnd) => bytes.slice(0, int(bytes.length, rnd)),
  'chunk reordering': (bytes, rnd) => {
    const chunks = chunksOf(bytes);
    if (chunks.length < 2) return bytes;
    const parts = chunks.map(({ start, end }) => bytes.subarray(start, end));
    const [a, b] = [int(parts.length, rnd), int(parts.length, rnd)];
    [parts[a], parts[b]] = [parts[b]!, parts[a]!];
    return concatBytes([bytes.subarray(0, 8), ...parts]);
  },
  'chunk duplication': (bytes, rnd) => {
    const chunks = chunksOf(bytes);
    if (chunks.length === 0) return bytes;
    const { start, end } = pick(chunks, rnd)!;
    const at = pick(chunks, rnd)!.start;
    return concatBytes([bytes.subarray(0, at), bytes.subarray(start, end), bytes.subarray(at)]);
  },
  'chunk removal': (bytes, rnd) => {
    const chunks = chunksOf(bytes);
    if (chunks.length === 0) return bytes;
    const { start, end } = pick(chunks, rnd)!;
    return concatBytes([bytes.subarray(0, start), bytes.subarray(end)]);
  },
  'lying length': (bytes, rnd) => {
    const out = bytes.slice();
    const chunks = chunksOf(out);
    if (chunks.length === 0) return out;
    const { start } = pick(chunks, rnd)!;
    new DataView(out.buffer).setUint32(start, rnd() < 0.5 ? pick(LIES, rnd)! : int(out.length * 2, rnd));
    return out;
  },
  // A chunk field (IHDR size, acTL counts, fcTL sizes, offsets, sequence numbers, ops) set to a lie, CRC fixed.
  'lying field': (bytes, rnd) => {
    const out = bytes.slice();
    const view = new DataView(out.buffer);
    const chunk = pick(
      chunksOf(out).filter(({ start, end }) => end - start > 12),
      rnd,
    );
    if (!chunk) return out;
    const dataLength = chunk.end - chunk.start - 12;
    const field = chunk.start + 8 + 4 * int(Math.max(1, Math.floor(dataLength / 4)), rnd);
    if (field + 4 <= chunk.end - 4) view.setUint32(field, rnd() < 0.7 ? pick(LIES, rnd)! : int(64, rnd));
    else out[chunk.start + 8 + int(dataLength, rnd)] = int(256, rnd);
    return out;
  },
};

export const MUTATION_NAMES = Object.keys(MUTATIONS);

/** One mutated file: a mutation or two of a seed file, CRCs fixed half of the time. */
export function mutant(seeds: readonly Uint8Array[], rnd: () => number): { bytes: Uint8Array; mutations: string[] } {
  let bytes = pick(seeds, rnd)!;
  const mutations: string[] = [];
  for (let n = 1 + int(2, rnd); n > 0; n--) {
    const name = pick(MUTATION_NAMES, rnd)!;
    mutations.push(name);
    bytes = MUTATIONS[name]!(bytes, rnd);
  }
  if (rnd() < 0.5) {
    bytes = fixCrcs(bytes.slice());
    mutations.push('CRCs fixed');
  }
  return { bytes, mutations };
}

/** Every `new Uint8Array(length)` while `run` runs (typed array views of existing buffers allocate nothing). */
function largestAllocationDuring(run: () => void): number {
  const original = globalThis.Uint8Array;
  let largest = 0;
  globalThis.Uint8Array = new Proxy(original, {
    construct(target, args: unknown[], newTarget) {
      if (typeof args[0] === 'number') largest = Math.max(largest, args[0]);
      return Reflect.construct(target, args, newTarget);
    },
  });
  try {
    run();
  } finally {
    globalThis.Uint8Array = original;
  }
  return largest;
}

/** What a canvas of this size may take: a frame's inflated 16-bit RGBA data (filter bytes and Adam7 rows included). */
const allowedFor = (width: number, height: number) => width * height * 8 + 16 * height + 64;

/**
 * The product's path for one chosen file: validation, APNG parsing, the memory pre-flight of a default
 * conversion, then every frame composited. Throws anything that is not one of the typed refusals.
 */
export function runIntake(bytes: Uint8Array): FuzzResult {
  let result: FuzzResult = { outcome: 'accepted', largestAllocation: 0, allowedAllocation: 0 };
  const largestAllocation = largestAllocationDuring(() => {
    try {
      validatePng(bytes, FUZZ_FILE_NAME);
      const info = isAnimatedPng(bytes) ? parseApng(bytes, FUZZ_FILE_NAME) : null;
      if (!info) return;
      const { width, height } = info.header;
      result.allowedAllocation = allowedFor(width, height);
      const out = outputSize(DEFAULT_SETTINGS, info.header);
      assertFitsInMemory(info.frames.length, out.width, out.height);
      const composer = new ApngComposer(info, FUZZ_FILE_NAME);
      composer.defaultImage();
      for (let index = 0; index < composer.frameCount; index++) composer.frame(index);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message.startsWith(LOAD_ERROR)) result = { ...result, outcome: 'refused', message };
      else if (message.startsWith(MEMORY_ERROR)) result = { ...result, outcome: 'too big', message };
      else throw error;
    }
  });
  return { ...result, largestAllocation };
}

export interface FuzzSummary {
  cases: number;
  outcomes: Record<FuzzResult['outcome'], number>;
  /** Files that broke a rule: an untyped error, or an allocation beyond what the header allowed. */
  failures: { index: number; mutations: string[]; problem: string; bytes: Uint8Array }[];
}

/** Runs `count` mutated files from `seed`; the same seed gives the same files. */
export function fuzz(seed: number, count: number): FuzzSummary {
  const rnd = random(seed);
  const seeds = seedFiles();
  const summary: FuzzSummary = { cases: count, outcomes: { accepted: 0, refused: 0, 'too big': 0 }, failures: [] };
  for (let index = 0; index < count; index++) {
    const { bytes, mutations } = mutant(seeds, rnd);
    try {
      const result = runIntake(bytes);
      summary.outcomes[result.outcome]++;
      // A still PNG allocates nothing here (the browser decodes it); an APNG stays within its header's size.
      if (result.largestAllocation > Math.max(result.allowedAllocation, 64 * 1024))
        summary.failures.push({
          index,
          mutations,
          problem: `allocated ${result.largestAllocation} bytes where ${result.allowedAllocation} were allowed`,
          bytes,
        });
    } catch (error) {
      summary.failures.push({ index, mutations, problem: String(error), bytes });
    }
  }
  return summary;
}
