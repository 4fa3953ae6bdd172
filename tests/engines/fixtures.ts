import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test as base } from '@playwright/test';
import { encodePng, type Rgba } from '../fixtures/pngs';
import { launchEngine, type EngineBrowser, type EngineName, type EnginePage } from './drivers';

/** Where a project keeps the GIFs that same-bytes.spec.ts compares across engines. */
export function keptGifPath(outputDir: string, project: string, key: string): string {
  return join(outputDir, 'gifs', project, `${key}.gif`);
}

export interface EngineOptions {
  engineName: EngineName;
  /** Firefox preferences of this project (the fingerprinting-resistance runs). */
  firefoxPrefs: Record<string, unknown>;
}

/**
 * `enginePage`: a fresh page (its own profile) in the project's engine, whose browser is started once per
 * worker. `pngFile` writes a picture where the browser can choose it.
 */
export const test = base.extend<
  {
    enginePage: EnginePage;
    pngFile: (name: string, image: Rgba | Uint8Array) => string;
    keepGif: (key: string, bytes: Uint8Array) => void;
  },
  EngineOptions & { engineBrowser: EngineBrowser }
>({
  engineName: ['chromium', { option: true, scope: 'worker' }],
  firefoxPrefs: [{}, { option: true, scope: 'worker' }],
  engineBrowser: [
    async ({ engineName, firefoxPrefs }, provide) => {
      const browser = await launchEngine(engineName, { firefoxPrefs });
      await provide(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  enginePage: async ({ engineBrowser }, provide, testInfo) => {
    const page = await engineBrowser.newPage();
    testInfo.annotations.push({ type: 'engine', description: engineBrowser.version });
    await provide(page);
    await page.close();
  },
  // eslint-disable-next-line no-empty-pattern
  pngFile: async ({}, provide, testInfo) => {
    // A folder of this test's own: WebKit refuses to read a chosen file that changed on disk since.
    await provide((name, image) => {
      const path = testInfo.outputPath(name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, image instanceof Uint8Array ? image : encodePng(image));
      return path;
    });
  },
  // eslint-disable-next-line no-empty-pattern
  keepGif: async ({}, provide, testInfo) => {
    await provide((key, bytes) => {
      const path = keptGifPath(testInfo.project.outputDir, testInfo.project.name, key);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, bytes);
    });
  },
});

export { expect } from '@playwright/test';
