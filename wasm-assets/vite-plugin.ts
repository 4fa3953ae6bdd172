import { minify, type Plugin } from 'vite';
import { verifyCore } from './manifest.mjs';

const FIX =
  'The committed core in wasm-assets/core/ must match its manifest: restore it from git, or rebuild it with `npm run core:build`.';

/** The emitted copy of the core's loader (`ffmpeg-core-<hash>.js`, imported with `?url`). */
const CORE_LOADER = /(^|\/)ffmpeg-core-[\w-]+\.js$/;

/**
 * Fails the build (and dev start) with a clear message when the committed engine core is missing or
 * altered, and minifies the emitted copy of its loader. The committed loader stays byte for byte what
 * emscripten wrote (the manifest checks it); Debian's emscripten has no closure compiler, so its output
 * keeps long local names, and minifying them saves ~25 KB of every visitor's download and precache.
 */
export function wasmAssetsGuard(): Plugin {
  return {
    name: 'wasm-assets-guard',
    buildStart() {
      const problems = verifyCore();
      if (problems.length > 0) this.error(`The engine core is not usable:\n- ${problems.join('\n- ')}\n${FIX}`);
    },
    async generateBundle(_options, bundle) {
      for (const asset of Object.values(bundle)) {
        if (asset.type !== 'asset' || !CORE_LOADER.test(asset.fileName)) continue;
        const source = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        // Top-level names stay: @ffmpeg/ffmpeg's worker reads the module's default export.
        const { code, errors } = await minify(asset.fileName, source, { compress: true, mangle: { toplevel: false } });
        if (errors.length > 0) this.error(`Minifying ${asset.fileName} failed: ${errors[0]!.message}`);
        asset.source = code;
      }
    },
  };
}
