import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { decodePng } from '../fixtures/pngs';

const headersFile = readFileSync(new URL('../../public/_headers', import.meta.url), 'utf8');
const CSP = /Content-Security-Policy: (.+)/.exec(headersFile)![1]!;

test('npm start sends the deployment headers: a strict CSP everywhere, immutable hashed assets, fresh entry points', async ({
  request,
  page,
}) => {
  await page.goto('/');
  const scriptPath = await page.locator('script[type="module"]').getAttribute('src');
  expect(scriptPath).toMatch(/^\/assets\/index-[\w-]+\.js$/);

  for (const path of ['/', '/feedback', scriptPath!, '/sw.js', '/manifest.webmanifest']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-security-policy'], path).toBe(CSP);
    expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
  }
  expect((await request.get(scriptPath!)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  for (const path of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
    expect((await request.get(path)).headers()['cache-control'], path).toBe('no-cache');
  }
});

test('the web app manifest makes the app installable, with real icons at the declared sizes', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const manifestPath = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await request.get(manifestPath!)).json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'PNG to GIF Converter',
    short_name: 'PNG to GIF',
    start_url: '/',
    display: 'standalone',
    theme_color: await page.locator('meta[name="theme-color"]').getAttribute('content'),
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);

  const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const icons = [...manifest.icons, { src: appleTouchIcon!, sizes: '180x180', type: 'image/png' }];
  for (const icon of icons) {
    const response = await request.get(icon.src);
    expect(response.headers()['content-type'], icon.src).toBe('image/png');
    const png = decodePng(await response.body());
    expect(`${png.width}x${png.height}`, icon.src).toBe(icon.sizes);
  }
  // A maskable icon fills its square: platforms crop it to any shape, so its corners are not transparent.
  const maskable = decodePng(
    await (await request.get(manifest.icons.find((i) => i.purpose === 'maskable')!.src)).body(),
  );
  expect(maskable.data[3]).toBe(255);
});
