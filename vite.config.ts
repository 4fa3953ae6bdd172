/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
import { build, defineConfig, minify, type Plugin, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { headersForPath, parseHeadersFile } from './src/features/offline/deploy/static-headers.ts';
import { wasmAssetsGuard } from './wasm-assets/vite-plugin.ts';

const OUT_DIR = 'dist';
const THEME_COLOR = '#1c7ed6';
/** Where the site is deployed: sitemap.xml and robots.txt need absolute URLs. */
const SITE_ORIGIN = (process.env.SITE_ORIGIN ?? 'http://127.0.0.1:4173').replace(/\/$/, '');

/**
 * `npm start` sends the headers of public/_headers, the file static hosts read: one source for both. Like
 * those hosts, it answers a page's path with its prerendered HTML (Vite's own `/terms` → `terms.html`) and
 * any other page path with 404.html, status 404 (Vite's would be index.html, the home page).
 */
function staticHostHeaders(): Plugin {
  return {
    name: 'static-host-headers',
    configurePreviewServer(server) {
      const rules = parseHeadersFile(readFileSync(new URL('./public/_headers', import.meta.url), 'utf8'));
      const outDir = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, res, next) => {
        const pathname = new URL(req.url ?? '/', 'http://preview').pathname;
        for (const [name, value] of headersForPath(rules, pathname)) res.setHeader(name, value);
        const page = pathname !== '/' && !pathname.split('/').at(-1)!.includes('.');
        if (req.method === 'GET' && page && !existsSync(join(outDir, `${pathname.replace(/\/$/, '')}.html`))) {
          const notFound = join(outDir, '404.html');
          if (existsSync(notFound)) {
            res.statusCode = 404;
            res.setHeader('Content-Type', 'text/html');
            res.end(readFileSync(notFound));
            return;
          }
        }
        next();
      });
    },
  };
}

/** The SSR build renders pages, it registers no service worker: vite-plugin-pwa's module is a no-op there. */
function noServiceWorkerInSsr(): Plugin {
  const id = 'virtual:pwa-register';
  return {
    name: 'no-service-worker-in-ssr',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (loaded) => (loaded === `\0${id}` ? 'export const registerSW = () => () => {};' : undefined),
  };
}

/** The client build's plugins, or the prerender's SSR build's few. */
function pluginsFor(isSsrBuild: boolean | undefined, client: PluginOption[]): PluginOption[] {
  return isSsrBuild ? [react(), noServiceWorkerInSsr()] : client;
}

