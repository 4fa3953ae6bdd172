/**
 * The one module that knows the converter's UI: when the UI changes, adapt the selectors here (the rest
 * of the bench only calls these functions). tests/e2e/bench-driver.spec.ts proves them on the production build.
 *
 * In-page code is passed as strings: functions compiled by tsx may reference helpers that do not
 * exist in the page.
 */
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Locator, Page } from '@playwright/test';

const CONVERT_NAME = /^Convert/;
const RESET_NAME = /^Reset$/;
const DOWNLOAD_ONE_NAME = /^Download(?! all)/;
const DOWNLOAD_ALL_NAME = /^Download all/;
const MODE_NAMES = { static: /^Static/i, animated: /^Animated/i } as const;
/** The result's heading: 'Your GIF is ready for download!' (a batch: 'Your GIFs are …'). */
const READY_TEXT = /^Your GIFs? (?:is|are) ready for download!$/;
/** Texts the upload area shows when it refuses files. */
const REJECTION_TEXT = /Too many files|Some files were rejected|File is larger than/i;
/** How the page states the selection; the UI may also silently keep only the first files. */
const SELECTED_COUNT_TEXT = /(\d+) (?:PNG )?files?(?:\(s\))? (?:selected|ready)/i;

export function convertButton(page: Page): Locator {
  return page.getByRole('button', { name: CONVERT_NAME }).first();
}

const control = (page: Page, name: RegExp) => page.getByRole('link', { name }).or(page.getByRole('button', { name }));

export async function openConverter(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('input[type="file"]').first().waitFor({ state: 'attached' });
  await convertButton(page).waitFor();
}

/** Back to an empty selection without reloading, so the engine stays warm between runs. */
export async function clearSelection(page: Page): Promise<void> {
  const reset = page.getByRole('button', { name: RESET_NAME });
  if ((await reset.count()) > 0) {
    await reset.first().click();
  } else {
    await page.reload();
  }
  await page.waitForFunction(NO_RESULT_SHOWN);
}

const NO_RESULT_SHOWN = `!Array.from(document.querySelectorAll('button, a')).some((el) =>
  ${DOWNLOAD_ONE_NAME}.test((el.getAttribute('aria-label') || el.textContent || '').trim()))`;

export type FileChoice = { accepted: true } | { accepted: false; reason: string };

/** Accepted when the page states it took every file; refused files show a toast instead. */
export async function chooseFiles(page: Page, files: readonly string[]): Promise<FileChoice> {
  const input = page.locator('input[type="file"]').first();
  // Visible only: the collapsed FAQ holds words like these too. Only a refusal shown after this choice
  // counts: the toast of an earlier one may still be on screen, closing at any moment.
  const refusals = page.getByText(REJECTION_TEXT).filter({ visible: true });
  const earlierRefusals = await refusals.count();
  // Chromium fires no change event when the same files are chosen again: empty the input quietly first.
  await input.evaluate((element) => ((element as HTMLInputElement).value = ''));
  await input.setInputFiles([...files]);
  // With the file-list probe armed (FILE_LIST_PROBE), the list shows before the text searches below run:
  // each walks the whole page's text on its main thread (normalising white space, testing visibility), and
  // run at once they added some 20–40 ms to the very interval that probe measures.
  await page
    .waitForFunction('!window.__benchFileList || window.__benchFileList.shownAt !== null', undefined, {
      timeout: 3000,
      polling: 'raf',
    })
    .catch(() => {});
  const deadline = Date.now() + 15_000;
  // The count is read from the page's own words, and the previous choice's upload toast ('Files uploaded: 1
  // PNG file(s)') can still be on screen before this choice's list and toast are: a shortfall counts once it
  // has held for a second (the quality bench once read the ten vtest frames, after grass, as 1 of 10).
  let short = { kept: -1, since: 0 };
  while (Date.now() < deadline) {
    // A refusal first: Convert can still be enabled by the previous case's files, which the refused choice kept.
    if ((await refusals.count()) > earlierRefusals) {
      const reason = await refusals
        .last()
        .textContent({ timeout: 1000 })
        .catch(() => null);
      return { accepted: false, reason: reason?.trim() || 'files refused' };
    }
    // Convert is clickable even with no files (it then says 'No files selected'), so only the page's
    // own statement of how many files it took tells an accepted choice.
    const kept = await selectedFileCount(page);
    if (kept !== null && (await convertButton(page).isEnabled())) {
      if (kept >= files.length) return { accepted: true };
      if (short.kept !== kept) short = { kept, since: Date.now() };
      else if (Date.now() - short.since >= 1000) {
        return { accepted: false, reason: `the UI kept ${kept} of ${files.length} files` };
      }
    }
    await page.waitForTimeout(100);
  }
  return { accepted: false, reason: 'the Convert button stayed disabled' };
}

