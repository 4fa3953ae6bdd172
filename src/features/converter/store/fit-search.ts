import type { ConversionOutput, ConversionRequest, ConvertOptions, ConverterRuntime } from '../rules/contracts';
import type { Size } from '../rules/dimensions';
import {
  buildLadder,
  nextStep,
  searchProgress,
  settingsForKnobs,
  type Attempt,
  type FitReport,
  type Knobs,
  type LadderContext,
} from '../rules/estimate/fit-under';

export interface FitSearchInput {
  budget: number;
  /** The first file's size, from its PNG header. */
  first: Size;
  /** A guess of the size at the person's own settings (the estimate), so the first encode can aim at the budget. */
  prior?: number;
}

/**
 * Drives the Fit under policy (rules/estimate/fit-under.ts) with real encodes: each step's settings are
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
  const context: LadderContext = { settings: request.settings, first: input.first, frameCount };
  const ladder = buildLadder(context);
  const attempts: Attempt[] = [];
  const made: { knobs: Knobs; output: ConversionOutput }[] = [];
  for (;;) {
    const step = nextStep(ladder, input.budget, attempts, input.prior);
    if (step.kind === 'done') {
      const { knobs, output } = made[step.attempt]!;
      return {
        result: output,
        fit: {
          budget: input.budget,
          fits: step.fits,
          encodes: attempts.length,
          knobs,
          base: ladder[0]!.knobs,
          settings: settingsForKnobs(context, knobs),
        },
      };
    }
    const tryIndex = attempts.length;
    const knobs = { ...ladder[step.rung]!.knobs, scale: step.scale };
    const output = await runtime.convert(
      { ...request, settings: settingsForKnobs(context, knobs) },
      {
        ...(options.signal ? { signal: options.signal } : {}),
        keepDecodes: true,
        onProgress: (progress) => options.onProgress?.(searchProgress(tryIndex, progress, input.budget)),
      },
    );
    attempts.push({ rung: step.rung, scale: step.scale, bytes: output.gif.size });
    made.push({ knobs, output });
  }
}
