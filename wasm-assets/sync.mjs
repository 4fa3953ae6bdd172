#!/usr/bin/env node
// Copies the pinned @ffmpeg/core ESM build into wasm-assets/ and writes manifest.json
// (package version, byte size and SHA-256 of each file). The build checks the manifest
// (wasm-assets/vite-plugin.ts), so a missing or corrupt core fails it with a clear message.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORE_FILES = ['ffmpeg-core.js', 'ffmpeg-core.wasm'];
const here = dirname(fileURLToPath(import.meta.url));

function sha256(path) {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

function sync() {
  // The package's "exports" hide package.json, so resolve its entry point and walk up from there.
  const require = createRequire(import.meta.url);
  let entry;
  try {
    entry = require.resolve('@ffmpeg/core');
  } catch {
    console.error('wasm-assets: @ffmpeg/core is not installed. Run `npm install` first.');
    process.exit(1);
  }
  const packageRoot = join(dirname(entry), '..', '..');
  const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
  const sourceDir = join(packageRoot, 'dist', 'esm');
  const files = {};
  for (const name of CORE_FILES) {
    const source = join(sourceDir, name);
    if (!existsSync(source)) {
      console.error(`wasm-assets: ${source} is missing from @ffmpeg/core@${version}.`);
      process.exit(1);
    }
    const target = join(here, name);
    copyFileSync(source, target);
    files[name] = { bytes: readFileSync(target).byteLength, sha256: sha256(target) };
  }
  const manifest = { package: '@ffmpeg/core', version, files };
  writeFileSync(join(here, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`wasm-assets: @ffmpeg/core@${version} copied (${CORE_FILES.join(', ')}).`);
}

sync();
