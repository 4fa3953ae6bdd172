/**
 * The fit bench's pictures, one per content class the search must serve: a real photograph at 1920x1280,
 * a 10-frame 800x600 pan over a real photograph, a rendered gradient, a UI screenshot and film grain.
 * The real ones come from the quality bench's cache (Debian packages, tests/bench/quality/corpus.ts);
 * a picture whose package is missing is left out with a message.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConversionSettings } from '@/features/converter/rules/settings';
import { flatUi, grain } from '../fixtures/content';
import { decodePng, type Rgba } from '../fixtures/pngs';
import type { NodeInput } from '../support/node-engine';
import { CACHE_DIR } from './quality/corpus';

export interface FitCase {
  title: string;
  /** For the contact sheet's labels. */
  short: string;
  frames: NodeInput[];
  settings: Partial<ConversionSettings>;
}

const MATE = join(CACHE_DIR, 'packages', 'mate-backgrounds', 'usr/share/backgrounds/mate/nature');
const INPUTS = join(CACHE_DIR, 'quality-inputs-v1');

/** Any picture ImageMagick reads, filled into width × height (cropped to the centre). */
export function readPicture(path: string, width: number, height: number, effect: readonly string[] = []): Rgba {
  const out = join(mkdtempSync(join(tmpdir(), 'fit-case-')), 'picture.png');
  const fill = ['-resize', `${width}x${height}^`, '-gravity', 'center', '-extent', `${width}x${height}`];
  execFileSync('convert', [path, ...fill, ...effect, out]);
  return decodePng(readFileSync(out));
}

/** Film grain as a camera at high ISO leaves it (ImageMagick's Gaussian noise, luma and chroma). */
const GRAIN = ['-attenuate', '0.5', '+noise', 'Gaussian'];

/** `count` consecutive width × height crops of one picture, 30 px right and 10 px down apart: a camera pan. */
function pan(scene: Rgba, count: number, width = 800, height = 600, start = 0): Rgba[] {
  return Array.from({ length: count }, (_, k) => {
    const i = start + k;
    const data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) {
      const from = ((y + 10 * i) * scene.width + 30 * i) * 4;
      data.set(scene.data.subarray(from, from + width * 4), y * width * 4);
    }
    return { width, height, data };
  });
}

export function fitCases(log: (line: string) => void, extra: readonly string[] = []): FitCase[] {
  const cases: FitCase[] = [];
  const real = (title: string, path: string, make: (path: string) => FitCase) => {
    if (existsSync(path)) cases.push(make(path));
    else log(`${title} left out: ${path} is missing (run the quality bench once: npm run bench:quality).`);
  };
  real('photo', join(MATE, 'Storm.jpg'), (path) => ({
    title: 'photo 1920x1280 (Storm)',
    short: 'Storm photo',
    frames: [{ name: 'storm.png', image: readPicture(path, 1920, 1280) }],
    settings: {},
  }));
  real('pan', join(MATE, 'Aqua.jpg'), (path) => ({
    title: '10 × 800x600 photo pan (Aqua)',
    short: 'Aqua pan',
    frames: pan(readPicture(path, 800 + 30 * 10, 600 + 10 * 10), 10).map((image, i) => ({
      name: `pan-${i}.png`,
      image,
    })),
    settings: { mode: 'animated' },
  }));
  real('gradient', join(INPUTS, 'fluent', '001.png'), (path) => ({
    title: 'gradient 1280x844 (fluent)',
    short: 'gradient',
    frames: [{ name: 'fluent.png', image: decodePng(readFileSync(path)) }],
    settings: {},
  }));
  const screenshot = join(INPUTS, 'app-screenshot', '001.png');
  cases.push({
    title: 'UI screenshot 1280x800',
    short: 'UI',
    frames: [
      { name: 'ui.png', image: existsSync(screenshot) ? decodePng(readFileSync(screenshot)) : flatUi(1280, 800) },
    ],
    settings: {},
  });
  real('grainy photo', join(MATE, 'Dune.jpg'), (path) => ({
    title: 'grainy photo 1280x800 (Dune + grain)',
    short: 'grainy Dune',
    frames: [{ name: 'grainy.png', image: readPicture(path, 1280, 800, GRAIN) }],
    settings: {},
  }));
  // Big enough for the 5 MB budget: every frame has its own grain, as in a real video.
  real('grainy video', join(MATE, 'Storm.jpg'), (path) => {
    const frames = Array.from({ length: 10 }, (_, i) => {
      const frame = readPicture(path, 1600 + 30 * 10, 900 + 10 * 10, ['-seed', String(i + 1), ...GRAIN]);
      return { name: `video-${i}.png`, image: pan(frame, 1, 1600, 900, i)[0]! };
    });
    return {
      title: '10 × 1600x900 grainy video pan (Storm)',
      short: 'grainy video',
      frames,
      settings: { mode: 'animated' },
    };
  });
  if (!existsSync(join(MATE, 'Dune.jpg')))
    cases.push({
      title: 'film grain 1024x640',
      short: 'film grain',
      frames: [{ name: 'grain.png', image: grain(1024, 640) }],
      settings: {},
    });
  for (const path of extra)
    cases.push({
      title: `photo 1920x1280 (${path.split('/').pop()})`,
      short: path.split('/').pop()!,
      frames: [{ name: 'x.png', image: readPicture(path, 1920, 1280) }],
      settings: {},
    });
  return cases;
}
