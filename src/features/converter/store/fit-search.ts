import type { ConversionOutput, ConversionRequest, ConvertOptions, ConverterRuntime } from '../rules/contracts';
import type { Size } from '../rules/dimensions';
import {
  buildLadder,
  nextStep,
  searchProgress,
  settingsForKnobs,
  type Attempt,
  type FitReport,
  type LadderContext,
} from '../rules/target-size';

export interface FitSearchInput {
  budget: number;
  /** The first file's size, from its PNG header. */
  first: Size;
  /** A guess of the size at the person's own settings (the estimate), so the first encode can skip ahead. */
  prior?: number;
  lossinessSteps?: readonly number[];
}

/**
 * Drives the target-size policy (rules/target-size.ts) with real encodes: each step's settings are
 * converted by the engine, its size is fed back, until the policy stops. Progress runs over all tries;
 * the abort signal stops the current encode and the search with it.
 */
export async function runFitSearch(
  runtime: ConverterRuntime,
  request: ConversionRequest,
  input: FitSearchInput,
  options: ConvertOptions = {},
): Promise<{ result: ConversionOutput; fit: FitReport }> {
  const frameCount = request.settings.mode === 'animated' ? request.files.length : 1;
  const context: LadderContext = {
    settings: request.settings,
    first: input.first,
    frameCount,
    ...(input.lossinessSteps ? { lossinessSteps: input.lossinessSteps } : {}),
  };
  const ladder = buildLadder(context);
  const attempts: Attempt[] = [];
  const results = new Map<number, ConversionOutput>();
  for (;;) {
    const step = nextStep(ladder, input.budget, attempts, input.prior);
    if (step.kind === 'done') {
      const result = results.get(step.rung)!;
      const settings = settingsForKnobs(context, ladder[step.rung]!.knobs);
      return {
        result,
        fit: {
          budget: input.budget,
          fits: step.fits,
          encodes: attempts.length,
          knobs: ladder[step.rung]!.knobs,
          base: ladder[0]!.knobs,
          settings,
        },
      };
    }
    const tryIndex = attempts.length;
    const settings = settingsForKnobs(context, ladder[step.rung]!.knobs);
    const output = await runtime.convert(
      { ...request, settings },
      {
        ...(options.signal ? { signal: options.signal } : {}),
        onProgress: (progress) => options.onProgress?.(searchProgress(tryIndex, progress, input.budget)),
      },
    );
    attempts.push({ rung: step.rung, bytes: output.gif.size });
    // Only the results the search can still pick are kept: the best one under the budget and the smallest.
    results.set(step.rung, output);
  }
}
