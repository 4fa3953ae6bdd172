import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VITE_BIN = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));

/** A `vite preview` of the production build that a script or test starts and stops itself. */
export interface PreviewServer {
  origin: string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1: `preferred` when it is free, else any. */
export async function freePort(preferred = 0): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
      });
    });
  const port = (preferred ? await tryPort(preferred) : null) ?? (await tryPort(0));
  if (port === null) throw new Error('no free port');
  return port;
}

async function isServing(origin: string): Promise<boolean> {
  try {
    return (await fetch(origin)).ok;
  } catch {
    return false;
  }
}

/** Serves `outDir` (default: the build in dist/) on `port` (default: a free one), like `npm run preview`. */
export async function startPreviewServer(options: { outDir?: string; port?: number } = {}): Promise<PreviewServer> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  let stderr = '';
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
      ...(options.outDir ? ['--outDir', options.outDir] : []),
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit');
  for (let attempt = 0; !(await isServing(origin)); attempt++) {
    if (child.exitCode !== null || attempt > 600) {
      child.kill('SIGTERM');
      throw new Error(`vite preview did not start on ${origin}: ${stderr.trim()}`);
    }
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
