/**
 * How much smaller the output is than the inputs, in whole percent (negative when it grew).
 * null when there is nothing to compare against.
 */
export function sizeSavingPercent(inputBytes: number, outputBytes: number): number | null {
  if (!(inputBytes > 0)) return null;
  return Math.round((1 - outputBytes / inputBytes) * 100);
}

/** '62% smaller than the PNGs', '15% larger than the PNGs', 'Same size as the PNGs'. */
export function describeSaving(percent: number): string {
  if (percent > 0) return `${percent}% smaller than the PNGs`;
  if (percent < 0) return `${-percent}% larger than the PNGs`;
  return 'Same size as the PNGs';
}
