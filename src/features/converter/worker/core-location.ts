// The one module that knows where the ffmpeg core lives: copied from the pinned @ffmpeg/core into
// wasm-assets/ by wasm-assets/sync.mjs, emitted by Vite as same-origin hashed assets (never a CDN).
import coreURL from '../../../../wasm-assets/ffmpeg-core.js?url';
import wasmURL from '../../../../wasm-assets/ffmpeg-core.wasm?url';

export const FFMPEG_CORE = { coreURL, wasmURL } as const;
