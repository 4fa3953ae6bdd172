// The one module that knows where the engine core lives: our FFmpeg 7.1 build, committed in
// wasm-assets/core/ (built by wasm-assets/core/build.sh, checked against its manifest by the build), emitted
// by Vite as same-origin hashed assets (never a CDN).
import coreURL from '../../../../wasm-assets/core/ffmpeg-core.js?url';
import wasmURL from '../../../../wasm-assets/core/ffmpeg-core.wasm?url';

export const FFMPEG_CORE = { coreURL, wasmURL } as const;
