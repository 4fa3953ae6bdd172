// What the engine core is built from, as its manifest records it (wasm-assets/core/build.sh writes it):
// the licences dialog names these, so it cannot drift from the committed build.
import manifest from '../../../../wasm-assets/core/manifest.json';

export const CORE_SOURCE = {
  ffmpegVersion: manifest.ffmpeg.version,
  /** configure's own words, e.g. "LGPL version 2.1 or later" (no --enable-gpl). */
  license: manifest.ffmpeg.license,
  sourceFile: manifest.ffmpeg.source,
  sourceSha256: manifest.ffmpeg.sourceSha256,
  buildScript: manifest.buildScript,
  /**
   * Our changes to FFmpeg's source, applied by the build script: faster palettegen, paletteuse and LZW (the
   * same output), and exact error diffusion in paletteuse (a different, better dither).
   */
  patches: manifest.ffmpeg.patches.map((patch) => patch.file),
} as const;

export type CoreSource = typeof CORE_SOURCE;
