/**
 * The optimiser's LZW encoder timed natively (gcc -O3), lossy against lossless, on the frames a conversion
 * at default settings hands it: where the lossy search's cost stands against a plain encode, away from
 * wasm and the rest of the pass. The job runs on the Node core; each encode's input is copied out of the
 * encoder module's memory as it is called, then lzw-native/harness.c times gif-lzw.c on it.
 *
 *   npx tsx tests/bench/probes/lzw-native.ts [REPS=3] <png or folder of frames>...   (needs gcc)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SETTINGS } from '@/features/converter/rules/settings';
import { convertImages, pngInputsAt } from '../../support/node-engine';
import { loadNodeCore } from '../../support/node-core';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'lzw-native-'));
const harness = join(work, 'harness');
execFileSync('gcc', [
  '-O3',
  '-o',
  harness,
  here('lzw-native/harness.c'),
  here('../../../wasm-assets/core/lzw/gif-lzw.c'),
]);

/** Where the next encode's dump goes (null: not recording). */
let recordTo: string | null = null;
let recorded = 0;

type Encode = (...args: number[]) => number;
/** lzw_encode's arguments (gif-lzw.c), as pointers into the module's memory and values. */
function dump(memory: WebAssembly.Memory, args: number[]): void {
  const [indices, count, width, palette, entries, t, under, budgets, codeSize, budget] = args as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const bytes = new Uint8Array(memory.buffer);
  const head = new Int32Array([width, count / width, entries, t, codeSize, budget, under ? 1 : 0, budgets ? 1 : 0]);
  const parts = [
    new Uint8Array(head.buffer),
    bytes.slice(palette, palette + entries * 3),
    bytes.slice(indices, indices + count),
  ];
  if (under) parts.push(bytes.slice(under, under + 2 * count));
  if (budgets) parts.push(bytes.slice(budgets, budgets + 2 * count));
  writeFileSync(join(recordTo!, `${String(recorded++).padStart(4, '0')}.bin`), Buffer.concat(parts));
}

// The encoder module is instantiated by runtime/lzw-encoder.ts: its lzw_encode export is wrapped to copy each input out.
const Instance = WebAssembly.Instance;
WebAssembly.Instance = class extends Instance {
  override get exports(): WebAssembly.Exports {
    const exports = super.exports;
    if (!('lzw_encode' in exports)) return exports;
    const encode = exports.lzw_encode as Encode;
    return {
      ...exports,
      lzw_encode: (...args: number[]) => {
        if (recordTo) dump(exports.memory as WebAssembly.Memory, args);
        return encode(...args);
      },
    };
  }
} as typeof WebAssembly.Instance;

const ffmpeg = await loadNodeCore();
const reps = process.env.REPS ?? '3';
for (const path of process.argv.slice(2)) {
  const inputs = pngInputsAt(path);
  const settings = { ...DEFAULT_SETTINGS, mode: inputs.length > 1 ? ('animated' as const) : ('static' as const) };
  const folder = join(work, basename(path));
  mkdirSync(folder, { recursive: true });
  recordTo = folder;
  recorded = 0;
  const { plan } = await convertImages(ffmpeg, inputs, settings);
  recordTo = null;
  const dumps = Array.from({ length: recorded }, (_, i) => join(folder, `${String(i).padStart(4, '0')}.bin`));
  const line = dumps.length
    ? execFileSync(harness, dumps, { env: { ...process.env, REPS: reps } })
        .toString()
        .trim()
    : 'no LZW encode (the core wrote the GIF)';
  console.log(`${basename(path)} (${plan.palette.dither}, lossiness ${plan.palette.lossiness ?? 0}): ${line}`);
}
rmSync(work, { recursive: true, force: true });
