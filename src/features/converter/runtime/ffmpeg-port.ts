/**
 * A core (our FFmpeg build, loaded in its own worker) as a conversion job sees it. The browser's is
 * hosted by @ffmpeg/ffmpeg (ffmpeg-instance.ts asCore), the Node engine tests load the same files
 * directly (tests/support/node-core.ts), so both run the same job code.
 */
export interface Core {
  /** May take ownership of `data` (the browser transfers its buffer to the core's worker). */
  writeFile(path: string, data: Uint8Array): Promise<void>;
  /** Resolves with the core's exit code; it does not throw on failure. */
  exec(args: string[]): Promise<number>;
  readFile(path: string): Promise<Uint8Array>;
  deleteFile(path: string): Promise<void>;
  /** Subscribes to the core's log lines; returns the unsubscribe function. */
  onLog(listener: (line: string) => void): () => void;
}
