import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST_DIR = join(REPO_ROOT, 'dist');
/** Ignored by git: the JSON reports, the generated inputs and the GIFs of the last run. */
export const RESULTS_DIR = join(REPO_ROOT, 'bench-results');
export const INPUTS_DIR = join(RESULTS_DIR, 'inputs');
export const OUTPUTS_DIR = join(RESULTS_DIR, 'outputs');
