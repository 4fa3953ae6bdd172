import type { Plugin } from 'vite';
import { verifyCore } from './manifest.mjs';

const FIX =
  'The committed core in wasm-assets/core/ must match its manifest: restore it from git, or rebuild it with `npm run core:build`.';

/** Fails the build (and dev start) with a clear message when the committed engine core is missing or altered. */
export function wasmAssetsGuard(): Plugin {
  return {
    name: 'wasm-assets-guard',
    buildStart() {
      const problems = verifyCore();
      if (problems.length > 0) this.error(`The engine core is not usable:\n- ${problems.join('\n- ')}\n${FIX}`);
    },
  };
}
