import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries, resolved through the `@/` alias (not matched on import text), so
// `@/features/converter/store/...` and `../store/...` are the same path to the rule.
// Imports flow one way: shared → features → pages → app; a feature never imports another feature.
const FEATURES = ['converter', 'feedback', 'offline'];
const CONVERTER = 'src/features/converter';
const RULES = `${CONVERTER}/rules`;

/** rules/'s domain folders, each with the folders it may import (besides rules/'s root). */
const RULES_DOMAINS = {
  png: [],
  gif: [],
  palette: [],
  intake: [],
  plan: ['png', 'gif', 'palette'],
  estimate: ['plan', 'gif', 'palette'],
  batch: ['plan'],
};

const zone = (target, from, message) => ({ target, from, message });
export const BOUNDARY_ZONES = [
  zone('src/shared', ['src/features', 'src/pages', 'src/app'], 'shared/ may not import features, pages or app.'),
  zone('src/features', ['src/pages', 'src/app'], 'features/ may not import pages or app.'),
  ...FEATURES.map((feature) =>
    zone(
      `src/features/${feature}`,
      FEATURES.filter((other) => other !== feature).map((other) => `src/features/${other}`),
      'A feature may not import another feature.',
    ),
  ),
  zone('src/pages', ['src/app'], 'pages/ may not import app/.'),
  // app/ and pages/ see a feature through its index.ts, never its internals.
  ...FEATURES.map((feature) => ({
    ...zone(['src/app', 'src/pages'], `src/features/${feature}`, 'app/ and pages/ import a feature from its index.ts.'),
    except: ['./index.ts'],
  })),
  zone(
    `${CONVERTER}/rules`,
    [`${CONVERTER}/runtime`, `${CONVERTER}/store`, `${CONVERTER}/ui`],
    'rules/ is pure TypeScript: it may not import the runtime, the store or the UI.',
  ),
  zone(`${CONVERTER}/ui`, [`${CONVERTER}/runtime`], 'ui/ may not import the runtime: it talks to the store.'),
  zone(`${CONVERTER}/store`, [`${CONVERTER}/ui`], 'store/ may not import ui/.'),
  zone(
    `${CONVERTER}/runtime`,
    [`${CONVERTER}/store`, `${CONVERTER}/ui`],
    'runtime/ may not import the store or the UI.',
  ),
  // rules/ by domain, each folder importing only rules/'s root (settings, errors, contracts) and the
  // folders below it: no arrow points back up.
  zone(
    `${RULES}/*.ts`,
    Object.keys(RULES_DOMAINS).map((domain) => `${RULES}/${domain}`),
    "rules/'s root (settings, errors, contracts) may not import its domain folders.",
  ),
  ...Object.entries(RULES_DOMAINS).map(([domain, below]) =>
    zone(
      `${RULES}/${domain}`,
      Object.keys(RULES_DOMAINS)
        .filter((other) => other !== domain && !below.includes(other))
        .map((other) => `${RULES}/${other}`),
      `rules/${domain}/ may import rules/'s root${below.length ? ` and ${below.map((b) => `${b}/`).join(', ')}` : ''} only.`,
    ),
  ),
];

// Packages rules/ may not use, whatever path they are reached by.
const IMPURE_PACKAGES = ['react', 'react-dom', 'react-*', '@mantine/*', '@ffmpeg/*', 'zustand', 'zustand/*'];

// What the host gives a page or a worker: rules/ touches none of it (the runtime does, and hands results in).
export const HOST_GLOBALS = [
  'window',
  'self',
  'globalThis',
  'document',
  'navigator',
  'location',
  'fetch',
  'performance',
  'WebAssembly',
  'Worker',
  'SharedWorker',
  'MessageChannel',
  'postMessage',
  'importScripts',
  'setTimeout',
  'setInterval',
  'requestAnimationFrame',
  'requestIdleCallback',
  'createImageBitmap',
  'OffscreenCanvas',
  'Image',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'caches',
  'crypto',
  'console',
  'process',
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      // The generated core loader and its pre-js (which runs inside emscripten's module scope).
      'wasm-assets/core/ffmpeg-core.js',
      'wasm-assets/core/driver/pre.js',
      'test-results',
      'playwright-report',
      'bench-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // The dependency graph (no-cycle) only follows files with these extensions, parsed as TypeScript.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones: BOUNDARY_ZONES }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: [`${RULES}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: IMPURE_PACKAGES,
              message: 'rules/ is pure TypeScript: no React, no Mantine, no ffmpeg, no zustand.',
            },
          ],
        },
      ],
    },
  },
  {
    // Its tests run under Node and may use timers and the like; the rules themselves may not.
    files: [`${RULES}/**`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...HOST_GLOBALS.map((name) => ({
          name,
          message:
            'rules/ is pure TypeScript: the runtime touches the host (DOM, workers, wasm, clocks) and hands results in.',
        })),
      ],
    },
  },
  {
    // Tests reach the app's code one way: through the @/ alias.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+src/', message: "Tests import the app's code as '@/…', not '../src/…'." }] },
      ],
    },
  },
);
