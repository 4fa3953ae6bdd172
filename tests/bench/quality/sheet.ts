/**
 * Contact sheets: 1:1 crops of each picture's smoothest region (where bands and dither noise show) and
 * busiest region (where detail is lost), the source beside every recipe, so eyes can judge what the
 * scores miss. Assembled with ImageMagick's montage; without it the crops stay as separate PNGs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodePng, type Rgba } from '../../fixtures/pngs';
import { onBackground } from './scores';

export const CROP = 160;
const MONTAGE = '/usr/bin/montage';

export interface Region {
  x: number;
  y: number;
}

/**
 * Tiles of CROP px scored by mean absolute luma step to the right and below: the smoothest tile that is
 * not flat (a ramp, a sky) and the busiest one.
 */
export function regions(reference: Rgba): { smooth: Region; busy: Region } {
  const { width, height, data } = reference;
  const lumaAt = (x: number, y: number) => {
    const i = (y * width + x) * 4;
    return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  };
  let smooth: (Region & { score: number }) | null = null;
  let busy: (Region & { score: number }) | null = null;
  const step = CROP / 2;
  for (let y = 0; y + CROP <= height; y += step) {
    for (let x = 0; x + CROP <= width; x += step) {
      let sum = 0;
      let min = 255;
      let max = 0;
      for (let v = y; v < y + CROP - 1; v += 2) {
        for (let u = x; u < x + CROP - 1; u += 2) {
          const here = lumaAt(u, v);
          sum += Math.abs(lumaAt(u + 1, v) - here) + Math.abs(lumaAt(u, v + 1) - here);
          min = Math.min(min, here);
          max = Math.max(max, here);
        }
      }
      const score = sum / (CROP * CROP);
      // A ramp spans at least 6 levels; flat tiles cannot band.
      if (max - min >= 6 && (!smooth || score < smooth.score)) smooth = { x, y, score };
      if (!busy || score > busy.score) busy = { x, y, score };
    }
  }
  const fallback = { x: 0, y: 0, score: 0 };
  return { smooth: smooth ?? busy ?? fallback, busy: busy ?? fallback };
}

export function crop(image: Rgba, region: Region): Rgba {
  const w = Math.min(CROP, image.width - region.x);
  const h = Math.min(CROP, image.height - region.y);
  const flat = onBackground(image);
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    const from = ((region.y + y) * image.width + region.x) * 4;
    data.set(flat.data.subarray(from, from + w * 4), y * w * 4);
  }
  return { width: w, height: h, data };
}

export interface SheetRow {
  label: string;
  /** Column label → picture at the output size. */
  pictures: { label: string; image: Rgba }[];
}

/** One PNG: a row per picture and region, a column per recipe, every crop at 1:1. */
export function writeSheet(file: string, rows: readonly SheetRow[], workDir: string): boolean {
  mkdirSync(workDir, { recursive: true });
  const tiles: string[] = [];
  const columns = Math.max(0, ...rows.map((row) => row.pictures.length));
  rows.forEach((row, r) => {
    row.pictures.forEach((picture, c) => {
      const tile = join(workDir, `${String(r).padStart(3, '0')}-${c}.png`);
      writeFileSync(tile, encodePng(picture.image, { colorType: 2 }));
      tiles.push('-label', `${row.label}\n${picture.label}`, tile);
    });
    // A row with fewer recipes (a column only some pictures get) is filled up, so the grid stays aligned.
    for (let c = row.pictures.length; c < columns; c++) tiles.push('-label', '', 'null:');
  });
  if (!existsSync(MONTAGE)) return false;
  execFileSync(MONTAGE, [
    ...tiles,
    '-tile', `${columns}x`,
    '-geometry', '+4+4',
    '-pointsize', '11',
    '-background', 'white',
    file,
  ]); // prettier-ignore
  return true;
}
