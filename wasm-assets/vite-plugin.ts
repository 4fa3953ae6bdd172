import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

interface CoreManifest {
  package: string;
  version: string;
  files: Record<string, { bytes: number; sha256: string }>;
}

const here = dirname(fileURLToPath(import.meta.url));
const FIX = 'Run `npm install` (or `node wasm-assets/sync.mjs`) to copy the ffmpeg core again.';

/** Every problem with the copied ffmpeg core, as sentences; empty when the copy is intact. */
export function checkCoreAssets(dir = here): string[] {
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) return [`wasm-assets/manifest.json is missing.`];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as CoreManifest;
  const problems: string[] = [];
  for (const [name, expected] of Object.entries(manifest.files)) {
    const path = join(dir, name);
    if (!existsSync(path)) {
      problems.push(`wasm-assets/${name} is missing.`);
      continue;
    }
    const bytes = readFileSync(path);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (bytes.byteLength !== expected.bytes || sha256 !== expected.sha256) {
      problems.push(
        `wasm-assets/${name} is corrupt: ${bytes.byteLength} bytes, sha256 ${sha256}; ` +
          `the manifest of ${manifest.package}@${manifest.version} expects ${expected.bytes} bytes, sha256 ${expected.sha256}.`,
      );
    }
  }
  return problems;
}

/** Fails the build (and dev start) with a clear message when the ffmpeg core copy is missing or corrupt. */
export function wasmAssetsGuard(): Plugin {
  return {
    name: 'wasm-assets-guard',
    buildStart() {
      const problems = checkCoreAssets();
      if (problems.length > 0) this.error(`The ffmpeg core is not usable:\n- ${problems.join('\n- ')}\n${FIX}`);
    },
  };
}
