export interface LongTask {
  start: number;
  end: number;
}

/**
 * Time to interactive, simplified from Lighthouse: the first moment, once the converter's controls
 * are shown, that is followed by `quietMs` without a long task (main thread busy > 50 ms).
 */
export function timeToInteractive(shownAt: number, longTasks: readonly LongTask[], quietMs = 2000): number {
  let interactiveAt = shownAt;
  for (const task of [...longTasks].sort((a, b) => a.start - b.start)) {
    if (task.end <= interactiveAt) continue;
    if (task.start >= interactiveAt + quietMs) break;
    interactiveAt = task.end;
  }
  return interactiveAt;
}
