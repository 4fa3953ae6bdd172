import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The rule ids ESLint reports for `code` as if it were the file at `path` (relative to the repo). */
async function violations(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const CONVERTER = 'src/features/converter';

// Each probe is an import the architecture forbids; the lint must catch every one of them, by any spelling.
const FORBIDDEN: [string, string, string][] = [
  ['rules ↛ runtime (alias)', `${CONVERTER}/rules/probe.ts`, `import '@/features/converter/runtime/engine-pool';`],
  ['rules ↛ runtime (relative)', `${CONVERTER}/rules/probe.ts`, `import '../runtime/engine-pool';`],
  ['rules ↛ store', `${CONVERTER}/rules/probe.ts`, `import '@/features/converter/store/machine';`],
  ['rules ↛ ui', `${CONVERTER}/rules/probe.ts`, `import '../ui/messages';`],
  ['rules ↛ React', `${CONVERTER}/rules/probe.ts`, `import 'react';`],
  ['rules ↛ zustand', `${CONVERTER}/rules/probe.ts`, `import 'zustand';`],
  ['ui ↛ runtime', `${CONVERTER}/ui/Probe.tsx`, `import '@/features/converter/runtime/engine-pool';`],
  ['store ↛ ui', `${CONVERTER}/store/probe.ts`, `import '../ui/messages';`],
  ['feature ↛ feature', 'src/features/feedback/probe.ts', `import '@/features/converter/rules/plan/plan';`],
  ['feature ↛ pages', `${CONVERTER}/rules/probe.ts`, `import '@/pages/home/HomePage';`],
  ['shared ↛ features', 'src/shared/lib/probe.ts', `import '@/features/offline';`],
  ['pages ↛ app', 'src/pages/home/probe.ts', `import '@/app/paths';`],
];

describe('lint-held import boundaries', () => {
  it.each(FORBIDDEN)('%s is an error', async (_name, path, code) => {
    const rules = await violations(path, `${code}\nexport {};\n`);
    expect(rules.some((rule) => rule === 'import-x/no-restricted-paths' || rule === 'no-restricted-imports')).toBe(
      true,
    );
  });

  it('allows the one-way imports the architecture uses', async () => {
    expect(await violations(`${CONVERTER}/ui/Probe.tsx`, `import '../store/use-converter';\nexport {};\n`)).toEqual([]);
    expect(await violations(`${CONVERTER}/runtime/probe.ts`, `import '../rules/plan';\nexport {};\n`)).toEqual([]);
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
