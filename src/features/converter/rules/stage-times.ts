/**
 * Where a conversion's wall-clock time goes, stage by stage. Each stage is the time the
 * job itself waited on it, so the stages add up to the job's time even when decoding runs ahead in
 * parallel with the hand-over: a decode that finished while a frame was being handed over costs nothing.
 */
export const STAGES = [
  'read',
  'validate',
  'engine',
  'decode',
  'hand-over',
  'analyse',
  'palette',
  'encode',
  'finalize',
  'optimise',
] as const;
export type JobStage = (typeof STAGES)[number];

export type StageTimes = Record<JobStage, number>;

export const noStageTimes = (): StageTimes => Object.fromEntries(STAGES.map((stage) => [stage, 0])) as StageTimes;

export class StageClock {
  readonly times = noStageTimes();

  /** `now`: the runtime's clock (performance.now), or a test's. */
  constructor(private readonly now: () => number) {}

  add(stage: JobStage, ms: number): void {
    this.times[stage] += ms;
  }

  /** Runs `work`, charging the time until it settles to `stage`. */
  async time<T>(stage: JobStage, work: () => Promise<T>): Promise<T> {
    const started = this.now();
    try {
      return await work();
    } finally {
      this.add(stage, this.now() - started);
    }
  }

  /** Same for synchronous work. */
  timeSync<T>(stage: JobStage, work: () => T): T {
    const started = this.now();
    try {
      return work();
    } finally {
      this.add(stage, this.now() - started);
    }
  }

  /** The time since `since` (a `now()` reading), for stages measured across callbacks. */
  since(since: number): number {
    return this.now() - since;
  }

  read(): number {
    return this.now();
  }
}
