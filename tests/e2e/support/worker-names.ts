import type { Page } from '@playwright/test';

/** The names (`new Worker(url, { name })`) of the workers the page starts from now on, as a reader. */
export function workerNames(page: Page): () => Promise<string[]> {
  const names: Promise<string>[] = [];
  page.on('worker', (worker) =>
    names.push(worker.evaluate(() => (self as unknown as { name: string }).name).catch(() => '')),
  );
  return () => Promise.all(names);
}
