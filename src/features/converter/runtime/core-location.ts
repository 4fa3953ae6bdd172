// The one module that knows where the engine core lives: our FFmpeg 7.1 build, committed in
// wasm-assets/core/ (built by wasm-assets/core/build.sh, checked against its manifest by the build). Its
// loader is bundled into the core's worker (ffmpeg-core.worker.ts), its wasm emitted by Vite as a
// same-origin hashed asset (never a CDN).
export { default as createFFmpegCore } from '../../../../wasm-assets/core/ffmpeg-core.js';
export { default as wasmURL } from '../../../../wasm-assets/core/ffmpeg-core.wasm?url';
