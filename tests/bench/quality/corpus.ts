/**
 * The quality bench's pictures: real photographs, illustrations and a video clip from Debian packages
 * (downloaded with `apt-get download` into a cache folder outside the repository, never committed),
 * plus generated classes a package cannot provide (soft transparency, synthetic grain, flat UI).
 * A missing package or tool leaves its pictures out with a clear message; the bench goes on.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { flatUi, gradient, grain, photoLike } from '../../fixtures/content';
import { decodePng, encodePng, type Rgba } from '../../fixtures/pngs';
import { NATIVE_FFMPEG_PATH } from '../native-ffmpeg';

export type ContentClass = 'photo' | 'gradient' | 'flat' | 'screenshot' | 'grain' | 'alpha' | 'video';

export interface QualityInput {
  id: string;
  contentClass: ContentClass;
  /** Where the picture comes from, for the table. */
  source: string;
  /** One PNG for a still, the frames in order for an animation. */
  files: string[];
}

export const CACHE_DIR = process.env.BENCH_CACHE_DIR || join(homedir(), '.cache', 'png-to-gif-bench');
const VERSION = 1;
const INPUTS = join(CACHE_DIR, `quality-inputs-v${VERSION}`);

/** Debian packages the real pictures come from, and where their files land once unpacked. */
const PACKAGES = {
  mate: { name: 'mate-backgrounds', root: 'usr/share/backgrounds/mate' },
  plasma: { name: 'plasma-workspace-wallpapers', root: 'usr/share/wallpapers' },
  ukui: { name: 'ukui-wallpapers', root: 'usr/share/backgrounds' },
  skimage: { name: 'python3-skimage', root: 'usr/lib/python3/dist-packages/skimage/data' },
  opencv: { name: 'opencv-doc', root: 'usr/share/doc/opencv-doc/examples/data' },
} as const;
type PackageKey = keyof typeof PACKAGES;

interface RealPicture {
  id: string;
  contentClass: ContentClass;
  pkg: PackageKey;
  path: string;
  /** ffmpeg filter applied to the source (scale or crop); the app gets the result as it is. */
  filter?: string;
  /** Translucent artwork: laid on this solid colour first. */
  background?: string;
  /** Animation: frames taken from a video, starting at this second. */
  video?: { start: number; frames: number };
}

/** Long side 1280: big enough for skies to band, small enough for butteraugli to score in seconds. */
const FIT_1280 = 'scale=1280:-2:flags=lanczos';

const REAL_PICTURES: readonly RealPicture[] = [
  { id: 'storm', contentClass: 'photo', pkg: 'mate', path: 'nature/Storm.jpg', filter: FIT_1280 },
  { id: 'dune', contentClass: 'photo', pkg: 'mate', path: 'nature/Dune.jpg', filter: FIT_1280 },
  { id: 'aqua', contentClass: 'photo', pkg: 'mate', path: 'nature/Aqua.jpg', filter: FIT_1280 },
  { id: 'ladybird', contentClass: 'photo', pkg: 'mate', path: 'nature/LadyBird.jpg', filter: FIT_1280 },
  {
    id: 'evening-glow',
    contentClass: 'photo',
    pkg: 'plasma',
    path: 'EveningGlow/contents/images/2560x1600.jpg',
    filter: FIT_1280,
  },
  { id: 'kite', contentClass: 'photo', pkg: 'plasma', path: 'Kite/contents/images/2560x1600.jpg', filter: FIT_1280 },
  {
    id: 'forest-path',
    contentClass: 'photo',
    pkg: 'plasma',
    path: 'Path/contents/images/2560x1600.jpg',
    filter: FIT_1280,
  },
  { id: 'astronaut', contentClass: 'photo', pkg: 'skimage', path: 'astronaut.png' },
  // The big downscale: 5640x3172 → the app's 1920 cap, scaled by the app itself.
  { id: 'elephants-5640', contentClass: 'photo', pkg: 'mate', path: 'abstract/Elephants_5640x3172.jpg' },
  { id: 'fluent', contentClass: 'gradient', pkg: 'ukui', path: 'fluent-color.png', filter: FIT_1280 },
  { id: 'kylin', contentClass: 'gradient', pkg: 'ukui', path: 'focal-ubuntukylin.png', filter: FIT_1280 },
  {
    id: 'cold-ripple',
    contentClass: 'gradient',
    pkg: 'plasma',
    path: 'ColdRipple/contents/images/2560x1600.jpg',
    filter: FIT_1280,
  },
  // Translucent stripes (129 RGBA colours) laid on a desktop colour as the desktop shows them: a flat
  // wallpaper of at most 129 colours, the kind an ordered dither crosshatches.
  {
    id: 'mate-stripes',
    contentClass: 'flat',
    pkg: 'mate',
    path: 'desktop/MATE-Stripes-Light.png',
    background: '0x5f8a3c',
  },
  { id: 'gravel', contentClass: 'grain', pkg: 'skimage', path: 'gravel.png' },
  { id: 'grass', contentClass: 'grain', pkg: 'skimage', path: 'grass.png' },
  { id: 'vtest-video', contentClass: 'video', pkg: 'opencv', path: 'vtest.avi', video: { start: 10, frames: 10 } },
  { id: 'tree-video', contentClass: 'video', pkg: 'opencv', path: 'tree.avi', video: { start: 5, frames: 10 } },
];

