import { lzw } from './node-lzw';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ConversionProgress } from '@/features/converter/rules/contracts';
import { DEFAULT_SETTINGS, type ConversionSettings } from '@/features/converter/rules/settings';
import { runConversionJob, type JobResult } from '@/features/converter/runtime/conversion-job';
import { validatePng } from '@/features/converter/rules/png/validation';
import { optimiseGifInRuns } from '@/features/converter/rules/gif/optimiser';
import type { Size } from '@/features/converter/rules/dimensions';
import { estimateSample } from '@/features/converter/rules/estimate/size-estimate';
import type { Rgba } from '../fixtures/pngs';
import { decodePng } from '../fixtures/pngs';
import { decodedFrame } from './compose';
import type { NodeCore } from './node-core';

export interface NodeInput {
  name: string;
  image: Rgba;
  delayMs?: number;
}

/** Runs the production job code on the Node core, with frames composed like the browser does. */
export async function convertImages(
  core: NodeCore,
  inputs: readonly NodeInput[],
  settings: Partial<ConversionSettings> = {},
  onProgress?: (progress: ConversionProgress) => void,
  helper?: NodeCore,
  sampleOf?: Size,
): Promise<JobResult> {
  const byName = new Map(inputs.map((input) => [input.name, input.image]));
  const jobSettings = { ...DEFAULT_SETTINGS, ...settings };
  return runConversionJob(core, {
    settings: jobSettings,
    sources: inputs.map(({ name, image, delayMs }) => ({ name, width: image.width, height: image.height, delayMs })),
    // As the browser hands them over: each frame alone at its decoded size (the core scales and places it),
    // with the helper's rows copied by the reader, as the decode worker does.
    readFrame: async (frame, copyRowsFrom) => {
      const decoded = decodedFrame(byName.get(frame.name)!, frame, jobSettings);
      if (copyRowsFrom === undefined) return decoded;
      return { ...decoded, rowsCopy: decoded.rgba.slice(copyRowsFrom * frame.decoded.width * 4) };
    },
    // The browser runs it in workers (runtime/optimiser-workers.ts), the runs at once; the functions are the same.
    optimise: async (gif, options, runs) => optimiseGifInRuns(lzw, gif, options, runs),
    ...(onProgress ? { onProgress } : {}),
    ...(helper ? { helper } : {}),
    ...(sampleOf ? { sampleOf } : {}),
  });
}

/** The size estimate's sample, as the app encodes it (rules/estimate/size-estimate.ts), of a conversion at `settings`. */
export function convertSample(core: NodeCore, inputs: readonly NodeInput[], settings: ConversionSettings) {
  const sample = estimateSample(settings, inputs[0]!.image);
  return convertImages(core, inputs.slice(0, sample.frames), sample.settings, undefined, undefined, sample.fullSize);
}

/** A PNG, or a folder of them taken in name order as one animation's frames, decoded (not validated). */
export function pngInputsAt(path: string): NodeInput[] {
  const files = statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((file) => file.endsWith('.png'))
        .sort()
        .map((file) => join(path, file))
    : [path];
  return files.map((file, i) => ({ name: `f${i}.png`, image: decodePng(readFileSync(file)) }));
}

/** PNG files as the browser engine gets them: validated first, then decoded. */
export function pngInputs(files: readonly { name: string; bytes: Uint8Array }[]): NodeInput[] {
  return files.map(({ name, bytes }) => {
    validatePng(bytes, name);
    return { name, image: decodePng(bytes) };
  });
}
