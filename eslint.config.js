import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports flow one way: shared → features → pages → app; a feature never imports another feature.
const layer = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: forbidden.map((group) => ({ group: [group], message })) }],
  },
});

const FEATURES = ['converter', 'feedback', 'offline'];
const otherFeatures = (feature) =>
  FEATURES.filter((other) => other !== feature).flatMap((other) => [`@/features/${other}/*`, `@/features/${other}`]);

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
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  layer(['src/shared/**'], ['@/features/*', '@/pages/*', '@/app/*'], 'shared/ may not import features, pages or app.'),
  ...FEATURES.map((feature) =>
    layer(
      [`src/features/${feature}/**`],
      ['@/pages/*', '@/app/*', ...otherFeatures(feature)],
      'features/ may not import pages, app or another feature.',
    ),
  ),
  // Flat config replaces (does not merge) a rule for the same files, so engine/ repeats the feature's limits.
  layer(
    ['src/features/converter/engine/**'],
    [
      '@/pages/*',
      '@/app/*',
      ...otherFeatures('converter'),
      'react',
      'react-dom',
      '@mantine/*',
      '@ffmpeg/*',
      '../worker/*',
      '../store/*',
      '../ui/*',
    ],
    'engine/ is pure TypeScript: no React, no ffmpeg, no other converter layer.',
  ),
  layer(['src/pages/**'], ['@/app/*'], 'pages/ may not import app/.'),
);
