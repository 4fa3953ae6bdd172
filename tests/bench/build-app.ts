import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './paths';

/** `npm run build`, quiet unless it fails. */
export function buildApp(): void {
  const build = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (build.status !== 0) {
    process.stderr.write(build.stdout + build.stderr);
    throw new Error('npm run build failed');
  }
}
