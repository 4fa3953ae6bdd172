import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The app imports Mantine's styles per component (src/app/providers/mantine-styles.ts). A component used
// without its stylesheet would render unstyled; this catches it on the production build.
const DIST_ASSETS = fileURLToPath(new URL('../../dist/assets', import.meta.url));
const MANTINE_STYLES = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');
const CLASS = /\bm_[0-9a-f]{6,8}\b/g;

const classesIn = (text: string) => new Set(text.match(CLASS) ?? []);
const read = (dir: string, keep: (name: string) => boolean) =>
  readdirSync(dir)
    .filter(keep)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('\n');

test('every Mantine class the built JavaScript uses has its styles in the built CSS', () => {
  const styled = classesIn(read(MANTINE_STYLES, (name) => name.endsWith('.css') && !name.endsWith('.layer.css')));
  const used = [...classesIn(read(DIST_ASSETS, (name) => name.endsWith('.js')))].filter((name) => styled.has(name));
  const shipped = classesIn(read(DIST_ASSETS, (name) => name.endsWith('.css')));

  expect(used.length).toBeGreaterThan(100);
  expect(used.filter((name) => !shipped.has(name))).toEqual([]);
});

test('the built CSS ships well under the full Mantine stylesheet', () => {
  const shipped = read(DIST_ASSETS, (name) => name.endsWith('.css')).length;
  const full = readFileSync(join(MANTINE_STYLES, '../styles.css'), 'utf8').length;
  expect(shipped).toBeLessThan(full * 0.7);
});

test("the per-component stylesheets are imported in the order of Mantine's own styles.css", () => {
  const full = readFileSync(join(MANTINE_STYLES, '../styles.css'), 'utf8');
  const imports = readFileSync(new URL('../../src/app/providers/mantine-styles.ts', import.meta.url), 'utf8');
  const files = [...imports.matchAll(/@mantine\/core\/styles\/([\w-]+\.css)/g)].map((match) => match[1]!);
  // Where each file's first rule sits in the full stylesheet.
  const positions = files.map((file) =>
    full.indexOf(readFileSync(join(MANTINE_STYLES, file), 'utf8').trim().split('\n')[0]!),
  );

  expect(files.length).toBeGreaterThan(40);
  expect(positions.every((position) => position >= 0)).toBe(true);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
});
