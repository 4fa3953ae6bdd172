import { existsSync } from 'node:fs';

/** Debian's Chromium by default; PLAYWRIGHT_CHROMIUM_PATH points elsewhere (Playwright cannot download browsers here). */
export const CHROMIUM_PATH = process.env.PLAYWRIGHT_CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Stops with instructions when no browser is found, instead of Playwright's download hint. */
export function assertChromiumInstalled(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  throw new Error(
    [
      `No Chromium found at ${CHROMIUM_PATH}.`,
      'The end-to-end tests need a Chromium-based browser. Either:',
      '  - on Debian or Ubuntu: sudo apt-get update && sudo apt-get install -y chromium',
      '  - or point PLAYWRIGHT_CHROMIUM_PATH at an installed Chromium or Chrome binary,',
      '    e.g. PLAYWRIGHT_CHROMIUM_PATH=/usr/bin/google-chrome npm test',
    ].join('\n'),
  );
}
