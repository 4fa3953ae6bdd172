import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';
import { freePort } from './preview-server';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface HarnessServer {
  url: string;
  stop(): Promise<void>;
}

/** Builds tests/e2e/engine-harness as a production bundle (workers, wasm assets and all) and serves it. */
export async function startEngineHarness(): Promise<HarnessServer> {
  const outDir = mkdtempSync(join(tmpdir(), 'engine-harness-'));
  const config = {
    configFile: false as const,
    root: join(ROOT, 'tests', 'e2e', 'engine-harness'),
    base: './',
    logLevel: 'warn' as const,
    // The harness imports the app's code as the app does, through the @/ alias.
    resolve: { alias: [{ find: '@', replacement: join(ROOT, 'src') }] },
    worker: { format: 'es' as const },
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  };
  await build(config);
  const server: PreviewServer = await preview({
    ...config,
    preview: { host: '127.0.0.1', port: await freePort(), strictPort: true },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('The engine harness server has no URL');
  return {
    url,
    async stop() {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
