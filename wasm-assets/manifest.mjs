#!/usr/bin/env node
// The engine core's manifest (wasm-assets/core/manifest.json): what the committed core (and the optimiser's
// LZW encoder, built with it) was built from and what it must be, byte for byte.
//   node wasm-assets/manifest.mjs verify        committed files match the manifest (exit 1 if not)
//   node wasm-assets/manifest.mjs needs-rebuild  exit 0 when the core's inputs differ from the manifest's
//   node wasm-assets/manifest.mjs inputs-hash   the hash of the build inputs (script and driver sources)
//   node wasm-assets/manifest.mjs write ...     used by core/build.sh
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const CORE_DIR = join(here, 'core');
export const MANIFEST_PATH = join(CORE_DIR, 'manifest.json');
export const CORE_FILES = ['ffmpeg-core.js', 'ffmpeg-core.wasm', 'gif-lzw.wasm'];
/** Our changes to FFmpeg's source, applied in this order by core/build.sh. */
export const PATCHES = readdirSync(join(CORE_DIR, 'patches'))
  .filter((name) => name.endsWith('.patch'))
  .sort()
  .map((name) => `patches/${name}`);
/** Everything that decides the core's bytes, besides the pinned FFmpeg source and emscripten. */
export const BUILD_INPUTS = [
  'build.sh',
  'driver/gif-core.c',
  'driver/merge-qsort.c',
  'driver/resample.c',
  'driver/resample.h',
  'driver/pre.js',
  'lzw/gif-lzw.c',
  'lzw/lossy-budget.c',
  ...PATCHES,
];

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

export function inputsHash() {
  const hash = createHash('sha256');
  for (const name of BUILD_INPUTS) hash.update(`${name}\0${sha256(readFileSync(join(CORE_DIR, name)))}\n`);
  return hash.digest('hex');
}

export function readManifest() {
  return JSON.parse(readFileSync(MANIFEST_PATH, 'utf8'));
}

/** Problems with the committed core, as sentences; empty when every file matches the manifest. */
export function verifyCore() {
  if (!existsSync(MANIFEST_PATH)) return [`${MANIFEST_PATH} is missing: run \`npm run core:build\`.`];
  const { outputs } = readManifest();
  const problems = [];
  for (const name of CORE_FILES) {
    const path = join(CORE_DIR, name);
    const expected = outputs?.[name];
    if (!expected) problems.push(`the manifest does not list ${name}`);
    else if (!existsSync(path)) problems.push(`${name} is missing`);
    else {
      const bytes = readFileSync(path);
      if (bytes.byteLength !== expected.bytes || sha256(bytes) !== expected.sha256)
        problems.push(`${name} differs from the manifest (${bytes.byteLength} bytes, sha256 ${sha256(bytes)})`);
    }
  }
  return problems;
}

function option(args, name) {
  const index = args.indexOf(`--${name}`);
  if (index < 0 || index + 1 >= args.length) throw new Error(`missing --${name}`);
  return args[index + 1];
}

function write(args) {
  const outputs = {};
  for (const name of CORE_FILES) {
    const bytes = readFileSync(join(CORE_DIR, name));
    outputs[name] = { bytes: bytes.byteLength, sha256: sha256(bytes) };
  }
  const manifest = {
    ffmpeg: {
      version: option(args, 'ffmpeg-version'),
      license: option(args, 'license'),
      source: option(args, 'source'),
      sourceSha256: option(args, 'source-sha256'),
      sourcePath: `Debian archive: ${option(args, 'source-path')}`,
      configure: option(args, 'configure'),
      // What each patch does: its first line (the file explains why and what it measured).
      patches: PATCHES.map((file) => ({
        file,
        summary: readFileSync(join(CORE_DIR, file), 'utf8').split('\n')[0],
        sha256: sha256(readFileSync(join(CORE_DIR, file))),
      })),
    },
    emcc: option(args, 'emcc'),
    cflags: option(args, 'cflags'),
    ldflags: option(args, 'ldflags'),
    lzwLdflags: option(args, 'lzw-ldflags'),
    buildScript: 'wasm-assets/core/build.sh',
    inputs: { files: BUILD_INPUTS, sha256: inputsHash() },
    buildSeconds: Number(option(args, 'build-seconds')),
    outputs,
  };
  writeFileSync(MANIFEST_PATH, `${JSON.stringify(manifest, null, 2)}\n`);
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'inputs-hash') console.log(inputsHash());
  else if (command === 'write') write(args);
  else if (command === 'needs-rebuild') process.exit(readManifest().inputs?.sha256 === inputsHash() ? 1 : 0);
  else if (command === 'verify') {
    const problems = verifyCore();
    for (const problem of problems) console.error(`wasm-assets: ${problem}`);
    if (problems.length) process.exit(1);
    console.log(`wasm-assets: ${CORE_FILES.join(', ')} match the manifest.`);
  } else {
    console.error('usage: manifest.mjs verify | needs-rebuild | inputs-hash | write ...');
    process.exit(2);
  }
}
