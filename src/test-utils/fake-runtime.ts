import { convertEachFile } from '@/features/converter/rules/batch/convert';
import type {
  ConversionOutput,
  ConversionRequest,
  ConvertOptions,
  ConverterRuntime,
} from '@/features/converter/rules/contracts';
import { decodeGif } from '@/features/converter/rules/gif/decode';
import type { ConversionSettings } from '@/features/converter/rules/settings';

interface PendingJob {
  request: ConversionRequest;
  options: ConvertOptions;
  resolve(output: ConversionOutput): void;
  reject(error: unknown): void;
}

/** How many files of a batch the fake converts side by side. */
export const FAKE_POOL_SIZE = 2;

/**
 * A runtime the test drives by hand: each convert() waits until the test finishes or fails it.
 * convertEach() runs the real batch orchestration over convert(), so each file of a batch is a job here.
 */
export interface FakeRuntime extends ConverterRuntime {
  jobs: PendingJob[];
  warmUps: number;
  /** What warmUp() returns: settled at once unless a test holds the engine's load. */
  warmedUp: Promise<void>;
  /** The selections handed to prepare(), in order, and the settings handed with each. */
  prepared: (readonly File[])[];
  preparedSettings: ConversionSettings[];
  /** What convertAhead() was handed, in order. */
  aheads: (ConversionRequest | null)[];
  /** Sample conversions (size estimates) asked for; answered with `sampleOutput`, or failed when it is unset. */
  samples: ConversionRequest[];
  sampleOutput: ConversionOutput | null;
  /** The most recent job. */
  readonly current: PendingJob;
  finish(output?: Partial<ConversionOutput>): void;
  fail(error: unknown): void;
}

export function fakeOutput(overrides: Partial<ConversionOutput> = {}): ConversionOutput {
  return {
    gif: new Blob([new Uint8Array(600)], { type: 'image/gif' }),
    fileName: 'converted_1732200000000.gif',
    width: 160,
    height: 120,
    frameCount: 1,
    ...overrides,
  };
}

export function createFakeRuntime(): FakeRuntime {
  const runtime: FakeRuntime = {
    jobs: [],
    warmUps: 0,
    warmedUp: Promise.resolve(),
    prepared: [],
    preparedSettings: [],
    aheads: [],
    samples: [],
    sampleOutput: null,
    get current() {
      const job = runtime.jobs.at(-1);
      if (!job) throw new Error('no conversion was requested');
      return job;
    },
    warmUp() {
      runtime.warmUps++;
      return runtime.warmedUp;
    },
    prepare(files, settings) {
      runtime.prepared.push(files);
      runtime.preparedSettings.push(settings);
    },
    convertAhead(request) {
      runtime.aheads.push(request);
    },
    convert(request, options = {}) {
      return new Promise<ConversionOutput>((resolve, reject) => {
        // Like the real runtime: an abort rejects at once with an AbortError.
        options.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        runtime.jobs.push({ request, options, resolve, reject });
      });
    },
    convertSample(request) {
      runtime.samples.push(request);
      return runtime.sampleOutput ? Promise.resolve(runtime.sampleOutput) : Promise.reject(new Error('no sample'));
    },
    async decodeGif(gif, options = {}) {
      // The real runtime decodes in a worker; the decoder itself is the same.
      const bytes = new Uint8Array(await gif.arrayBuffer());
      if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      return decodeGif(bytes);
    },
    animationFrame: () => Promise.resolve(null),
    convertEach(request, options = {}) {
      return convertEachFile((r, o) => runtime.convert(r, o), FAKE_POOL_SIZE, request, options);
    },
    finish(output) {
      runtime.current.resolve(fakeOutput(output));
    },
    fail(error) {
      runtime.current.reject(error);
    },
  };
  return runtime;
}

/** A file whose first bytes are a PNG header of the given size (enough for the aspect ratio). */
export function pngFile(name: string, width = 160, height = 120, size = 1000): File {
  const bytes = new Uint8Array(Math.max(size, 24));
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return new File([bytes], name, { type: 'image/png' });
}