/** The count the page states ('3 file(s) selected', 'Files uploaded: 3 PNG file(s) …'), or null if none. */
async function selectedFileCount(page: Page): Promise<number | null> {
  const statement = page.getByText(SELECTED_COUNT_TEXT).first();
  if ((await statement.count()) === 0) return null;
  const match = SELECTED_COUNT_TEXT.exec((await statement.textContent()) ?? '');
  return match ? Number(match[1]) : null;
}

export type ModeChoice = 'selected' | 'no mode control' | 'mode disabled';

/** How long the mode control may take to appear after the files are chosen. */
const MODE_CONTROL_WAIT_MS = 5000;

/** Picks Static or Animated when the UI offers the choice (a radio, a segmented control, a tab or a button). */
export async function chooseMode(page: Page, mode: 'static' | 'animated'): Promise<ModeChoice> {
  const name = MODE_NAMES[mode];
  const candidates = page
    .getByRole('radio', { name })
    .or(page.getByRole('tab', { name }))
    .or(page.getByRole('button', { name }));
  // The settings appear a moment after the files are chosen: without this wait a batch was once measured
  // as one animation (the app's own choice for several files) while its warm-up ran as ten stills.
  await candidates
    .first()
    .waitFor({ state: 'attached', timeout: MODE_CONTROL_WAIT_MS })
    .catch(() => {});
  if ((await candidates.count()) === 0) return 'no mode control';
  const target = candidates.first();
  if (await target.isDisabled()) return 'mode disabled';
  const role = await target.evaluate((element) => element.getAttribute('role') ?? element.getAttribute('type'));
  // Segmented controls hide the radio input itself under its label: a person clicks the label.
  const id = role === 'radio' ? await target.getAttribute('id') : null;
  const label = id ? page.locator(`label[for="${id}"]`) : null;
  if (label && (await label.count()) > 0) await label.first().click();
  else if (role === 'radio') await target.check({ force: true });
  else await target.click();
  return 'selected';
}

export type QualityChoice = 'set' | 'no quality control';

/**
 * Moves the quality slider (10–100, step 10) with the keyboard, as a user could. Found by its name,
 * or as the one slider ranging 10 to 100 (frame delay ranges 50 to 2000).
 */
export async function chooseQuality(page: Page, percent: number): Promise<QualityChoice> {
  const slider = page
    .getByRole('slider', { name: /quality/i })
    .or(page.locator('[role="slider"][aria-valuemin="10"][aria-valuemax="100"]'))
    .first();
  if ((await slider.count()) === 0) return 'no quality control';
  for (let step = 0; step < 20; step++) {
    const now = Number(await slider.getAttribute('aria-valuenow'));
    if (now === percent) return 'set';
    await slider.press(now < percent ? 'ArrowRight' : 'ArrowLeft');
  }
  throw new Error(`the quality slider did not reach ${percent}`);
}

/**
 * The Transparency card's Soft edges choice (shown when a chosen PNG has transparent pixels and no matte
 * is set), clicked as a user would. Waits up to `waitMs` for the card, which appears once a reduced
 * decode has found the transparency; false when it did not come.
 */
