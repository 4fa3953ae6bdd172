import { defineConfig } from '@playwright/test';
import { assertChromiumInstalled, CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';

assertChromiumInstalled();

// E2E_PORT lets several checkouts run their suites side by side; npm test uses the default.
const port = Number(process.env.E2E_PORT || 4173);
export const PREVIEW_URL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: PREVIEW_URL,
    headless: true,
    acceptDownloads: true,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // The production build, served by the same command `npm run preview` uses.
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    cwd: '..',
    url: PREVIEW_URL,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