/** Downloads and unpacks a package into the cache; null (with the reason logged) when apt cannot. */
function unpackedPackage(key: PackageKey, log: (line: string) => void): string | null {
  const { name } = PACKAGES[key];
  const root = join(CACHE_DIR, 'packages', name);
  if (existsSync(join(root, '.done'))) return root;
  const debs = join(CACHE_DIR, 'debs');
  mkdirSync(debs, { recursive: true });
  try {
    if (!readdirSync(debs).some((file) => file.startsWith(`${name}_`))) {
      log(`  fetching the Debian package ${name} (apt-get download)…`);
      execFileSync('apt-get', ['download', name], { cwd: debs, stdio: ['ignore', 'ignore', 'pipe'] });
    }
    const deb = readdirSync(debs).find((file) => file.startsWith(`${name}_`) && file.endsWith('.deb'));
    if (!deb) throw new Error('no .deb after apt-get download');
    mkdirSync(root, { recursive: true });
    execFileSync('dpkg-deb', ['-x', join(debs, deb), root]);
    writeFileSync(join(root, '.done'), '');
    return root;
  } catch (error) {
    log(
      `  Real pictures from ${name} left out: ${error instanceof Error ? error.message.split('\n')[0] : error}.\n` +
        `  They need Debian's apt (apt-get download ${name}) and native ffmpeg; the other classes still run.`,
    );
    return null;
  }
}

function ffmpeg(args: string[]): void {
  execFileSync(NATIVE_FFMPEG_PATH, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

function realInput(picture: RealPicture, log: (line: string) => void): QualityInput | null {
  const dir = join(INPUTS, picture.id);
  const source = `${PACKAGES[picture.pkg].name}: ${picture.path}`;
  const done = join(dir, '.done');
  if (!existsSync(done)) {
    const root = unpackedPackage(picture.pkg, log);
    if (!root) return null;
    const file = join(root, PACKAGES[picture.pkg].root, picture.path);
    if (!existsSync(file)) {
      log(`  ${picture.id}: ${source} is not in this version of the package; left out.`);
      return null;
    }
    mkdirSync(dir, { recursive: true });
    const filter = [picture.filter, 'format=rgb24'].filter(Boolean).join(',');
    if (picture.video) {
      // Frames from the clip at its own size, as a user would export them.
      const { start, frames } = picture.video;
      ffmpeg(['-ss', String(start), '-i', file, '-frames:v', String(frames), '-vf', filter, join(dir, '%03d.png')]);
    } else if (picture.background) {
      const graph = `[0:v]split[a][b];[a]format=rgb24,drawbox=c=${picture.background}:t=fill[bg];[bg][b]overlay=format=rgb,${filter}`;
      ffmpeg(['-i', file, '-frames:v', '1', '-filter_complex', graph, join(dir, '001.png')]);
    } else {
      ffmpeg(['-i', file, '-frames:v', '1', '-vf', filter, join(dir, '001.png')]);
    }
    writeFileSync(done, '');
  }
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.png'))
    .sort()
    .map((file) => join(dir, file));
  return { id: picture.id, contentClass: picture.contentClass, source, files };
}

/** A photo under a soft vignette of alpha: edges fade out over a transparent page. */
function softAlpha(image: Rgba): Rgba {
  const { width, height } = image;
  const data = image.data.slice();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x - width / 2) / (width / 2);
      const dy = (y - height / 2) / (height / 2);
      const fade = Math.max(0, Math.min(1, (1 - Math.sqrt(dx * dx + dy * dy)) / 0.4));
      data[(y * width + x) * 4 + 3] = Math.round(255 * fade);
    }
  }
  return { width, height, data };
}

