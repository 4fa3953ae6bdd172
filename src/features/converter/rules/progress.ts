import type { ConversionProgress, ProgressStage } from './contracts';

/** The percent at which each stage starts: one image 10/50/90/100, several 5/30/80/100. */
export type Milestones = Record<ProgressStage, number>;

export const SINGLE_IMAGE_MILESTONES: Milestones = { preparing: 10, processing: 50, finalizing: 90, complete: 100 };
export const MULTIPLE_IMAGES_MILESTONES: Milestones = { preparing: 5, processing: 30, finalizing: 80, complete: 100 };

export function milestonesFor(frameCount: number): Milestones {
  return frameCount > 1 ? MULTIPLE_IMAGES_MILESTONES : SINGLE_IMAGE_MILESTONES;
}

/** A point between a stage's milestone and the next one, for `done` of `total` units of its work. */
function within(start: number, end: number, done: number, total: number): number {
  const share = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
  // Strictly below the next milestone: reaching it is the next stage's job.
  return Math.min(end - 1, start + Math.floor((end - start) * share));
}

export function preparingProgress(m: Milestones, framesRead: number, total: number): ConversionProgress {
  return {
    stage: 'preparing',
    progress: within(m.preparing, m.processing, framesRead, total),
    message: total > 1 ? `Preparing frame ${Math.min(framesRead + 1, total)} of ${total}...` : 'Preparing image...',
  };
}

export function processingProgress(m: Milestones, framesDone: number, total: number): ConversionProgress {
  return {
    stage: 'processing',
    progress: within(m.processing, m.finalizing, framesDone, total),
    message: total > 1 ? `Encoding frame ${Math.min(framesDone, total)} of ${total}...` : 'Encoding GIF...',
  };
}

export function finalizingProgress(m: Milestones): ConversionProgress {
  return { stage: 'finalizing', progress: m.finalizing, message: 'Finalizing GIF...' };
}

export function completeProgress(m: Milestones): ConversionProgress {
  return { stage: 'complete', progress: m.complete, message: 'Conversion complete!' };
}

const STAGE_ORDER: readonly ProgressStage[] = ['preparing', 'processing', 'finalizing', 'complete'];

/** Wraps a listener so it only ever sees progress moving forward (stage and percent), and no repeats. */
export function forwardOnly(listener: (progress: ConversionProgress) => void): (progress: ConversionProgress) => void {
  let last: ConversionProgress | null = null;
  return (next) => {
    if (last) {
      const stageDelta = STAGE_ORDER.indexOf(next.stage) - STAGE_ORDER.indexOf(last.stage);
      if (stageDelta < 0 || next.progress < last.progress) return;
      if (stageDelta === 0 && next.progress === last.progress && next.message === last.message) return;
    }
    last = next;
    listener(next);
  };
}
