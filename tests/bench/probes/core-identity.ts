/**
 * Two builds of the engine core against each other: the same jobs (palettegen stats modes, colour counts,
 * every dither, translucent pixels, split palette runs) on the same frames must give the same bytes.
 * Used to check that a speed patch changes nothing.
 *
 *   npx tsx tests/bench/probes/core-identity.ts <core-dir-a> <core-dir-b> <png-or-set-dir>...
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { decodePng, type Rgba } from '../../fixtures/pngs';

interface Core {
  exec(...args: string[]): number;
  reset(): void;
  setLogger(logger: (entry: { message: string }) => void): void;
  FS: {
    writeFile(path: string, data: Uint8Array): void;
    readFile(path: string): Uint8Array;
    unlink(path: string): void;
  };
}

async function loadCore(dir: string): Promise<Core> {
  const js = resolve(dir, 'ffmpeg-core.js');
  const globals = globalThis as unknown as { self?: { location?: { href: string } } };
  globals.self ??= globalThis as never;
  globals.self.location = { href: pathToFileURL(js).href };
  const { default: create } = (await import(`${pathToFileURL(js).href}?${dir}`)) as {
    default: (o: { wasmBinary: Uint8Array }) => Promise<Core>;
  };
  const core = await create({ wasmBinary: readFileSync(resolve(dir, 'ffmpeg-core.wasm')) });
  core.setLogger(() => {});
  return core;
}

const [dirA, dirB, ...inputs] = process.argv.slice(2);
if (!dirA || !dirB || !inputs.length) throw new Error('usage: core-identity.ts <core-a> <core-b> <input>...');
const cores = [await loadCore(dirA), await loadCore(dirB)];

/** Sets of frames: a directory of PNGs is one animation, a PNG file is a still. */
function framesOf(path: string): Rgba[] {
  if (!statSync(path).isDirectory()) return [decodePng(readFileSync(path))];
  return readdirSync(path)
    .filter((f) => f.endsWith('.png'))
    .sort()
    .slice(0, 6)
    .map((f) => decodePng(readFileSync(join(path, f))));
}

/** The same frames with translucent pixels: alpha varies per pixel, so one RGB appears with many alphas. */
function translucent(frames: Rgba[]): Rgba[] {
  return frames.map((frame) => {
    const data = frame.data.slice();
    for (let i = 3; i < data.length; i += 4) data[i] = Math.min(data[i]!, (i * 7919) % 256);
    return { ...frame, data };
  });
}

const GRAPHS = [
  'split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=none',
  'split[a][b];[a]palettegen=max_colors=256:reserve_transparent=1:stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a:alpha_threshold=128',
  'split[a][b];[a]palettegen=max_colors=16:stats_mode=diff[p];[b][p]paletteuse=dither=floyd_steinberg:diff_mode=rectangle',
  'split[a][b];[a]palettegen=max_colors=64:reserve_transparent=0:stats_mode=single[p];[b][p]paletteuse=dither=heckbert:new=1',
  'split[a][b];[a]palettegen=max_colors=2:reserve_transparent=0[p];[b][p]paletteuse=dither=atkinson',
];

let jobs = 0;
let differences = 0;
for (const input of inputs) {
  const plain = framesOf(input);
  for (const [kind, frames] of [
    ['opaque', plain],
    ['translucent', translucent(plain)],
  ] as const) {
    const { width, height } = frames[0]!;
    const same = frames.filter((f) => f.width === width && f.height === height);
    const args = [
      '-canvas',
      `${width}x${height}`,
      ...same.flatMap((_, i) => ['-frame', `f${i}.rgba,${width},${height},0,0,${width},${height},10`]),
    ];
    for (const graph of GRAPHS) {
      const hashes = cores.map((core) => {
        same.forEach((frame, i) => core.FS.writeFile(`f${i}.rgba`, frame.data));
        const code = core.exec(...args, '-filter', graph, '-loop', '0', '-o', 'out.gif');
        core.reset();
        if (code !== 0) return `exit ${code}`;
        const gif = core.FS.readFile('out.gif');
        core.FS.unlink('out.gif');
        return createHash('sha256').update(gif).digest('hex').slice(0, 16);
      });
      jobs++;
      if (hashes.some((h) => h.startsWith('exit')))
        console.log(`FAILED ${basename(input)} ${kind} ${graph}: ${hashes.join(' vs ')}`);
      if (hashes[0] !== hashes[1]) {
        differences++;
        console.log(`DIFFERENT ${basename(input)} ${kind} ${graph}: ${hashes.join(' vs ')}`);
      }
    }
  }
}
console.log(`${jobs} jobs, ${differences} different`);
if (differences) process.exitCode = 1;
