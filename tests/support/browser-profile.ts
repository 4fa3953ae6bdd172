import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../browser';
import { startPreviewServer } from './preview-server';

/**
 * A build served as `npm start` serves it and a real on-disk Chromium profile visiting it (its service
 * worker, caches and V8 code cache persist from page to page), both removed after `visit`.
 */
export async function withBrowserProfile<T>(
  outDir: string,
  visit: (context: BrowserContext, origin: string) => Promise<T>,
  options: { bypassCSP?: boolean } = {},
): Promise<T> {
  const server = await startPreviewServer({ outDir });
  const profile = mkdtempSync(join(tmpdir(), 'png2gif-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: server.origin,
    ...options,
  });
  try {
    return await visit(context, server.origin);
  } finally {
    await context.close();
    await server.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** A first visit, left open long enough for the service worker to install and precache the app and its core. */
export async function firstVisit(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  await page.goto('/');
  await page.waitForTimeout(6000);
  await page.close();
}
