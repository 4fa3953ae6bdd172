import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VITE_BIN = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));

/** A `vite preview` of the production build that a test can stop, unlike Playwright's shared webServer. */
export interface PreviewServer {
  origin: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

async function isServing(origin: string): Promise<boolean> {
  try {
    return (await fetch(origin)).ok;
  } catch {
    return false;
  }
}

/** Serves `outDir` (default: the build in dist/) on a free port. */
export async function startPreviewServer(outDir?: string): Promise<PreviewServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      VITE_BIN,
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
      ...(outDir ? ['--outDir', outDir] : []),
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = once(child, 'exit');
  for (let attempt = 0; !(await isServing(origin)); attempt++) {
    if (child.exitCode !== null || attempt > 300) throw new Error(`vite preview did not start on ${origin}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      if (await isServing(origin)) throw new Error(`${origin} still answers after stopping the preview server`);
    },
  };
}
