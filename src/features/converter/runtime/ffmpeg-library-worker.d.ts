// @ffmpeg/ffmpeg's worker module, imported for its message handlers (ffmpeg-core.worker.ts; the whole host:
// ffmpeg-instance.ts). Its own types declare the WebWorker library with no-default-lib, which would take the
// DOM's types out of the whole program: tsconfig points the import here.
export {};
