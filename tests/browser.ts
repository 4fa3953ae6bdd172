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

/** Debian's Firefox ESR by default; FIREFOX_PATH points elsewhere. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/** The browser WebKitGTK's WebDriver starts (Debian's webkit2gtk-driver and libwebkit2gtk-4.1). */
export const MINIBROWSER_PATH = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

const onPath = (command: string) =>
  (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && existsSync(`${dir}/${command}`));

/** What each engine of the cross-engine suite needs, and how to get it on Debian or Ubuntu. */
function engineProblems(engine: 'firefox' | 'webkit'): string[] {
  if (engine === 'firefox') return existsSync(FIREFOX_PATH) ? [] : [`no Firefox at ${FIREFOX_PATH}`];
  return [
    ...(onPath('WebKitWebDriver') ? [] : ['no WebKitWebDriver on the PATH']),
    ...(existsSync(MINIBROWSER_PATH) ? [] : [`no MiniBrowser at ${MINIBROWSER_PATH}`]),
    ...(onPath('xvfb-run') ? [] : ['no xvfb-run on the PATH']),
    ...(onPath('xauth') ? [] : ['no xauth on the PATH (xvfb-run needs it)']),
  ];
}

const ENGINE_PACKAGES = { firefox: 'firefox-esr', webkit: 'webkit2gtk-driver xvfb xauth' };

/** Stops with instructions when an engine of the cross-engine suite is missing. */
export function assertEngineInstalled(engine: 'chromium' | 'firefox' | 'webkit'): void {
  if (engine === 'chromium') return assertChromiumInstalled();
  const problems = engineProblems(engine);
  if (problems.length === 0) return;
  throw new Error(
    [
      `The cross-engine tests cannot run ${engine === 'firefox' ? 'Firefox' : 'WebKit'}: ${problems.join('; ')}.`,
      `  - on Debian or Ubuntu: sudo apt-get update && sudo apt-get install -y ${ENGINE_PACKAGES[engine]}`,
      ...(engine === 'firefox' ? ['  - or point FIREFOX_PATH at another Firefox binary'] : []),
      '  - or run the engines that are there, one at a time: npm run test:engines -- --project chromium',
    ].join('\n'),
  );
}