interface ServerEntry {
  PRERENDERED_PAGES: { file: string; path: string }[];
  renderPage(path: string): Promise<{ html: string; route: string; head: { title?: string; description?: string } }>;
  colorSchemeScript(): string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The CSP of public/_headers must allow the one inline script, the colour scheme's, by its hash. */
function assertScriptHashAllowed(scriptTag: string): void {
  const body = /^<script[^>]*>([\s\S]*)<\/script>$/.exec(scriptTag)?.[1];
  if (body === undefined) throw new Error(`not one script element: ${scriptTag}`);
  const hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
  const headers = readFileSync(new URL('./public/_headers', import.meta.url), 'utf8');
  if (!headers.includes(hash)) throw new Error(`public/_headers: the CSP's script-src must list ${hash}`);
}

/**
 * Every route's first screen in its HTML: after the client build, an SSR build of src/entry-server.tsx renders
 * each page into a copy of index.html (title, meta description, #root's markup and the route it shows), with
 * Mantine's colour-scheme script so that a dark page never flashes light; main.tsx hydrates it. It runs before
 * the service worker is generated, so every page is in the precache. Also writes sitemap.xml and robots.txt.
 */
function prerenderPages(): Plugin {
  let root = '';
  let configFile: string | undefined;
  return {
    name: 'prerender-pages',
    apply: (config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      configFile = config.configFile;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const ssrDir = join(root, 'node_modules/.cache/prerender');
        await build({
          configFile,
          root,
          logLevel: 'warn',
          publicDir: false,
          build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, minify: false },
        });
        // No cache-busting query: the lazy pages' chunks import the entry by its plain URL, one module instance.
        const entry = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as ServerEntry;
        const outDir = join(root, OUT_DIR);
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        const script = entry.colorSchemeScript();
        assertScriptHashAllowed(script);
        for (const { file, path } of entry.PRERENDERED_PAGES) {
          const { html, route, head } = await entry.renderPage(path);
          if (html.includes('<script'))
            throw new Error(`${path}: the CSP allows no inline script but the colour scheme's`);
          let page = template
            .replace('<div id="root"></div>', `<div id="root" data-route="${escapeHtml(route)}" inert>${html}</div>`)
            .replace(/<meta charset="UTF-8" \/>/, (charset) => `${charset}\n    ${script}`);
          if (head.title) page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
          if (head.description) {
            page = page.replace(
              /(<meta\s+name="description"\s+content=")[^"]*(")/,
              `$1${escapeHtml(head.description)}$2`,
            );
          }
          if (!page.includes(`data-route=`)) throw new Error(`index.html has no empty <div id="root"></div>`);
          writeFileSync(join(outDir, file), page);
        }
        const urls = entry.PRERENDERED_PAGES.filter(({ file }) => file !== '404.html').map(({ path }) => path);
        writeFileSync(
          join(outDir, 'sitemap.xml'),
          [
            '<?xml version="1.0" encoding="UTF-8"?>',
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
            ...urls.map((path) => `  <url><loc>${escapeHtml(SITE_ORIGIN + path)}</loc></url>`),
            '</urlset>',
            '',
          ].join('\n'),
        );
        writeFileSync(join(outDir, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${SITE_ORIGIN}/sitemap.xml\n`);
      },
    },
  };
}

/**
 * Offline means every emitted file is in the precache: the chunks of every route, the ffmpeg worker
 * and the ffmpeg core. A glob or size limit that leaves one out would only show when offline, so the build fails.
 */
const precacheEveryAsset = async <Entry extends { url: string }>(entries: Entry[]) => {
  const precached = new Set(entries.map((entry) => entry.url));
  const missing = readdirSync(`${OUT_DIR}/assets`)
    .map((name) => `assets/${name}`)
    .filter((url) => !precached.has(url));
  if (missing.length > 0) throw new Error(`These assets are not precached, the app would break offline: ${missing}`);
  return { manifest: entries, warnings: [] };
};

/**
 * React Router 7's package exports name only its development build, in production too (its issue #14102):
 * dev-only warnings and checks would ship, 12 KB more. The build takes the production files it also ships.
 */
function reactRouterProductionBuild(command: 'build' | 'serve') {
  if (command !== 'build') return [];
  const dist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
  return [
    { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
  ];
}

/**
 * workbox-window's package names its ES5 build as its module: every browser the app runs in takes the
 * ES2017 build it also ships, 2.4 KB smaller in the first paint and the precache.
 */
function workboxWindowModernBuild(command: 'build' | 'serve') {
  if (command !== 'build') return [];
  const build = join(dirname(createRequire(import.meta.url).resolve('workbox-window/package.json')), 'build');
  return [{ find: /^workbox-window$/, replacement: join(build, 'workbox-window.prod.mjs') }];
}

/**
 * public/ is copied as it is: the service worker's share-target script keeps its comments in the source
 * and ships minified (1.5 KB less in every precache). It runs before the service worker is generated, so
 * the precache revision is the shipped file's.
 */
function minifyPublicScripts(names: string[]): Plugin {
  return {
    name: 'minify-public-scripts',
    apply: 'build',
    async writeBundle(options) {
      for (const name of names) {
        const path = join(options.dir ?? OUT_DIR, name);
        const { code, errors } = await minify(name, readFileSync(path, 'utf8'), {
          compress: true,
          mangle: { toplevel: false },
        });
        if (errors.length > 0) throw new Error(`${name}: ${errors.map((e) => e.message).join('; ')}`);
        writeFileSync(path, code);
      }
    },
  };
}

/**
 * The build's side of @ffmpeg/ffmpeg as the engine's host (the whole picture: runtime/ffmpeg-instance.ts).
 * The engine always gives the library its own worker, so the library's default one, which Vite would bundle
 * from `new Worker(new URL('./worker.js', …))`, is left out (the build fails if the library's code changes
 * shape). The dev server serves the package as it is: pre-bundled, its worker entry would be found only once
 * the engine's worker starts, and the page reloaded.
 */
function ffmpegHost(): Plugin {
  const DEFAULT_WORKER = /new Worker\(new URL\("\.\/worker\.js", import\.meta\.url\), \{\s*type: "module",?\s*\}\)/;
  return {
    name: 'ffmpeg-host',
    config: () => ({ optimizeDeps: { exclude: ['@ffmpeg/ffmpeg'] } }),
    transform: {
      filter: { id: /[\\/]@ffmpeg[\\/]ffmpeg[\\/]dist[\\/]esm[\\/]classes\.js$/ },
      handler(code) {
        if (!DEFAULT_WORKER.test(code)) this.error('@ffmpeg/ffmpeg no longer creates its default worker as expected');
        return code.replace(DEFAULT_WORKER, 'null');
      },
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The prerender's SSR build needs only React, the shared settings below and no service worker.
  plugins: pluginsFor(isSsrBuild, [
    react(),
    wasmAssetsGuard(),
    ffmpegHost(),
    minifyPublicScripts(['share-target-sw.js']),
    VitePWA({
      // The user decides when a new version takes over ('A new version is available'), never mid-conversion.
      registerType: 'prompt',
      injectRegister: false,
      // The icons are precached by the glob below, the manifest by the plugin itself: list each once.
      includeManifestIcons: false,
      manifest: {
        name: 'PNG to GIF Converter',
        short_name: 'PNG to GIF',
        description: 'Convert PNG images to static or animated GIFs in your browser, even offline.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        // The installed app opens PNGs from the operating system (launchQueue) and receives them from
        // other apps' share sheets (public/share-target-sw.js hands them to the page).
        file_handlers: [{ action: '/', accept: { 'image/png': ['.png', '.apng'] } }],
        share_target: {
          action: '/share-target',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { files: [{ name: 'images', accept: ['image/png', '.png', '.apng'] }] },
        },
        launch_handler: { client_mode: 'focus-existing' },
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // txt: the licence texts the licences dialog links to, readable offline too.
        globPatterns: ['**/*.{html,js,css,wasm,svg,png,ico,woff2,txt}'],
        // The engine core's wasm (~1.4 MB) fits Workbox's 2 MiB per-file default; a bigger core would be left
        // out of the precache silently, which the offline e2e test catches.
        manifestTransforms: [precacheEveryAsset],
        // Each page's own HTML is precached (`/terms` finds terms.html); any other path is the not-found page.
        navigateFallback: '404.html',
        // `/?pool=2` or a share target's hand-over is still the home page's HTML, not the not-found page's.
        ignoreURLParametersMatching: [/.*/],
        cleanupOutdatedCaches: true,
        // The first visit's tab is served by the service worker as soon as it is ready, so it keeps working offline.
        clientsClaim: true,
        inlineWorkboxRuntime: true,
        // The share target's POST handler; Workbox's routes only answer GET requests.
        importScripts: ['/share-target-sw.js'],
      },
    }),
    staticHostHeaders(),
    prerenderPages(),
  ]),
  css: {
    postcss: {
      plugins: [
        postcssPresetMantine(),
        postcssSimpleVars({
          variables: {
            'mantine-breakpoint-xs': '36em',
            'mantine-breakpoint-sm': '48em',
            'mantine-breakpoint-md': '62em',
            'mantine-breakpoint-lg': '75em',
            'mantine-breakpoint-xl': '88em',
          },
        }),
      ],
    },
  },
  resolve: {
    alias: [
      { find: '@', replacement: new URL('./src', import.meta.url).pathname },
      ...reactRouterProductionBuild(command),
      ...workboxWindowModernBuild(command),
    ],
  },
  worker: { format: 'es' },
  build: {
    outDir: OUT_DIR,
    target: 'es2022',
    // Every browser the app runs in (module workers, wasm SIMD) supports <link rel="modulepreload">,
    // except Safari before 17, which only loads those chunks a moment later: the polyfill is not shipped.
    modulePreload: { polyfill: false },
    // One stylesheet, linked from every page's HTML: the prerendered markup of every route and card is styled
    // before any script runs (split, a lazy chunk's CSS would arrive with its JavaScript).
    cssCodeSplit: false,
    // The engine core's wasm is an asset, not a chunk; keep the size warning for real chunks.
    chunkSizeWarningLimit: 600,
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    projects: [
      {
        // Pure logic: no DOM, so it runs under Node, in milliseconds.
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          testTimeout: 30_000,
          setupFiles: ['./tests/setup/jsdom.ts'],
        },
      },
      {
        // The lint boundaries, proved by probes that must fail.
        extends: true,
        test: { name: 'lint', include: ['tests/lint/**/*.test.ts'], environment: 'node', testTimeout: 120_000 },
      },
      {
        extends: true,
        test: {
          name: 'engine',
          include: ['tests/engine/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'bench',
          include: ['tests/bench/**/*.test.ts', 'tests/support/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
}));
