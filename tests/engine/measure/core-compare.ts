/**
 * The engine core against another ffmpeg.wasm core (e.g. @ffmpeg/core 0.12.10, FFmpeg 5.1.4) on the same
 * frames and the same filter graph: job time, bytes, SSIM-Y and butteraugli (Debian's /usr/bin/butteraugli,
 * first frame). Run: npx tsx tests/engine/measure/core-compare.ts <old-core-dir> <png-set-dir>...
 * where <old-core-dir> holds ffmpeg-core.js/.wasm of an @ffmpeg/core ESM build (its ffmpeg CLI is driven).
 */
import '../../support/node-lzw';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildPlan, planLayout } from '@/features/converter/rules/plan/plan';
import { DEFAULT_SETTINGS, type DitherChoice } from '@/features/converter/rules/settings';
import { decodePng, encodePng, type Rgba } from '../../fixtures/pngs';
import { composeFrame } from '../../support/compose';
import { decodeGif } from '../../support/gif';
import { loadNodeCore } from '../../support/node-core';
import { lumaSsim } from '../../support/similarity';

interface RawCore {
  exec(...args: string[]): number;
  reset(): void;
  setLogger(logger: (entry: { message: string }) => void): void;
  FS: { writeFile(path: string, data: Uint8Array): void; readFile(path: string): Uint8Array };
}

async function loadOldCore(dir: string): Promise<RawCore> {
  const js = join(dir, 'ffmpeg-core.js');
  (globalThis as unknown as { self: { location: { href: string } } }).self.location = { href: pathToFileURL(js).href };
  const { default: create } = (await import(pathToFileURL(js).href)) as {
    default: (o: { wasmBinary: Uint8Array }) => Promise<RawCore>;
  };
  const core = await create({ wasmBinary: readFileSync(join(dir, 'ffmpeg-core.wasm')) });
  core.setLogger(() => {});
  return core;
}

const [oldDir, ...sets] = process.argv.slice(2);
if (!oldDir || sets.length === 0) throw new Error('usage: core-compare.ts <old-core-dir> <png-set-dir>...');
const work = mkdtempSync(join(tmpdir(), 'core-compare-'));
const newCore = await loadNodeCore();
const oldCore = await loadOldCore(oldDir);

function butteraugli(a: Rgba, b: Rgba): number {
  const [pa, pb] = [join(work, 'a.png'), join(work, 'b.png')];
  writeFileSync(pa, encodePng(a));
  writeFileSync(pb, encodePng(b));
  return Number(execFileSync('/usr/bin/butteraugli', [pa, pb], { encoding: 'utf8' }).trim().split(/\s+/)[0]);
}

for (const dir of sets) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort();
  const images = files.map((f) => decodePng(readFileSync(join(dir, f))));
  const mode = images.length > 1 ? ('animated' as const) : ('static' as const);
  for (const dither of ['none', 'diffusion'] as DitherChoice[]) {
    const settings = { ...DEFAULT_SETTINGS, mode, dither, quality: 100 };
    const layout = planLayout(
      settings,
      images.map((image, i) => ({ name: files[i]!, width: image.width, height: image.height })),
    );
    const frames = layout.frames.map((frame) => composeFrame(images[frame.sourceIndex]!, frame.placement, layout));
    // The new core gets each frame as the browser hands it over: alone, at its decoded size (it scales and places).
    const decoded = layout.frames.map((frame) =>
      composeFrame(images[frame.sourceIndex]!, { x: 0, y: 0, ...frame.decoded }, frame.decoded),
    );
    const plan = buildPlan(layout, settings, { smoothGradient: false, transparent: false });
    const graph = plan.args[plan.args.indexOf('-filter') + 1]!;
    const reference = { width: layout.width, height: layout.height, data: frames[0]! };
    const row: string[] = [];
    for (const which of ['old', 'new'] as const) {
      frames.forEach((frame, i) =>
        which === 'new'
          ? void newCore.writeFile(layout.frames[i]!.inputFile, decoded[i]!.slice())
          : oldCore.FS.writeFile(layout.frames[i]!.inputFile, frame),
      );
      const started = performance.now();
      let gif: Uint8Array;
      if (which === 'new') {
        if ((await newCore.exec(plan.args)) !== 0) throw new Error('new core failed');
        gif = await newCore.readFile(plan.outputFile);
      } else {
        oldCore.exec(
          ...[
            '-f',
            'image2',
            '-framerate',
            '100/50',
            '-pixel_format',
            'rgba',
            '-video_size',
            `${layout.width}x${layout.height}`,
          ],
          ...['-c:v', 'rawvideo', '-i', 'frame%04d.rgba', '-filter_complex', graph, '-fps_mode', 'passthrough'],
          ...['-loop', '0', '-f', 'gif', 'old.gif'],
        );
        oldCore.reset();
        gif = oldCore.FS.readFile('old.gif');
      }
      const ms = performance.now() - started;
      const first = decodeGif(gif).frames[0]!.image;
      row.push(
        `${which} ${ms.toFixed(0)} ms ${(gif.length / 1024).toFixed(1)} KiB ssim ${lumaSsim(first, reference).toFixed(4)} ` +
          `butteraugli ${butteraugli(first, reference).toFixed(2)}`,
      );
    }
    console.log(`${basename(dir)} ${layout.width}x${layout.height}×${frames.length} ${dither}: ${row.join(' | ')}`);
  }
}