export async function chooseSoftEdges(page: Page, choice: 'Cut' | 'Dither', waitMs: number): Promise<boolean> {
  const radio = page.getByRole('radio', { name: choice, exact: true });
  try {
    await radio.waitFor({ state: 'attached', timeout: waitMs });
  } catch {
    return false;
  }
  if (!(await radio.isChecked())) await page.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
  for (let tries = 0; tries < 50 && !(await radio.isChecked()); tries++) await page.waitForTimeout(100);
  return radio.isChecked();
}

/** The crop fields, width and height first so that the position has room (the fields clamp to the picture). */
const CROP_FIELDS = [
  ['Crop width', 'width'],
  ['Crop height', 'height'],
  ['Crop X', 'x'],
  ['Crop Y', 'y'],
] as const;

/**
 * Crops and turns the picture through the settings card's own controls, as a person would: the crop typed
 * into the Crop X/Y/width/height fields (each left, so it is taken), then Rotate right for each quarter turn.
 */
export async function setFraming(
  page: Page,
  framing: { crop: { x: number; y: number; width: number; height: number } | null; quarterTurnsRight: number },
): Promise<void> {
  if (framing.crop) {
    for (const [name, side] of CROP_FIELDS) {
      const field = page.getByRole('textbox', { name, exact: true });
      const value = framing.crop[side];
      await field.fill(String(value));
      await field.blur();
      for (let tries = 0; (await field.inputValue()) !== `${value} px`; tries++) {
        if (tries >= 50) throw new Error(`the ${name} field did not take ${value}`);
        await page.waitForTimeout(100);
      }
    }
  }
  for (let turn = 0; turn < framing.quarterTurnsRight; turn++)
    await page.getByRole('button', { name: 'Rotate right', exact: true }).click();
}

/** Turns the picture back upright after `setFraming` (a new choice of files drops the crop, not the turn). */
export async function turnBack(page: Page, quarterTurnsRight: number): Promise<void> {
  for (let turn = 0; turn < quarterTurnsRight; turn++)
    await page.getByRole('button', { name: 'Rotate left', exact: true }).click();
}

/** The User Timing mark a size estimate's sample leaves (runtime/browser-runtime.ts SAMPLE_STAGES_MARK). */
export const SAMPLE_STAGES_MARK = 'png2gif:sample-stages';

/** The page's clock, to pass to `settle` as the moment of the last change. */
export const pageNow = (page: Page): Promise<number> => page.evaluate('performance.now()') as Promise<number>;

/**
 * Waits as a person pausing before Convert would: until the size estimate's sample made after the last
 * change (`changedAt`, the page's clock) has finished, when there is one to wait for (not in a batch, which
 * has no estimate), and at least `pauseMs` after the change and until `until` (the page's clock), for the
 * page's idle-time work to be done.
 */
export async function settle(
  page: Page,
  changedAt: number,
  { pauseMs, estimate, until = 0 }: { pauseMs: number; estimate: boolean; until?: number },
): Promise<void> {
  if (estimate)
    await page
      .waitForFunction(
        `performance.getEntriesByName('${SAMPLE_STAGES_MARK}').some((entry) => entry.startTime > ${changedAt})`,
        undefined,
        { timeout: 20_000, polling: 100 },
      )
      .catch(() => {});
  const left = Math.max(changedAt + pauseMs, until) - (await pageNow(page));
  if (left > 0) await page.waitForTimeout(left);
}

