import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: join(ROOT, 'tests/lint/eslint.config.js') });

/** The rule ids ESLint reports for `code` as if it were the file at `path` (relative to the repo). */
async function violations(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const CONVERTER = 'src/features/converter';
const RULES = `${CONVERTER}/rules`;

// Each probe is an import the architecture forbids; the lint must catch every one of them, by any spelling.
const FORBIDDEN: [string, string, string][] = [
  ['rules ↛ runtime (alias)', `${RULES}/probe.ts`, `import '@/features/converter/runtime/engine-pool';`],
  ['rules ↛ runtime (relative)', `${RULES}/probe.ts`, `import '../runtime/engine-pool';`],
  ['rules ↛ store', `${RULES}/probe.ts`, `import '@/features/converter/store/machine';`],
  ['rules ↛ ui', `${RULES}/probe.ts`, `import '../ui/messages';`],
  ['rules ↛ React', `${RULES}/probe.ts`, `import 'react';`],
  ['rules ↛ zustand', `${RULES}/probe.ts`, `import 'zustand';`],
  ['ui ↛ runtime', `${CONVERTER}/ui/Probe.tsx`, `import '@/features/converter/runtime/engine-pool';`],
  ['store ↛ ui', `${CONVERTER}/store/probe.ts`, `import '../ui/messages';`],
  ['runtime ↛ store', `${CONVERTER}/runtime/probe.ts`, `import '../store/machine';`],
  ['runtime ↛ ui', `${CONVERTER}/runtime/probe.ts`, `import '@/features/converter/ui/messages';`],
  ['feature ↛ feature', 'src/features/feedback/probe.ts', `import '@/features/converter/rules/plan/plan';`],
  ['feature ↛ pages', `${RULES}/probe.ts`, `import '@/pages/home/HomePage';`],
  ['shared ↛ features', 'src/shared/lib/probe.ts', `import '@/features/offline';`],
  ['pages ↛ app', 'src/pages/home/probe.ts', `import '@/app/paths';`],
  ['app ↛ a feature past its index', 'src/app/probe.ts', `import '@/features/converter/store/use-converter';`],
  ['pages ↛ a feature past its index', 'src/pages/home/probe.ts', `import '@/features/feedback/ui/FeedbackPanel';`],
  ["rules' root ↛ its domain folders", `${RULES}/probe.ts`, `import './plan/plan';`],
  ['rules/png ↛ rules/plan', `${RULES}/png/probe.ts`, `import '../plan/memory';`],
  ['rules/gif ↛ rules/palette', `${RULES}/gif/probe.ts`, `import '@/features/converter/rules/palette/quality';`],
  ['rules/palette ↛ rules/plan (the content facts seam)', `${RULES}/palette/probe.ts`, `import '../plan/plan';`],
  ['rules/plan ↛ rules/estimate', `${RULES}/plan/probe.ts`, `import '../estimate/size-estimate';`],
  ['rules/plan ↛ rules/batch', `${RULES}/plan/probe.ts`, `import '../batch/pool-size';`],
  ['rules/intake ↛ rules/png', `${RULES}/intake/probe.ts`, `import '../png/validation';`],
  ['tests ↛ ../src (alias only)', 'tests/engine/probe.ts', `import '../../src/features/converter/rules/settings';`],
];

// What the host gives a page or a worker, used in rules/: each one must be an error.
const HOST_USES: [string, string][] = [
  ['WebAssembly', 'export const probe = (bytes: Uint8Array) => new WebAssembly.Module(bytes);'],
  ['performance', 'export const probe = () => performance.now();'],
  ['self', 'export const probe = () => self.postMessage(1);'],
  ['window', 'export const probe = () => window.innerWidth;'],
  ['document', "export const probe = () => document.createElement('canvas');"],
  ['navigator', 'export const probe = () => navigator.hardwareConcurrency;'],
  ['fetch', "export const probe = () => fetch('/x');"],
  ['Worker', "export const probe = () => new Worker('/x.js');"],
  ['setTimeout', 'export const probe = () => setTimeout(() => {}, 1);'],
  ['globalThis', 'export const probe = () => globalThis.structuredClone(1);'],
];

describe('lint-held import boundaries', () => {
  it.each(FORBIDDEN)('%s is an error', async (_name, path, code) => {
    const rules = await violations(path, `${code}\nexport {};\n`);
    expect(rules.some((rule) => rule === 'import-x/no-restricted-paths' || rule === 'no-restricted-imports')).toBe(
      true,
    );
  });

  it.each(HOST_USES)('rules/ may not use the global %s', async (_name, code) => {
    expect(await violations(`${RULES}/gif/probe.ts`, `${code}\n`)).toContain('no-restricted-globals');
  });

  it('allows the one-way imports the architecture uses', async () => {
    const allowed: [string, string][] = [
      [`${CONVERTER}/ui/Probe.tsx`, `import '../store/use-converter';`],
      [`${CONVERTER}/runtime/probe.ts`, `import '../rules/plan/plan';`],
      ['src/app/probe.ts', `import '@/features/converter';`],
      ['src/pages/feedback/probe.ts', `import '@/features/feedback';`],
      [`${RULES}/plan/probe.ts`, `import '../palette/quality';`],
      [`${RULES}/estimate/probe.ts`, `import '../plan/frame-delays';`],
      [`${RULES}/batch/probe.ts`, `import '../plan/memory';`],
      [`${RULES}/png/probe.ts`, `import '../errors';`],
      ['tests/engine/probe.ts', `import '@/features/converter/rules/settings';`],
    ];
    for (const [path, code] of allowed) expect(await violations(path, `${code}\nexport {};\n`)).toEqual([]);
  });

  it("lets rules/' tests, not the rules, use the host (timers, under Node)", async () => {
    const code = 'export const probe = () => setTimeout(() => {}, 1);\n';
    expect(await violations(`${RULES}/batch/probe.test.ts`, code)).toEqual([]);
  });

  const scratch = mkdtempSync(join(ROOT, 'tests/lint/cycle-probe-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('an import cycle is an error', async () => {
    writeFileSync(join(scratch, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(join(scratch, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    const [result] = await eslint.lintFiles([join(scratch, 'a.ts')]);
    expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });
});
