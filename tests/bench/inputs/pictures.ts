import type { Rgba } from '../../fixtures/pngs';
import { createPrng, gaussianNoise } from './prng';

/** What a bench input looks like: a grainy photo or a flat user-interface screenshot. */
export type Content = 'photo' | 'screenshot';

export interface FrameSpec {
  content: Content;
  width: number;
  height: number;
  /** The scene's seed: frames of one animation share it and differ by `frame`. */
  seed: number;
  frame: number;
}

export function drawFrame(spec: FrameSpec): Rgba {
  return spec.content === 'photo' ? drawPhoto(spec) : drawScreenshot(spec);
}

const clampByte = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : Math.round(value));

interface Blob {
  x: number;
  y: number;
  radius: number;
  color: [number, number, number];
  strength: number;
}

/**
 * A photo-like picture: a smooth sky-to-ground gradient, soft coloured blobs, a few hard-edged
 * discs (objects) and per-frame grain. The camera pans between frames, and the grain changes,
 * as in a real video, so every frame is different and the palette must hold many colours.
 */
function drawPhoto({ width, height, seed, frame }: FrameSpec): Rgba {
  const scene = createPrng(seed);
  const grain = createPrng(seed * 7919 + frame + 1);
  const scale = Math.min(width, height);
  const blobs: Blob[] = Array.from({ length: 6 }, () => ({
    x: scene() * width,
    y: scene() * height,
    radius: (0.1 + scene() * 0.25) * scale,
    color: [scene() * 255, scene() * 255, scene() * 255],
    strength: 0.5 + scene() * 0.5,
  }));
  const discs = Array.from({ length: 4 }, () => ({
    x: scene() * width,
    y: height * (0.5 + scene() * 0.4),
    radius: (0.04 + scene() * 0.08) * scale,
    color: [scene() * 120, scene() * 120, scene() * 120] as const,
  }));
  const top = [40 + scene() * 80, 90 + scene() * 80, 170 + scene() * 80];
  const bottom = [120 + scene() * 100, 90 + scene() * 60, 40 + scene() * 60];
  const pan = frame * width * 0.01;

  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const v = y / (height - 1 || 1);
    for (let x = 0; x < width; x++) {
      const sx = x + pan;
      let r = top[0]! + (bottom[0]! - top[0]!) * v;
      let g = top[1]! + (bottom[1]! - top[1]!) * v;
      let b = top[2]! + (bottom[2]! - top[2]!) * v;
      for (const blob of blobs) {
        const d2 = ((sx - blob.x) ** 2 + (y - blob.y) ** 2) / (blob.radius * blob.radius);
        if (d2 > 9) continue;
        const w = blob.strength * Math.exp(-d2);
        r += (blob.color[0] - r) * w;
        g += (blob.color[1] - g) * w;
        b += (blob.color[2] - b) * w;
      }
      for (const disc of discs) {
        if ((sx - disc.x) ** 2 + (y - disc.y) ** 2 < disc.radius * disc.radius) {
          [r, g, b] = disc.color;
        }
      }
      const noise = gaussianNoise(grain, 6);
      const i = (y * width + x) * 4;
      data[i] = clampByte(r + noise + gaussianNoise(grain, 2));
      data[i + 1] = clampByte(g + noise + gaussianNoise(grain, 2));
      data[i + 2] = clampByte(b + noise + gaussianNoise(grain, 2));
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

/**
 * A screenshot-like picture: flat greys, a header, a sidebar, white cards with borders, blue
 * buttons and rows of text-like glyph strokes. Between frames the content scrolls and a cursor moves.
 */
function drawScreenshot({ width, height, seed, frame }: FrameSpec): Rgba {
  const random = createPrng(seed);
  const data = new Uint8Array(width * height * 4);
  const fill = (x0: number, y0: number, w: number, h: number, [r, g, b]: readonly number[]) => {
    const xs = Math.max(0, Math.floor(x0));
    const ys = Math.max(0, Math.floor(y0));
    const xe = Math.min(width, Math.floor(x0 + w));
    const ye = Math.min(height, Math.floor(y0 + h));
    for (let y = ys; y < ye; y++) {
      for (let x = xs; x < xe; x++) {
        const i = (y * width + x) * 4;
        data[i] = r!;
        data[i + 1] = g!;
        data[i + 2] = b!;
        data[i + 3] = 255;
      }
    }
  };
  const unit = Math.max(1, Math.round(height / 540));
  const header = 48 * unit;
  const sidebar = Math.round(width * 0.18);
  fill(0, 0, width, height, [241, 243, 245]);
  fill(0, 0, width, header, [33, 37, 41]);
  fill(0, header, sidebar, height - header, [222, 226, 230]);

  // Sidebar entries stay put.
  for (let row = 0; row < 12; row++) {
    drawText(random, fill, 16 * unit, header + (20 + row * 28) * unit, sidebar * 0.7, unit, [73, 80, 87]);
  }

  // The content area scrolls by a few lines per frame; the layout draws its own numbers, so
  // scrolling moves the same page instead of reshuffling it.
  const scroll = frame * 14 * unit;
  const layout = createPrng(seed + 1);
  let lineSeed = seed * 1000;
  let top = header + 16 * unit - scroll;
  const left = sidebar + 24 * unit;
  const cardWidth = width - left - 24 * unit;
  while (top < height) {
    const cardHeight = (80 + Math.floor(layout() * 140)) * unit;
    fill(left - unit, top - unit, cardWidth + 2 * unit, cardHeight + 2 * unit, [206, 212, 218]);
    fill(left, top, cardWidth, cardHeight, [255, 255, 255]);
    for (let line = top + 14 * unit; line + 12 * unit < top + cardHeight - 40 * unit; line += 20 * unit) {
      const lineWidth = cardWidth * (0.5 + layout() * 0.4);
      drawText(createPrng(lineSeed++), fill, left + 16 * unit, line, lineWidth, unit, [52, 58, 64]);
    }
    fill(left + 16 * unit, top + cardHeight - 36 * unit, 96 * unit, 26 * unit, [28, 126, 214]);
    top += cardHeight + 16 * unit;
  }
  fill(0, 0, width, header, [33, 37, 41]);
  drawText(createPrng(seed + 2), fill, 16 * unit, 16 * unit, sidebar * 0.6, unit, [248, 249, 250]);

  // A mouse cursor travelling across the page.
  const cursorX = width * (0.3 + 0.05 * frame);
  const cursorY = height * (0.4 + 0.03 * frame);
  for (let row = 0; row < 18 * unit; row++) fill(cursorX, cursorY + row, Math.ceil(row * 0.6) + unit, 1, [0, 0, 0]);
  return { width, height, data };
}

type Fill = (x: number, y: number, w: number, h: number, color: readonly number[]) => void;

/** Words of 1 px strokes shaped like glyphs (verticals, bars, dots), as in a font rendered without smoothing. */
function drawText(
  random: () => number,
  fill: Fill,
  x0: number,
  y0: number,
  maxWidth: number,
  unit: number,
  color: readonly number[],
): void {
  const glyphWidth = 6 * unit;
  const glyphHeight = 9 * unit;
  let x = x0;
  while (x < x0 + maxWidth) {
    const letters = 2 + Math.floor(random() * 8);
    for (let l = 0; l < letters; l++) {
      const shape = Math.floor(random() * 16);
      if (shape & 1) fill(x, y0, unit, glyphHeight, color);
      if (shape & 2) fill(x + glyphWidth - 2 * unit, y0, unit, glyphHeight, color);
      if (shape & 4) fill(x, y0, glyphWidth - unit, unit, color);
      if (shape & 8) fill(x, y0 + glyphHeight - unit, glyphWidth - unit, unit, color);
      fill(x, y0 + Math.floor(glyphHeight / 2), glyphWidth - unit, unit, color);
      x += glyphWidth + unit;
    }
    x += 4 * unit;
  }
}