export const ARM_PROBE = `(() => {
  const nameOf = (el) => (el.getAttribute('aria-label') || el.textContent || '').trim();
  const probe = { clickAt: null, doneAt: null, failed: null, results: 0 };
  window.__benchProbe = probe;
  const alertsAtClick = new Map();
  const check = () => {
    if (probe.clickAt === null || probe.doneAt !== null) return;
    const controls = Array.from(document.querySelectorAll('button, a'));
    const converting = controls.some((el) => /^Converting/.test(nameOf(el)));
    if (converting) return;
    // An alert shown before the click (an earlier failure's toast, still closing) is not this conversion's.
    const alert = Array.from(document.querySelectorAll('[role="alert"]')).find((el) =>
      /Conversion failed/i.test(el.textContent || '') && alertsAtClick.get(el) !== el.textContent);
    const downloads = controls.filter((el) => ${DOWNLOAD_ONE_NAME}.test(nameOf(el)));
    // What a person waits for: the ready text on screen, with its Download controls.
    const ready = Array.from(document.querySelectorAll('h1, h2, h3, h4, p, div, span'))
      .some((el) => el.childElementCount === 0 && ${READY_TEXT}.test((el.textContent || '').trim()) && el.getClientRects().length > 0);
    if (alert) probe.failed = (alert.textContent || '').trim();
    else if (downloads.length > 0 && ready) probe.results = downloads.length;
    else return;
    probe.doneAt = performance.now();
    observer.disconnect();
    document.removeEventListener('click', onClick, true);
  };
  const onClick = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && probe.clickAt === null && ${CONVERT_NAME}.test(nameOf(button))) {
      probe.clickAt = performance.now();
      for (const el of document.querySelectorAll('[role="alert"]')) alertsAtClick.set(el, el.textContent);
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  document.addEventListener('click', onClick, true);
})()`;

/** The User Timing mark the engine leaves after each conversion (runtime/browser-runtime.ts STAGES_MARK). */
export const STAGES_MARK = 'png2gif:stages';

/** Where one engine conversion's time went (ms per stage, plus totalMs and frames); absent in builds without it. */
export type StageDetail = Record<string, number>;

export interface ConversionTiming {
  /** From the click on Convert to the result (or the failure) in the DOM, both stamped in the page. */
  ms: number;
  /** One per engine conversion of this click (a batch has one per file). */
  stages: StageDetail[];
  /** One conversion: click → the engine's start, and the engine's end → the ready text. */
  page: { beforeMs: number; afterMs: number } | null;
  /** How many results ('Download' controls) the page shows. */
  results: number;
  failed: string | null;
}

export async function convertAndWait(page: Page, timeoutMs: number): Promise<ConversionTiming> {
  await page.evaluate(`performance.clearMarks('${STAGES_MARK}')`);
  await page.evaluate(ARM_PROBE);
  await convertButton(page).click();
  await page.waitForFunction('window.__benchProbe.doneAt !== null', undefined, { timeout: timeoutMs, polling: 100 });
  const probe = (await page.evaluate('window.__benchProbe')) as {
    clickAt: number;
    doneAt: number;
    failed: string | null;
    results: number;
  };
  const marks = (await page.evaluate(
    `performance.getEntriesByName('${STAGES_MARK}').map((entry) => ({ detail: entry.detail, at: entry.startTime }))`,
  )) as { detail: StageDetail; at: number }[];
  const stages = marks.map((mark) => mark.detail);
  // One conversion: the page's part split into before the engine started and after it finished.
  const only = marks.length === 1 ? marks[0]! : null;
  // A conversion made ahead (its detail's `ahead`) ran that long before the click: only the rest is after it.
  const pageSplit =
    only && typeof only.detail.totalMs === 'number'
      ? {
          beforeMs: only.at - (only.detail.totalMs - (only.detail.ahead ?? 0)) - probe.clickAt,
          afterMs: probe.doneAt - only.at,
        }
      : null;
  return { ms: probe.doneAt - probe.clickAt, stages, page: pageSplit, results: probe.results, failed: probe.failed };
}

