/**
 * The few W3C WebDriver commands the cross-engine suite sends to WebKitWebDriver: plain HTTP and JSON, so
 * no client library. https://www.w3.org/TR/webdriver2/
 */

/** An element as WebDriver names it in JSON. */
export type ElementReference = { [ELEMENT_KEY]: string };
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/** The codes WebDriver gives the special keys (the spec's "keyboard actions" table). */
export const WEBDRIVER_KEYS = {
  Backspace: '\uE003',
  Tab: '\uE004',
  Enter: '\uE007',
  Escape: '\uE00C',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Space: ' ',
} as const;

export class WebDriverSession {
  private constructor(
    private readonly base: string,
    readonly capabilities: Record<string, unknown>,
  ) {}

  /** A new session; fails after `timeoutMs` without one. */
  static async start(
    server: string,
    capabilities: Record<string, unknown>,
    timeoutMs: number,
  ): Promise<WebDriverSession> {
    const body = { capabilities: { alwaysMatch: capabilities } };
    const value = (await send(server, 'POST', '/session', body, AbortSignal.timeout(timeoutMs))) as {
      sessionId: string;
      capabilities: Record<string, unknown>;
    };
    return new WebDriverSession(`${server}/session/${value.sessionId}`, value.capabilities);
  }

  private command(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    return send(this.base, method, path, body);
  }

  async navigate(url: string): Promise<void> {
    await this.command('POST', '/url', { url });
  }

  async setWindowSize(width: number, height: number): Promise<void> {
    await this.command('POST', '/window/rect', { width, height });
  }

  /** Runs a function body in the page; `arguments[0]` is `arg`. Returns its result, JSON as WebDriver serialises it. */
  execute(body: string, arg: unknown): Promise<unknown> {
    return this.command('POST', '/execute/sync', { script: body, args: [arg] });
  }

  /** Like `execute`, for a body that ends by calling `arguments[1](result)`. */
  executeAsync(body: string, arg: unknown): Promise<unknown> {
    return this.command('POST', '/execute/async', { script: body, args: [arg] });
  }

  async setScriptTimeout(ms: number): Promise<void> {
    await this.command('POST', '/timeouts', { script: ms });
  }

  async click(element: ElementReference): Promise<void> {
    await this.command('POST', `/element/${element[ELEMENT_KEY]}/click`, {});
  }

  /** Types into an element; for a file input, the text is the files' paths, one a line. */
  async sendKeys(element: ElementReference, text: string): Promise<void> {
    await this.command('POST', `/element/${element[ELEMENT_KEY]}/value`, { text });
  }

  /** Presses and releases each key in turn, on whatever has the focus. */
  async typeKeys(keys: string[]): Promise<void> {
    const actions = keys.flatMap((value) => [
      { type: 'keyDown', value },
      { type: 'keyUp', value },
    ]);
    await this.command('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
    await this.command('DELETE', '/actions');
  }

  /** The element as the screen shows it (PNG). */
  async screenshot(element: ElementReference): Promise<Uint8Array> {
    const base64 = (await this.command('GET', `/element/${element[ELEMENT_KEY]}/screenshot`)) as string;
    return new Uint8Array(Buffer.from(base64, 'base64'));
  }

  async close(): Promise<void> {
    await this.command('DELETE', '');
  }
}

export function isElementReference(value: unknown): value is ElementReference {
  return typeof value === 'object' && value !== null && ELEMENT_KEY in value;
}

async function send(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<unknown> {
  const response = await fetch(base + path, {
    method,
    ...(signal ? { signal } : {}),
    headers: { 'content-type': 'application/json; charset=utf-8' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const { value } = (await response.json()) as { value: unknown };
  if (!response.ok) {
    const { error, message } = value as { error?: string; message?: string };
    throw new Error(`WebDriver ${method} ${path}: ${error ?? response.status} ${message ?? ''}`.trim());
  }
  return value;
}
