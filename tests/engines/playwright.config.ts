import { defineConfig } from '@playwright/test';
import type { EngineOptions } from './fixtures';

// The production build (npm run build), served like npm start serves it, its _headers (CSP) included.
const port = Number(process.env.E2E_PORT || 4173);
const PREVIEW_URL = `http://127.0.0.1:${port}`;

/** Firefox's canvas read-back randomisation, as Tor Browser, Mullvad Browser and LibreWolf turn it on. */
const RESIST_FINGERPRINTING = { 'privacy.resistFingerprinting': true };
/** Firefox's fingerprinting protection with every target on (its defaults leave read-back true). */
const FINGERPRINTING_PROTECTION = {
  'privacy.fingerprintingProtection': true,
  'privacy.fingerprintingProtection.overrides': '+AllTargets',
};

export default defineConfig<EngineOptions>({
  testDir: '.',
  outputDir: '../../test-results/engines',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 120_000,
  reporter: [['list']],
  use: { baseURL: PREVIEW_URL },
  projects: [
    { name: 'chromium', testMatch: /(flows|read-back)\.spec\.ts/, use: { engineName: 'chromium' } },
    { name: 'firefox', testMatch: /(flows|read-back)\.spec\.ts/, use: { engineName: 'firefox' } },
    { name: 'webkit', testMatch: /(flows|read-back)\.spec\.ts/, use: { engineName: 'webkit' } },
    {
      name: 'firefox-resist-fingerprinting',
      testMatch: /read-back\.spec\.ts/,
      use: { engineName: 'firefox', firefoxPrefs: RESIST_FINGERPRINTING },
    },
    {
      name: 'firefox-fingerprinting-protection',
      testMatch: /read-back\.spec\.ts/,
      use: { engineName: 'firefox', firefoxPrefs: FINGERPRINTING_PROTECTION },
    },
    // The GIFs each engine made, byte for byte against Chromium's.
    { name: 'same-bytes', testMatch: /same-bytes\.spec\.ts/, dependencies: ['chromium', 'firefox', 'webkit'] },
  ],
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    cwd: '../..',
    url: PREVIEW_URL,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
