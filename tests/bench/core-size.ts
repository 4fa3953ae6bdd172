import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface CoreSizes {
  /** The engine core's .wasm files as built into dist/assets (raw and gzip -6). */
  wasmBytes: number;
  wasmGzipBytes: number;
  /** What the service worker precaches before the app works offline: the files its manifest lists. */
  precacheBytes: number;
  precacheEntries: number;
}

/** Every `{url:"…"}` of the Workbox precache manifest that vite-plugin-pwa writes into sw.js. */
export function precacheUrls(serviceWorker: string): string[] {
  return [...serviceWorker.matchAll(/\{url:"([^"]+)"/g)].map((match) => match[1]!);
}

export function coreSizes(distDir: string): CoreSizes {
  const assets = join(distDir, 'assets');
  const wasm = readdirSync(assets).filter((name) => name.endsWith('.wasm'));
  const urls = precacheUrls(readFileSync(join(distDir, 'sw.js'), 'utf8'));
  return {
    wasmBytes: wasm.reduce((sum, name) => sum + statSync(join(assets, name)).size, 0),
    wasmGzipBytes: wasm.reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name))).length, 0),
    precacheBytes: urls.reduce((sum, url) => sum + statSync(join(distDir, url)).size, 0),
    precacheEntries: urls.length,
  };
}
