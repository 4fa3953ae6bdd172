/**
 * The little that a conversion job needs from an ffmpeg instance. The browser implements it with
 * @ffmpeg/ffmpeg's worker-hosted instance, the Node engine tests with the raw @ffmpeg/core, so both run
 * the same job code.
 */
export interface FFmpegPort {
  /** May take ownership of `data` (the browser transfers its buffer to the ffmpeg worker). */
  writeFile(path: string, data: Uint8Array): Promise<void>;
  /** Resolves with ffmpeg's exit code; it does not throw on failure. */
  exec(args: string[]): Promise<number>;
  readFile(path: string): Promise<Uint8Array>;
  deleteFile(path: string): Promise<void>;
  /** Subscribes to ffmpeg's log lines; returns the unsubscribe function. */
  onLog(listener: (line: string) => void): () => void;
}
