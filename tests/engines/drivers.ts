/**
 * One way to drive a page in each engine the app is tested in: Chromium through Playwright, Firefox through
 * puppeteer-core over WebDriver BiDi, WebKit through WebKitGTK's WebDriver (MiniBrowser under Xvfb). The
 * cross-engine suite and the bench write their steps once against `EnginePage`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chromium, type JSHandle } from '@playwright/test';
import type { ElementHandle as PuppeteerElement } from 'puppeteer-core';
import { launch as launchPuppeteer } from 'puppeteer-core';
import { assertEngineInstalled, CHROMIUM_ARGS, CHROMIUM_PATH, FIREFOX_PATH, MINIBROWSER_PATH } from '../browser';
import { freePort } from '../support/preview-server';
import { isElementReference, WEBDRIVER_KEYS, WebDriverSession } from './webdriver';

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type EngineName = (typeof ENGINES)[number];

/** Keys `press` knows by name; any other string is typed as it is. */
export type Key = keyof typeof WEBDRIVER_KEYS;

/**
 * In-page code: a self-contained function (it travels as its source text, so it may use nothing from
 * around it) called with `arg`, or an expression as a string.
 */
export type InPage<A, R> = ((arg: A) => R | Promise<R>) | string;

export interface EnginePage {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  /** Runs `code` in the page and resolves with its (awaited, JSON-serialisable) result; an element comes back as `true`. */
  run<A, R>(code: InPage<A, R>, arg?: A): Promise<R>;
  /**
   * Clicks, as a person would, the element `find` returns in the page, once it holds still in the middle of
   * the window (clear of the sticky header and the toasts).
   */
  click<A>(find: InPage<A, Element | null | undefined>, arg?: A): Promise<void>;
  /** Chooses these files with the page's (first) file input. */
  chooseFiles(paths: readonly string[]): Promise<void>;
  /** Presses named keys, or types text, on whatever has the focus. */
  press(...keys: (Key | string)[]): Promise<void>;
  /** What the screen shows of the element `find` returns, as PNG bytes. */
  screenshot<A>(find: InPage<A, Element | null | undefined>, arg?: A): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface EngineBrowser {
  readonly engine: EngineName;
  /** The engine and its version, as the browser reports them. */
  readonly version: string;
  /** A page in a fresh profile of its own (no cache, storage or service worker from other pages). */
  newPage(): Promise<EnginePage>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Firefox preferences on top of puppeteer's (the fingerprinting-resistance runs). */
  firefoxPrefs?: Record<string, unknown>;
}

/** The window every engine's pages get, so that layouts (and what is on screen) are the same. */
const WINDOW = { width: 1280, height: 900 };

const FILE_INPUT = 'input[type="file"]';

/**
 * An expression calling `code` with `arg`. Under tsx (the bench), esbuild wraps named functions in a
 * `__name` helper that the page lacks: a no-op one is in scope.
 */
function call<A, R>(code: InPage<A, R>, arg: A | undefined): string {
  const fn = typeof code === 'string' ? `() => (${code})` : code.toString();
  return `((__name) => (${fn})(${arg === undefined ? '' : JSON.stringify(arg)}))((f) => f)`;
}

/** `call`, awaited, with an element result as `true`: each driver hands elements back in its own way. */
const result = <A, R>(code: InPage<A, R>, arg: A | undefined) =>
  `Promise.resolve(${call(code, arg)}).then((value) => (value instanceof Element ? true : value))`;

/**
 * Brings an element to the middle of the window and waits until it holds still there and is what a click
 * in its middle would hit (cards mount lazily above it: a click at a stale point lands elsewhere), then
 * watches for the click.
 */
const SETTLE = async (element: Element) => {
  let last = '';
  for (let frame = 0; frame < 60; frame++) {
    element.scrollIntoView({ block: 'center', inline: 'center' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const { x, y, width, height } = element.getBoundingClientRect();
    const hit = document.elementFromPoint(x + width / 2, y + height / 2);
    const now = `${x},${y},${width},${height}`;
    if (now === last && hit && element.contains(hit)) {
      const watched = element as Element & { clickedByTest?: boolean };
      watched.clickedByTest = false;
      element.addEventListener('click', () => (watched.clickedByTest = true), { capture: true, once: true });
      return;
    }
    last = now;
  }
  throw new Error('the element did not hold still, or something covers it');
};

/** Whether the click reached the element SETTLE watched (one that left the page counts: it went on its click). */
const CLICKED = (element: Element) =>
  !element.isConnected || (element as Element & { clickedByTest?: boolean }).clickedByTest === true;

const MISSED = 'the click landed elsewhere: the page moved under it';

/** Empties the file input first: choosing the same files again fires no change event otherwise. */
const CLEAR_FILE_INPUT = `(() => { const input = document.querySelector('${FILE_INPUT}'); if (input) input.value = ''; return input; })()`;

export async function launchEngine(engine: EngineName, options: LaunchOptions = {}): Promise<EngineBrowser> {
  assertEngineInstalled(engine);
  if (engine === 'chromium') return launchChromium();
  if (engine === 'firefox') return launchFirefox(options.firefoxPrefs ?? {});
  return launchWebKit();
}

/** An element handle as Playwright's and puppeteer's pages both hand one back. */
interface ElementHandleLike {
  evaluate(fn: typeof SETTLE | typeof CLICKED): Promise<unknown>;
  click(): Promise<void>;
  screenshot(): Promise<Uint8Array>;
}

/**
 * The steps Playwright (Chromium) and puppeteer (Firefox) take alike: both evaluate in the page and act on
 * element handles. Choosing files, pressing keys and closing are each driver's own.
 */
function handlePage<E extends ElementHandleLike>(
  engine: EngineName,
  page: { goto(url: string): Promise<unknown>; evaluate(expression: string): Promise<unknown> },
  element: (expression: string) => Promise<E>,
  own: Pick<EnginePage, 'chooseFiles' | 'press' | 'close'>,
): EnginePage {
  return {
    engine,
    goto: async (url) => void (await page.goto(url)),
    run: (code, arg) => page.evaluate(result(code, arg)) as Promise<never>,
    async click(find, arg) {
      const target = await element(call(find, arg));
      await target.evaluate(SETTLE);
      await target.click();
      if (!(await target.evaluate(CLICKED))) throw new Error(MISSED);
    },
    screenshot: async (find, arg) => new Uint8Array(await (await element(call(find, arg))).screenshot()),
    ...own,
  };
}

async function launchChromium(): Promise<EngineBrowser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  return {
    engine: 'chromium',
    version: `Chromium ${browser.version()}`,
    async newPage() {
      const context = await browser.newContext({ viewport: WINDOW });
      const page = await context.newPage();
      const element = async (expression: string) => {
        const element = ((await page.evaluateHandle(expression)) as JSHandle<Node>).asElement();
        if (!element) throw new Error(`no element for ${expression}`);
        return element;
      };
      return handlePage('chromium', page, element, {
        chooseFiles: async (paths) => (await element(CLEAR_FILE_INPUT)).setInputFiles([...paths]),
        async press(...keys) {
          for (const key of keys) await (key in WEBDRIVER_KEYS ? page.keyboard.press(key) : page.keyboard.type(key));
        },
        close: () => context.close(),
      });
    },
    close: () => browser.close(),
  };
}

async function launchFirefox(prefs: Record<string, unknown>): Promise<EngineBrowser> {
  const browser = await launchPuppeteer({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: WINDOW,
    extraPrefsFirefox: prefs,
  });
  return {
    engine: 'firefox',
    version: `Firefox ${(await browser.version()).replace(/^firefox\//, '')}`,
    async newPage() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const element = async (expression: string) => {
        const element = (await page.evaluateHandle(expression)).asElement() as PuppeteerElement<Element> | null;
        if (!element) throw new Error(`no element for ${expression}`);
        return element;
      };
      return handlePage('firefox', page, element, {
        chooseFiles: async (paths) =>
          ((await element(CLEAR_FILE_INPUT)) as PuppeteerElement<HTMLInputElement>).uploadFile(...paths),
        async press(...keys) {
          for (const key of keys) {
            if (key === 'Space') await page.keyboard.press(' ');
            else if (key in WEBDRIVER_KEYS) await page.keyboard.press(key as Exclude<Key, 'Space'>);
            else await page.keyboard.type(key);
          }
        },
        close: () => context.close(),
      });
    },
    close: () => browser.close(),
  };
}

/** WebKitWebDriver on a free port inside its own X server (xvfb-run -a); it starts a MiniBrowser per session. */
async function startWebKitDriver(): Promise<{ server: string; stop(): Promise<void> }> {
  const port = await freePort();
  const server = `http://127.0.0.1:${port}`;
  let output = '';
  const driver: ChildProcess = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Under Xvfb, without a GPU, the DMA-BUF renderer gives black screenshots.
    env: { ...process.env, WEBKIT_DISABLE_DMABUF_RENDERER: '1' },
  });
  driver.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  driver.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(driver, 'exit');
  // The whole process group: xvfb-run, Xvfb, the driver and its browsers.
  const stop = async () => {
    if (driver.exitCode !== null || driver.signalCode !== null) return;
    process.kill(-driver.pid!, 'SIGTERM');
    await exited;
  };
  for (let attempt = 0; ; attempt++) {
    const ready = await fetch(`${server}/status`)
      .then(async (response) => ((await response.json()) as { value: { ready: boolean } }).value.ready)
      .catch(() => false);
    if (ready) return { server, stop };
    if (driver.exitCode !== null || attempt > 100) {
      await stop();
      throw new Error(`WebKitWebDriver did not start on port ${port}: ${output.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const WEBKIT_CAPABILITIES = {
  browserName: 'MiniBrowser',
  'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
};

async function launchWebKit(): Promise<EngineBrowser> {
  let driver = await startWebKitDriver();
  /** A new session; on a loaded machine a MiniBrowser once never answered: then a new driver, once. */
  const startSession = async () => {
    try {
      return await WebDriverSession.start(driver.server, WEBKIT_CAPABILITIES, 30_000);
    } catch {
      await driver.stop();
      driver = await startWebKitDriver();
      return WebDriverSession.start(driver.server, WEBKIT_CAPABILITIES, 30_000);
    }
  };
  let version = 'WebKitGTK';
  return {
    engine: 'webkit',
    get version() {
      return version;
    },
    async newPage() {
      const session = await startSession();
      version = `WebKitGTK ${session.capabilities.browserVersion as string}`;
      await session.setWindowSize(WINDOW.width, WINDOW.height);
      // In-page code here polls or reads: one that takes longer has hung (an error, not a silent wait).
      await session.setScriptTimeout(20_000);
      /** Runs an expression, awaited; `arguments[0]` in it is `arg` (an element reference becomes the element). */
      const run = async (expression: string, arg: unknown = null) => {
        const body = `const done = arguments[1];
          Promise.resolve().then(() => ${expression}).then(
            (value) => done({ value }),
            (error) => done({ error: String(error) + ' ' + (error && error.stack) }));`;
        const result = (await session.executeAsync(body, arg)) as { value?: unknown; error?: string };
        if (result.error !== undefined) throw new Error(`in the page: ${result.error}`);
        return result.value;
      };
      const element = async (expression: string) => {
        const found = await session.execute(`return ${expression};`, null);
        if (!isElementReference(found)) throw new Error(`no element for ${expression}`);
        return found;
      };
      return {
        engine: 'webkit',
        goto: (url) => session.navigate(url),
        run: async (code, arg) => (await run(result(code, arg))) as never,
        async click(find, arg) {
          const target = await element(call(find, arg));
          await run(`(${SETTLE.toString()})(arguments[0])`, target);
          await session.click(target);
          // A reference to an element gone from the page is refused: that click went on its way too.
          const clicked = await run(`(${CLICKED.toString()})(arguments[0])`, target).catch(() => true);
          if (!clicked) throw new Error(MISSED);
        },
        chooseFiles: async (paths) => session.sendKeys(await element(CLEAR_FILE_INPUT), paths.join('\n')),
        press: (...keys) =>
          session.typeKeys(keys.flatMap((key) => (key in WEBDRIVER_KEYS ? [WEBDRIVER_KEYS[key as Key]] : [...key]))),
        screenshot: async (find, arg) => session.screenshot(await element(call(find, arg))),
        close: () => session.close(),
      };
    },
    close: () => driver.stop(),
  };
}
