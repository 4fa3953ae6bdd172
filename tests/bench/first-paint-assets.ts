import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface AssetSize {
  path: string;
  bytes: number;
  gzipBytes: number;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];

/** The entry script, module preloads and stylesheets that dist/index.html names. */
export function htmlAssets(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    if (/^<script/i.test(tag)) {
      const src = attribute(tag, 'src');
      if (src && /type\s*=\s*["']module["']/i.test(tag)) found.push(src);
      continue;
    }
    const rel = attribute(tag, 'rel')?.toLowerCase();
    const href = attribute(tag, 'href');
    if (href && (rel === 'stylesheet' || rel === 'modulepreload')) found.push(href);
  }
  return found;
}

/** Static `import … from "./x.js"` and `import "./x.js"` of a (minified) module; `import()` is left out. */
export function staticImports(code: string, importerPath: string): string[] {
  const imports: string[] = [];
  const pattern = /(?:^|[^.\w$])import\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.m?js)["']/g;
  for (const match of code.matchAll(pattern)) {
    imports.push(new URL(match[1]!, `http://app${importerPath}`).pathname);
  }
  return imports;
}

/**
 * What the first paint needs, as the browser gets it: the JS and CSS of index.html plus, recursively,
 * every static import of that JS. Lazily loaded routes, workers and the wasm core are not counted.
 * gzip at zlib's default level, as Vite's build report does.
 */
export function firstPaintAssets(distDir: string): AssetSize[] {
  const read = (path: string) => readFileSync(join(distDir, path));
  const pending = htmlAssets(read('index.html').toString('utf8')).map((path) => new URL(path, 'http://app/').pathname);
  const seen = new Set<string>();
  const sizes: AssetSize[] = [];
  while (pending.length > 0) {
    const path = pending.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const bytes = read(path);
    sizes.push({ path, bytes: bytes.length, gzipBytes: gzipSync(bytes).length });
    if (/\.m?js$/.test(path)) pending.push(...staticImports(bytes.toString('utf8'), path));
  }
  return sizes;
}
