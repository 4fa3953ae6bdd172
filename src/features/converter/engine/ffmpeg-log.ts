/** Reading ffmpeg's log: progress lines and failure signs. */

/** Frames written so far, from a stats line such as `frame=    5 fps=0.0 q=-0.0 size= ...`. */
export function framesWritten(line: string): number | null {
  const match = /^\s*frame=\s*(\d+)/.exec(line);
  return match ? Number(match[1]) : null;
}

/**
 * The single-thread core logs a bare `Aborted()` when main() returns, even after success; an abort with
 * a reason (`Aborted(OOM)`, `Aborted(Assertion failed...)`) means the core died and must be restarted.
 */
export function isCoreAbort(line: string): boolean {
  return /Aborted\(.+\)/.test(line);
}

/** The last lines that look like an error, to explain a non-zero exit code. */
export function errorSummary(lines: readonly string[]): string | null {
  const errors = lines
    .map((l) => l.trim())
    .filter((l) => l && /error|invalid|failed|cannot|could not|no such|out of memory|Aborted\(.+\)/i.test(l));
  return errors.length ? errors.slice(-2).join('; ') : null;
}
