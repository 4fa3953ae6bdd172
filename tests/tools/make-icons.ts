/**
 * Rasterises public/favicon.svg into the PNG icons the web app manifest and iOS ask for, with the
 * Chromium the end-to-end tests use. Run after changing the logo: `npx tsx tests/tools/make-icons.ts`, then
 * `zopflipng -m -y` on each file (Debian package `zopfli`; lossless, a third smaller, and every file is precached).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromiumInstalled } from '../browser';

const PUBLIC_DIR = fileURLToPath(new URL('../../public/', import.meta.url));
const logo = readFileSync(join(PUBLIC_DIR, 'favicon.svg'), 'utf8');
const background = /<rect[^>]*fill="([^"]+)"/.exec(logo)?.[1] ?? '#1c7ed6';
/** The logo's letters without its rounded tile, to lay on a full-bleed background. */
const glyphs = logo.replace(/<rect[^>]*\/>/, '').replace(/<\/?svg[^>]*>/g, '');

interface Icon {
  file: string;
  size: number;
  /** 'tile': the logo as is (transparent corners); 'bleed': letters scaled by `glyphScale` on a full square. */
  style: 'tile' | 'bleed';
  glyphScale?: number;
}

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, style: 'tile' },
  { file: 'icon-512.png', size: 512, style: 'tile' },
  // Maskable: platforms crop to a circle of 80% diameter; the letters stay inside it.
  { file: 'icon-maskable-512.png', size: 512, style: 'bleed', glyphScale: 0.75 },
  // iOS rounds the corners itself and paints transparent pixels black: full bleed.
  { file: 'apple-touch-icon-180.png', size: 180, style: 'bleed', glyphScale: 0.9 },
];

function svgFor(icon: Icon): string {
  if (icon.style === 'tile') return logo.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
  const scale = icon.glyphScale ?? 1;
  const offset = (64 * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${icon.size}" height="${icon.size}">
  <rect width="64" height="64" fill="${background}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">${glyphs}</g></svg>`;
}

async function main(): Promise<void> {
  assertChromiumInstalled();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svgFor(icon)}</body></html>`);
    await page
      .locator('svg')
      .screenshot({ path: join(PUBLIC_DIR, 'icons', icon.file), omitBackground: true, type: 'png' });
    console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
  await browser.close();
}

await main();
