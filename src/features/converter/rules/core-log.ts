/**
 * Reading the engine core's log (wasm-assets/core/driver/gif-core.c): `frame=N` after each frame written,
 * `error: ...` before a failed job's non-zero exit code, libav's own messages, and emscripten's `Aborted(...)`
 * when the wasm itself died.
 */

/**
 * The core's wasm memory after a job, as its worker logs it (runtime/ffmpeg-core.worker.ts): `heap=N`
 * bytes. The heap never shrinks, so this is what the job left the core with.
 */
export const heapLine = (bytes: number) => `heap=${bytes}`;

export function heapBytes(line: string): number | null {
  const match = /^heap=(\d+)$/.exec(line.trim());
  return match ? Number(match[1]) : null;
}

/** Frames written so far, from a progress line `frame=5` (ffmpeg's `frame=    5 fps=...` reads the same). */
export function framesWritten(line: string): number | null {
  const match = /^\s*frame=\s*(\d+)/.exec(line);
  return match ? Number(match[1]) : null;
}

/**
 * An abort with a reason (`Aborted(OOM)`, `Aborted(Assertion failed...)`) means the core died and must be
 * restarted; a bare `Aborted()` carries no reason and is not taken as one.
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
