/**
 * How much smaller the output is than the inputs, in whole percent (negative when it grew).
 * null when there is nothing to compare against.
 */
export function sizeSavingPercent(inputBytes: number, outputBytes: number): number | null {
  if (!(inputBytes > 0)) return null;
  return Math.round((1 - outputBytes / inputBytes) * 100);
}

/** '62% smaller', '15% larger', 'Same size'. */
export function describeSaving(percent: number): string {
  if (percent > 0) return `${percent}% smaller`;
  if (percent < 0) return `${-percent}% larger`;
  return 'Same size';
}
