/**
 * The converter's UI as the cross-engine suite uses it, on any `EnginePage`. In-page code is written as
 * self-contained functions (each travels as its source text).
 *
 * GIFs are read from the Blob behind their Download link: the app's CSP (connect-src 'self') refuses a
 * fetch of a blob: URL, and only Chromium's driver hands over downloads. The page's `URL.createObjectURL`
 * is watched from the moment the app opens, so every object URL it makes can be read back exactly.
 */
import type { EnginePage, InPage } from './drivers';

/** A control found by its accessible text: its aria-label, else its text content (trimmed). */
export interface ControlQuery {
  /** CSS selector of the candidates, e.g. 'button' or 'a, button'. */
  selector: string;
  /** The whole text, or with `prefix`, its start. */
  name: string;
  prefix?: boolean;
}

/** The first visible element matching `query` (in-page). */
export const control = (query: ControlQuery): Element | null =>
  [...document.querySelectorAll(query.selector)].find((element) => {
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
    const named = query.prefix ? text.startsWith(query.name) : text === query.name;
    return named && element.getClientRects().length > 0;
  }) ?? null;

/**
 * The label a person clicks for a (visually hidden) radio or switch input: the label that starts with this
 * text (a switch's label holds its description too).
 */
export const labelled = (text: string): HTMLLabelElement | null =>
  [...document.querySelectorAll('label')].find((label) => label.textContent?.trim().startsWith(text)) ?? null;

/** The input a label names (a required field's label ends in an asterisk), in-page. */
export const labelledInput = (label: string): HTMLInputElement | HTMLTextAreaElement | null => {
  const element = [...document.querySelectorAll('label')].find(
    (l) => l.textContent?.replace(/\s*\*$/, '').trim() === label,
  );
  const input = element?.htmlFor ? document.getElementById(element.htmlFor) : null;
  return input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement ? input : null;
};

export const CONVERT: ControlQuery = { selector: 'button', name: 'Convert', prefix: true };