/** A UI screenshot with real text: supplied by the bench, which can photograph the app's own page. */
export type ScreenshotMaker = (file: string) => Promise<void>;

async function generatedInputs(screenshot: ScreenshotMaker | null): Promise<QualityInput[]> {
  const make = (id: string, contentClass: ContentClass, source: string, image: () => Rgba): QualityInput => {
    const file = join(INPUTS, id, '001.png');
    if (!existsSync(file)) {
      mkdirSync(join(INPUTS, id), { recursive: true });
      writeFileSync(file, encodePng(image(), { colorType: 6 }));
    }
    return { id, contentClass, source, files: [file] };
  };
  const inputs = [
    make('gradient-gen', 'gradient', 'generated: hue ramp', () => gradient(1024, 640, 0.6)),
    make('flat-ui-gen', 'flat', 'generated: flat UI', () => flatUi(1024, 640)),
    make('grain-gen', 'grain', 'generated: film grain', () => grain(1024, 640)),
    make('photo-alpha-gen', 'alpha', 'generated: photo-like, soft alpha vignette', () =>
      softAlpha(photoLike(800, 600)),
    ),
  ];
  if (screenshot) {
    const file = join(INPUTS, 'app-screenshot', '001.png');
    if (!existsSync(file)) {
      mkdirSync(join(INPUTS, 'app-screenshot'), { recursive: true });
      await screenshot(file);
    }
    inputs.push({
      id: 'app-screenshot',
      contentClass: 'screenshot',
      source: "this app's home page (Chromium)",
      files: [file],
    });
  }
  return inputs;
}

/** Soft alpha on a real photo, when the photo is there. */
function realAlphaInput(photos: readonly QualityInput[]): QualityInput | null {
  const astronaut = photos.find((input) => input.id === 'astronaut');
  if (!astronaut) return null;
  const file = join(INPUTS, 'astronaut-alpha', '001.png');
  if (!existsSync(file)) {
    mkdirSync(join(INPUTS, 'astronaut-alpha'), { recursive: true });
    writeFileSync(file, encodePng(softAlpha(decodePng(readFileSync(astronaut.files[0]!))), { colorType: 6 }));
  }
  return {
    id: 'astronaut-alpha',
    contentClass: 'alpha',
    source: 'astronaut with a soft alpha vignette',
    files: [file],
  };
}

/**
 * A picture the corpus cache already holds (an earlier `npm run bench:quality` wrote it), for the Node
 * measuring tools: its folder, its PNG files in frame order and their pixels.
 */
export function cachedInput(id: string): { dir: string; files: string[]; frames: Rgba[] } {
  const dir = join(INPUTS, id);
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.png'))
    .sort();
  return { dir, files, frames: files.map((file) => decodePng(readFileSync(join(dir, file)))) };
}

export async function qualityInputs(
  log: (line: string) => void,
  screenshot: ScreenshotMaker | null,
  only?: readonly string[],
): Promise<QualityInput[]> {
  mkdirSync(INPUTS, { recursive: true });
  const real = REAL_PICTURES.filter((p) => !only || only.includes(p.id) || only.includes('astronaut-alpha'))
    .map((picture) => realInput(picture, log))
    .filter((input): input is QualityInput => input !== null);
  const alpha = realAlphaInput(real);
  const all = [...real, ...(alpha ? [alpha] : []), ...(await generatedInputs(screenshot))];
  return only ? all.filter((input) => only.includes(input.id)) : all;
}
