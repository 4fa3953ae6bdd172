import type { Size } from '../dimensions';

/**
 * From this many source pixels, a job called off in a step without a safe point stops what runs that step at
 * once rather than waiting out its grace: the cores or the optimisers start again in less time than the rest
 * of such a step takes, on the CPU cores a conversion started meanwhile needs (ten 1920x1080 frames ran
 * ~0.5 s in each). A smaller job, a size estimate's sample say, is let finish: its engine stays warm.
 */
export const STOP_STEP_FROM_PIXELS = 4_000_000;

/** A step of a job that runs to its end once started: the cores' run, or the optimiser's pass. */
export type UnbrokenStep = 'encode' | 'optimise';

/**
 * How a called-off job stops: `now`, every worker of its instance at once (no grace given); `cores` or
 * `optimisers`, only those, at once (the rest of the instance, the decode workers with their kept decodes
 * say, has nothing of the step); `grace`, at its next safe point, or everything once the grace is out.
 */
export type CallOff = 'now' | 'cores' | 'optimisers' | 'grace';

export function callOffWay(graceMs: number | undefined, step: UnbrokenStep | null, sources: readonly Size[]): CallOff {
  if (graceMs === undefined) return 'now';
  const pixels = sources.reduce((sum, source) => sum + source.width * source.height, 0);
  if (step === null || pixels < STOP_STEP_FROM_PIXELS) return 'grace';
  return step === 'encode' ? 'cores' : 'optimisers';
}
