import type { Rgba } from '../../fixtures/pngs';
import { createPrng, gaussianNoise } from './prng';

/** What a bench input looks like: a grainy photo, a flat user-interface screenshot or a test card. */
export type Content = 'photo' | 'screenshot' | 'testcard';

export interface FrameSpec {
  content: Content;
  width: number;
  height: number;
  /** The scene's seed: frames of one animation share it and differ by `frame`. */
  seed: number;
  frame: number;
}

export function drawFrame(spec: FrameSpec): Rgba {
  if (spec.content === 'testcard') return drawTestCard(spec);
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

/**
 * A test card without grain: flat colour bars, a grey ramp and a hue ramp, a radial gradient, a panel of
 * text-like strokes, and shapes that move from frame to frame (a disc across, a square down, a bar that
 * sweeps): what a screen recording, a slide or a rendered clip looks like to the palette and the encoder.
 */
function drawTestCard({ width, height, seed, frame }: FrameSpec): Rgba {
  const data = new Uint8Array(width * height * 4);
  const put = (x: number, y: number, r: number, g: number, b: number) => {
    const i = (y * width + x) * 4;
    data[i] = clampByte(r);
    data[i + 1] = clampByte(g);
    data[i + 2] = clampByte(b);
    data[i + 3] = 255;
  };
  const fill = (x0: number, y0: number, w: number, h: number, [r, g, b]: readonly number[]) => {
    const xe = Math.min(width, Math.floor(x0 + w));
    const ye = Math.min(height, Math.floor(y0 + h));
    for (let y = Math.max(0, Math.floor(y0)); y < ye; y++)
      for (let x = Math.max(0, Math.floor(x0)); x < xe; x++) put(x, y, r!, g!, b!);
  };
  const bars = [
    [192, 192, 192],
    [192, 192, 0],
    [0, 192, 192],
    [0, 192, 0],
    [192, 0, 192],
    [192, 0, 0],
    [0, 0, 192],
    [16, 16, 16],
  ];
  const barsBottom = Math.round(height * 0.4);
  bars.forEach((colour, i) => fill((i * width) / bars.length, 0, width / bars.length + 1, barsBottom, colour));
  // A grey ramp and a hue ramp under the bars.
  const greyBottom = Math.round(height * 0.5);
  const hueBottom = Math.round(height * 0.6);
  for (let y = barsBottom; y < hueBottom; y++) {
    for (let x = 0; x < width; x++) {
      const t = x / (width - 1 || 1);
      if (y < greyBottom) put(x, y, t * 255, t * 255, t * 255);
      else put(x, y, 127.5 + 127.5 * Math.cos(2 * Math.PI * t), 127.5 + 127.5 * Math.cos(2 * Math.PI * (t - 1 / 3)),
        127.5 + 127.5 * Math.cos(2 * Math.PI * (t - 2 / 3))); // prettier-ignore
    }
  }
  // The lower part: a dark blue field with a radial glow on the right, a white text panel on the left.
  const cx = width * 0.75;
  const cy = (hueBottom + height) / 2;
  const glow = (height - hueBottom) * 0.6;
  for (let y = hueBottom; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.min(1, Math.hypot(x - cx, y - cy) / glow);
      put(x, y, 20 + 200 * (1 - d), 30 + 120 * (1 - d), 80 + 60 * (1 - d));
    }
  }
  const unit = Math.max(1, Math.round(height / 540));
  const panelTop = hueBottom + 12 * unit;
  fill(12 * unit, panelTop, width * 0.45, height - panelTop - 12 * unit, [250, 250, 250]);
  const text = createPrng(seed);
  for (let line = panelTop + 10 * unit; line + 12 * unit < height - 20 * unit; line += 18 * unit) {
    drawText(text, fill, 22 * unit, line, width * 0.45 - 80 * unit, unit, [30, 30, 30]);
  }
  // Moving shapes: a disc crossing the bars, a square falling through the ramps, a sweeping white bar.
  const discR = height * 0.08;
  const discX = width * (0.1 + 0.08 * frame);
  const discY = height * 0.2;
  for (let y = Math.floor(discY - discR); y < discY + discR; y++)
    for (let x = Math.floor(discX - discR); x < discX + discR; x++)
      if (x >= 0 && y >= 0 && x < width && y < height && (x - discX) ** 2 + (y - discY) ** 2 < discR * discR)
        put(x, y, 255, 140, 0);
  const side = height * 0.1;
  fill(width * 0.55, height * 0.05 + frame * height * 0.06, side, side, [255, 255, 255]);
  fill(((frame * 0.1) % 1) * width, hueBottom, width * 0.02, height - hueBottom, [240, 240, 240]);
  return { width, height, data };
}