/** The result GIFs in display order, through the page's own download controls. */
export async function downloadResults(page: Page): Promise<Uint8Array[]> {
  const all = control(page, DOWNLOAD_ALL_NAME);
  if ((await all.count()) > 0) {
    const zip = unzipSync(await downloadBytes(page, all.first()));
    return Object.keys(zip)
      .filter((name) => name.toLowerCase().endsWith('.gif'))
      .sort()
      .map((name) => zip[name]!);
  }
  const items = control(page, DOWNLOAD_ONE_NAME);
  const gifs: Uint8Array[] = [];
  for (let i = 0; i < (await items.count()); i++) gifs.push(await downloadBytes(page, items.nth(i)));
  return gifs;
}

async function downloadBytes(page: Page, trigger: Locator): Promise<Uint8Array> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return new Uint8Array(readFileSync(await download.path()));
}

/**
 * Installed before the app loads: stamps when the converter becomes usable (a file input and a
 * visible Convert button) and records long tasks, for the time-to-interactive figure.
 */
export const STARTUP_PROBE = `(() => {
  const startup = { convertShownAt: null, longTasks: [] };
  window.__benchStartup = startup;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) startup.longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (error) {}
  const check = () => {
    if (startup.convertShownAt !== null) return;
    const input = document.querySelector('input[type="file"]');
    const convert = Array.from(document.querySelectorAll('button')).find((el) => ${CONVERT_NAME}.test((el.textContent || '').trim()));
    if (input && convert && convert.getClientRects().length > 0) {
      startup.convertShownAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true });
})()`;

/**
 * Armed before files are chosen: stamps the file input's change event and the moment the selected-files
 * list (its "Selected files" heading and a file's name) is laid out, in the page. Read it with `fileListVisibleMs`.
 */
export const FILE_LIST_PROBE = `(() => {
  const probe = { changeAt: null, shownAt: null };
  window.__benchFileList = probe;
  const visible = (el) => el.getClientRects().length > 0;
  // The list's heading and a chosen file's name on screen.
  const shown = () => Array.from(document.querySelectorAll('h1, h2, h3, h4, [role="heading"]'))
    .some((el) => /^Selected files/.test((el.textContent || '').trim()) && visible(el)) &&
    Array.from(document.querySelectorAll('p, span, div, li'))
      .some((el) => el.childElementCount === 0 && /\\.png$/i.test((el.textContent || '').trim()) && visible(el));
  const observer = new MutationObserver(() => {
    if (probe.changeAt !== null && probe.shownAt === null && shown()) {
      observer.disconnect();
      // The frame that paints it: laid out is not yet on screen.
      requestAnimationFrame(() => (probe.shownAt = performance.now()));
    }
  });
  document.addEventListener('change', (event) => {
    if (probe.changeAt === null && event.target instanceof HTMLInputElement && event.target.type === 'file') {
      probe.changeAt = performance.now();
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    }
  }, { capture: true, once: true });
})()`;

/** ms from the file input's change event to the file list on screen, once `chooseFiles` returned; null if never. */
export async function fileListVisibleMs(page: Page): Promise<number | null> {
  await page.waitForFunction('window.__benchFileList.shownAt !== null', undefined, { timeout: 15_000 }).catch(() => {});
  const probe = (await page.evaluate('window.__benchFileList')) as { changeAt: number | null; shownAt: number | null };
  return probe.changeAt !== null && probe.shownAt !== null ? probe.shownAt - probe.changeAt : null;
}

/**
 * A first visit's conversion in an opened converter: the photo chosen, how soon its file list shows, then
 * Convert. A refused photo or a failed conversion throws.
 */
export async function firstVisitConversion(
  page: Page,
  photo: readonly string[],
): Promise<{ fileListVisibleMs: number | null; timing: ConversionTiming }> {
  await page.evaluate(FILE_LIST_PROBE);
  const choice = await chooseFiles(page, photo);
  if (!choice.accepted) throw new Error(`photo refused: ${choice.reason}`);
  const fileListMs = await fileListVisibleMs(page);
  const timing = await convertAndWait(page, 120_000);
  if (timing.failed) throw new Error(timing.failed);
  return { fileListVisibleMs: fileListMs, timing };
}
