// @ffmpeg/ffmpeg's worker module, imported for its message handlers only (ffmpeg-core.worker.ts). tsconfig
// points its types here: the package's own declare the WebWorker library with no-default-lib, which would
// take the DOM's types out of the whole program.
export {};