/** Polls `code` in the page until it returns something truthy, and returns that. */
export async function waitFor<A, R>(
  page: EnginePage,
  code: InPage<A, R>,
  arg: A,
  what: string,
  timeoutMs = 30_000,
): Promise<NonNullable<R>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await page.run(code, arg);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${page.engine}: waited ${timeoutMs / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Watches the page's object URLs and every toast text shown, from now on (in-page, idempotent). */
const watchPage = () => {
  const record = window as unknown as { __engines?: { blobs: Map<string, Blob>; toasts: string[] } };
  if (record.__engines) return;
  const watched = { blobs: new Map<string, Blob>(), toasts: [] as string[] };
  record.__engines = watched;
  const create = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (object: Blob | MediaSource) => {
    const url = create(object);
    if (object instanceof Blob) watched.blobs.set(url, object);
    return url;
  };
  const seen = () => {
    for (const toast of document.querySelectorAll('.Toastify__toast')) {
      const text = (toast as HTMLElement).innerText.trim();
      if (text && !watched.toasts.includes(text)) watched.toasts.push(text);
    }
  };
  new MutationObserver(seen).observe(document.documentElement, { subtree: true, childList: true });
};

/** Opens `url` and waits until the converter (or any other route's heading) is there. */
export async function openApp(page: EnginePage, url: string): Promise<void> {
  await page.goto(url);
  await page.run(watchPage);
  // The heading is in the prerendered HTML; the page works once hydrated, when #root stops being inert.
  await waitFor(
    page,
    () => document.querySelector('main h1') !== null && !document.getElementById('root')?.hasAttribute('inert'),
    undefined,
    'the page heading, hydrated',
  );
}

/** Every toast shown since the app opened: its title and message, one a line. */
export function toastsSeen(page: EnginePage): Promise<string[]> {
  return page.run(() => (window as unknown as { __engines: { toasts: string[] } }).__engines.toasts);
}

export async function chooseFiles(page: EnginePage, paths: readonly string[]): Promise<void> {
  // A drop area still locked (a conversion ending re-renders it a moment after the Convert button) ignores files.
  await waitFor(
    page,
    () => {
      const input = document.querySelector('input[type="file"]');
      return input !== null && input.closest('[data-disabled]') === null;
    },
    undefined,
    'the file input, unlocked',
  );
  await page.chooseFiles(paths);
  await waitFor(
    page,
    (count) => document.querySelectorAll('[data-testid="file-row"]').length === count,
    paths.length,
    `${paths.length} file(s) in the list`,
  ).catch(async (error: unknown) => {
    const seen = await page.run(() => ({
      rows: document.querySelectorAll('[data-testid="file-row"]').length,
      toasts: (window as unknown as { __engines?: { toasts: string[] } }).__engines?.toasts ?? [],
    }));
    throw new Error(`${String(error)} (the list has ${seen.rows}; toasts: ${JSON.stringify(seen.toasts)})`);
  });
}

/**
 * Clicks what `find` returns once it is there. A click the browser refuses (the cards still moving in, a
 * toast over it) did nothing, and is tried again, as a person would.
 */
async function clickWhenThere<A>(page: EnginePage, find: InPage<A, Element | null>, arg: A, what: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await waitFor(page, find, arg, what);
    try {
      await page.click(find, arg);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${page.engine}: could not click ${what}: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export async function click(page: EnginePage, query: ControlQuery): Promise<void> {
  await clickWhenThere(page, control, query, `a control "${query.name}"`);
}

/** Clicks the label of a hidden radio or switch and waits for its input to be checked (or unchecked). */
export async function toggle(page: EnginePage, label: string, checked = true): Promise<void> {
  await clickWhenThere(page, labelled, label, `the label "${label}"`);
  await waitFor(
    page,
    ({ label, checked }) => {
      const element = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(label));
      const input = element?.htmlFor ? document.getElementById(element.htmlFor) : element?.querySelector('input');
      return input instanceof HTMLInputElement && input.checked === checked;
    },
    { label, checked },
    `"${label}" ${checked ? 'checked' : 'unchecked'}`,
  );
}

/** Picks `option` (the start of its text) in the select labelled `label`. */
export async function pick(page: EnginePage, label: string, option: string): Promise<void> {
  await clickWhenThere(page, labelledInput, label, `the select "${label}"`);
  await click(page, { selector: '[role="option"]', name: option, prefix: true });
  await waitFor(
    page,
    ({ label, option }) => {
      const element = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
      const input = element?.htmlFor ? document.getElementById(element.htmlFor) : null;
      return input instanceof HTMLInputElement && input.value.startsWith(option);
    },
    { label, option },
    `"${option}" in "${label}"`,
  );
}

/** Types `text` over the value of the input labelled `label`, then leaves it (Tab), as a person would. */
/**
 * In-page: with `typed` null, selects the text of the input a label names and says whether it took the
 * focus; else says whether the input holds `typed`.
 */
const selectOrCheck = ([label, typed]: readonly [string, string | null]): boolean => {
  const element = [...document.querySelectorAll('label')].find(
    (l) => l.textContent?.replace(/\s*\*$/, '').trim() === label,
  );
  const input = element?.htmlFor ? document.getElementById(element.htmlFor) : null;
  if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) return false;
  if (typed !== null) return input.value === typed;
  input.select();
  return document.activeElement === input;
};

export async function fill(page: EnginePage, label: string, text: string): Promise<void> {
  await clickWhenThere(page, labelledInput, label, `the input "${label}"`);
  // Typed over the selection; a re-render that drops the selection first (a card settling under load) leaves
  // the old value in front of the new: then it is selected and typed again, as a person would correct it.
  for (let attempt = 1; ; attempt++) {
    if (!(await page.run(selectOrCheck, [label, null] as const)))
      throw new Error(`${page.engine}: the input "${label}" did not take the focus`);
    await page.press(text);
    if ((await page.run(selectOrCheck, [label, text] as const)) || attempt === 3) break;
  }
  await page.press('Tab');
}

/** Focuses the slider whose thumb is labelled `name` and returns its value. */
export function focusSlider(page: EnginePage, name: string): Promise<number> {
  const focusThumb = (name: string) => {
    const thumb = document.querySelector(`[role="slider"][aria-label="${name}"]`);
    if (!(thumb instanceof HTMLElement) || thumb.getAttribute('aria-disabled') === 'true') return null;
    thumb.focus();
    return document.activeElement === thumb ? Number(thumb.getAttribute('aria-valuenow')) : null;
  };
  return waitFor(page, focusThumb, name, `the slider "${name}"`);
}

/** Moves the slider whose thumb is labelled `name` to `value` with the arrow keys, as a keyboard user would. */
export async function slide(page: EnginePage, name: string, value: number): Promise<void> {
  for (let step = 0; step < 50; step++) {
    // Focused again before each key: a card that renders anew may take the focus away.
    const now = await focusSlider(page, name);
    if (now === value) return;
    await page.press(now < value ? 'ArrowRight' : 'ArrowLeft');
  }
  throw new Error(`${page.engine}: the slider "${name}" did not reach ${value}`);
}

/** The thumb's aria-valuetext, once it says `text`. */
export function sliderSays(page: EnginePage, name: string, text: string): Promise<boolean> {
  return waitFor(
    page,
    ({ name, text }) =>
      document.querySelector(`[role="slider"][aria-label="${name}"]`)?.getAttribute('aria-valuetext') === text,
    { name, text },
    `the slider "${name}" to say "${text}"`,
  );
}

export type Outcome = { ok: true } | { ok: false; message: string };

/** Clicks Convert and waits for the result (a Download control) or the failure card. */
export async function convert(page: EnginePage, timeoutMs = 120_000): Promise<Outcome> {
  // The previous result's controls go first (choosing files clears them).
  await click(page, CONVERT);
  return waitFor(
    page,
    () => {
      const failed = document.querySelector('[data-testid="conversion-failed"]');
      if (failed) return { ok: false as const, message: failed.textContent?.trim() ?? '' };
      const busy = [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Converting...');
      const download = [...document.querySelectorAll('a')].some((a) => a.textContent?.trim() === 'Download');
      return !busy && download ? { ok: true as const } : null;
    },
    undefined,
    'the conversion to end',
    timeoutMs,
  );
}

export interface Delivered {
  fileName: string;
  bytes: Uint8Array;
}

/** The file behind the link named `name` (its aria-label or text), once there: its download name and exact bytes. */
export async function linkedFile(page: EnginePage, name: string): Promise<Delivered> {
  const file = await waitFor(
    page,
    async (name) => {
      const link = [...document.querySelectorAll('a')].find(
        (a) => (a.getAttribute('aria-label') ?? a.textContent ?? '').trim() === name,
      );
      const blobs = (window as unknown as { __engines: { blobs: Map<string, Blob> } }).__engines.blobs;
      const blob = link ? blobs.get(link.href) : undefined;
      if (!link || !blob) return null;
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { fileName: link.download, base64: btoa(binary) };
    },
    name,
    `a link "${name}" to a Blob the page made`,
  );
  return { fileName: file.fileName, bytes: new Uint8Array(Buffer.from(file.base64, 'base64')) };
}

/** The text of the page's main landmark. */
export function mainText(page: EnginePage): Promise<string> {
  return page.run(() => (document.querySelector('main') as HTMLElement | null)?.innerText ?? '');
}
