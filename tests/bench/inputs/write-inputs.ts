import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { Rgba } from '../../fixtures/pngs';
import type { ConversionCase } from '../cases';
import { INPUTS_DIR } from '../paths';
import { cutPicture, debianWallpapers, GRADIENTS, largestPicture, PHOTOS } from './debian-pictures';
import { drawFrame, type Content } from './pictures';
import { createPrng } from './prng';

/** Bump when the pictures change, so cached inputs are drawn again. */
const GENERATOR_VERSION = 2;

export interface InputSet {
  dir: string;
  /** In frame (or batch) order; named 001.png, 002.png… so ffmpeg can read them as a sequence. */
  files: string[];
}

export function frameFileName(index: number): string {
  return `${String(index + 1).padStart(3, '0')}.png`;
}

function drawnContentOf(conversionCase: ConversionCase, index: number): Content {
  switch (conversionCase.content) {
    case 'mixed':
      return index % 2 === 0 ? 'photo' : 'screenshot';
    case 'ui':
      return 'screenshot';
    case 'testcard':
      return 'testcard';
    default:
      return 'photo';
  }
}

/** Writes the case's PNGs once; later runs reuse them (drawing and cutting are deterministic). */
export function ensureCaseInputs(conversionCase: ConversionCase): InputSet {
  const { id, files, width, height, seed, kind, content } = conversionCase;
  if (content === 'photo' || content === 'gradient') return ensureDebianInputs(conversionCase);
  return ensureInputSet(id, files, { version: GENERATOR_VERSION, width, height, seed, kind, content }, (index) =>
    encodePng(
      drawFrame({
        content: drawnContentOf(conversionCase, index),
        width,
        height,
        // A batch holds unrelated pictures; an animation is one scene over time.
        seed: kind === 'batch' ? seed + index * 101 : seed,
        // A batch of test cards: the same card with its shapes in ten places.
        frame: kind === 'batch' ? (conversionCase.content === 'testcard' ? index : 0) : index,
      }),
      { colorType: 6, deflateLevel: 3 },
    ),
  );
}

/**
 * Real pictures: an animation pans a camera across one picture (zoomed 1.25× so there is room to move),
 * a still is one picture, a batch is ten different ones. Pictures smaller than the case are enlarged.
 */
function ensureDebianInputs(conversionCase: ConversionCase): InputSet {
  const { id, files, width, height, kind, content } = conversionCase;
  const names = content === 'photo' ? PHOTOS : GRADIENTS;
  const wallpapers = debianWallpapers();
  const key = { version: GENERATOR_VERSION, width, height, kind, content, names };
  return ensureInputSetFromFiles(id, files, key, (index, output) => {
    const animated = kind === 'animated';
    const source = largestPicture(wallpapers, names[animated ? 0 : index % names.length]!);
    const panX = animated && files > 1 ? index / (files - 1) : 0.5;
    cutPicture(source, output, { width, height }, { zoom: animated ? 1.25 : 1, panX, panY: 0.5 });
  });
}

/**
 * Random RGB noise barely compresses, so a PNG of it weighs about its raw size: files just under
 * the app's 50 MB (52,428,800 bytes) limit for the memory case.
 */
export function ensureNoiseInputs(name: string, count: number, width: number, height: number): InputSet {
  return ensureInputSet(name, count, { version: GENERATOR_VERSION, width, height }, (index) => {
    const random = createPrng(1000 + index);
    const data = new Uint8Array(width * height * 4);
    const words = new Uint32Array(data.buffer);
    for (let i = 0; i < words.length; i++) words[i] = (random() * 4294967296) >>> 0;
    for (let i = 3; i < data.length; i += 4) data[i] = 255;
    return encodePng({ width, height, data }, { colorType: 2, deflateLevel: 1, filterType: 0 });
  });
}

/** `key` describes the drawing; a set whose recorded key differs is drawn again. */
function ensureInputSet(name: string, count: number, key: object, draw: (index: number) => Buffer): InputSet {
  return ensureInputSetFromFiles(name, count, key, (index, file) => writeFileSync(file, draw(index)));
}

function ensureInputSetFromFiles(
  name: string,
  count: number,
  key: object,
  write: (index: number, file: string) => void,
): InputSet {
  const dir = join(INPUTS_DIR, name);
  const keyFile = join(dir, 'inputs.json');
  const files = Array.from({ length: count }, (_, index) => join(dir, frameFileName(index)));
  const wanted = JSON.stringify({ ...key, count });
  const cached = existsSync(keyFile) && readFileSync(keyFile, 'utf8') === wanted && files.every((f) => existsSync(f));
  if (cached) return { dir, files };

  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.stdout.write(`  drawing ${count} input PNG(s) for ${name}…`);
  files.forEach((file, index) => write(index, file));
  writeFileSync(keyFile, wanted);
  const megabytes = files.reduce((sum, f) => sum + statSync(f).size, 0) / 1e6;
  process.stdout.write(` ${megabytes.toFixed(1)} MB\n`);
  return { dir, files };
}

function encodePng(image: Rgba, options: { colorType: 2 | 6; deflateLevel: number; filterType?: number }): Buffer {
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  // A low deflate level keeps big inputs quick to write; the app and ffmpeg decode them all the same.
  return PNG.sync.write(png, {
    colorType: options.colorType,
    inputHasAlpha: true,
    deflateLevel: options.deflateLevel,
    // -1 lets pngjs pick a filter per row; noise gains nothing from filtering, so it skips the work.
    filterType: options.filterType ?? -1,
  });
}
