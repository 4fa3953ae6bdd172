import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { NATIVE_FFMPEG_PATH } from '../native-ffmpeg';
import { INPUTS_DIR } from '../paths';

/**
 * Real pictures from outside the project, fetched by the bench (never committed): Debian's
 * plasma-workspace-wallpapers (KDE Plasma 5.27, photographs under CC-BY-SA / rendered artwork). apt
 * fetches it through the machine's own configuration, dpkg-deb unpacks it without installing it.
 */
export const DEBIAN_PACKAGE = 'plasma-workspace-wallpapers';
const WALLPAPERS = 'usr/share/wallpapers';

/** Real photographs (lake, leaves, forest, moss, dusk sky, sky, boats, architecture, water, night). */
export const PHOTOS = [
  'Path',
  'FallenLeaf',
  'BytheWater',
  'OneStandsOut',
  'summer_1am',
  'Kite',
  'EveningGlow',
  'Grey',
  'ColdRipple',
  'DarkestHour',
] as const;
/** Rendered smooth gradients (5120x2880 or 3840x2160 artwork): banding shows at once on them. */
export const GRADIENTS = [
  'Volna',
  'Flow',
  'Shell',
  'Honeywave',
  'IceCold',
  'Opal',
  'Cascade',
  'MilkyWay',
  'Altai',
  'Kay',
] as const;

export const debianMissingHint = (why: string) =>
  `Could not fetch ${DEBIAN_PACKAGE} (${why}): the photo and gradient cases need it.\n` +
  `  apt-get download ${DEBIAN_PACKAGE} must work (apt-get update first).`;

/** The unpacked package, downloaded once into bench-results/inputs/debian. */
export function debianWallpapers(): string {
  const dir = join(INPUTS_DIR, 'debian');
  const root = join(dir, 'root');
  if (existsSync(join(root, WALLPAPERS))) return join(root, WALLPAPERS);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  process.stdout.write(`  fetching ${DEBIAN_PACKAGE} with apt-get download…`);
  execFileSync('apt-get', ['download', DEBIAN_PACKAGE], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const deb = readdirSync(dir).find((name) => name.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download left no .deb in ${dir}`);
  execFileSync('dpkg-deb', ['-x', join(dir, deb), root]);
  rmSync(join(dir, deb));
  process.stdout.write(' done\n');
  return join(root, WALLPAPERS);
}

/** The largest picture a wallpaper ships (they come in many sizes). */
export function largestPicture(wallpapers: string, name: string): string {
  const dir = join(wallpapers, name, 'contents', 'images');
  const pixels = (file: string) => {
    const match = /^(\d+)x(\d+)\./.exec(file);
    return match ? Number(match[1]) * Number(match[2]) : 0;
  };
  const best = readdirSync(dir).sort((a, b) => pixels(b) - pixels(a))[0];
  if (!best) throw new Error(`no picture in ${dir}`);
  return join(dir, best);
}

/**
 * One PNG of `width`x`height` cut from `source` by native ffmpeg: the picture is scaled (lanczos) to cover
 * `zoom` times the frame, then a frame-sized window is taken at (`pan`·(free space)), 0 ≤ pan ≤ 1: frames
 * of one animation pan across the scene like a camera.
 */
export function cutPicture(
  source: string,
  output: string,
  size: { width: number; height: number },
  view: { zoom: number; panX: number; panY: number },
): void {
  const coverW = Math.ceil(size.width * view.zoom);
  const coverH = Math.ceil(size.height * view.zoom);
  const filter =
    `scale=${coverW}:${coverH}:force_original_aspect_ratio=increase:flags=lanczos,` +
    `crop=${size.width}:${size.height}:(iw-${size.width})*${view.panX.toFixed(4)}:(ih-${size.height})*${view.panY.toFixed(4)},` +
    'format=rgb24';
  execFileSync(
    NATIVE_FFMPEG_PATH,
    ['-hide_banner', '-loglevel', 'error', '-y', '-i', source, '-vf', filter, '-frames:v', '1', output],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}
