/**
 * Conformance: every PNG in a folder through the real app, in headless Chromium.
 *
 *   npm run conformance -- <folder> [--skip-build]
 *
 * Builds the app (unless --skip-build), serves the production build with `vite preview` on a free port,
 * and for each PNG chooses it in the page's file input, clicks Convert and reads the outcome:
 * - a valid PNG must give a GIF (decoded here) of the PNG's own size;
 * - a PngSuite `x*` file (deliberately corrupt) must fail with 'Failed to load image', and the next
 *   conversion (a known good image) must then succeed.
 * Prints one line per file and a total; exits non-zero on any unexpected outcome.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { validatePng } from '@/features/converter/rules/png/validation';
import { assertChromiumInstalled, CHROMIUM_ARGS, CHROMIUM_PATH } from '../browser';
import { decodeGif } from '../support/gif';
import { freePort, startPreviewServer } from '../support/preview-server';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUTCOME_TIMEOUT_MS = 60_000;

type Outcome = { ok: true; gif: Uint8Array; ms: number } | { ok: false; error: string; ms: number };

async function convertInPage(page: Page, file: string): Promise<Outcome> {
  const started = Date.now();
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('button', { name: /^Convert/ }).click();
  const download = page.getByRole('link', { name: 'Download' }).or(page.getByRole('button', { name: 'Download' }));
  // The failure card (an alert titled 'Conversion Failed', with the message below the title).
  const failure = page.getByRole('alert').filter({ hasText: /Conversion Failed/ });
  await download.or(failure).first().waitFor({ timeout: OUTCOME_TIMEOUT_MS });
  const ms = Date.now() - started;
  if (await failure.first().isVisible()) {
    const text = (await failure.first().textContent()) ?? '';
    return { ok: false, error: text.replace(/^.*Conversion Failed:?\s*/s, '').trim(), ms };
  }
  // Downloaded as a user would: the page's CSP rightly forbids fetching its blob: URLs from a script.
  const [saved] = await Promise.all([page.waitForEvent('download'), download.first().click()]);
  const gif = new Uint8Array(readFileSync(await saved.path()));
  return { ok: true, gif, ms };
}

function describeGif(gif: Uint8Array): { width: number; height: number; frames: number } {
  const decoded = decodeGif(gif);
  return { width: decoded.width, height: decoded.height, frames: decoded.frames.length };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const folder = args.find((a) => !a.startsWith('--'));
  if (!folder) {
    console.error('usage: npm run conformance -- <folder of PNGs> [--skip-build]');
    return 2;
  }
  const files = readdirSync(folder)
    .filter((name) => name.toLowerCase().endsWith('.png'))
    .sort()
    .map((name) => join(resolve(folder), name));
  if (files.length === 0) {
    console.error(`no PNG files in ${folder}`);
    return 2;
  }
  const valid = files.filter((f) => !basename(f).startsWith('x'));
  const control = valid[0];
  if (!control) throw new Error('The folder needs at least one valid PNG to check recovery after a failure.');

  assertChromiumInstalled();
  if (!args.includes('--skip-build')) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
  const server = await startPreviewServer({ port: await freePort(4299) });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  let failures = 0;
  try {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(server.origin);
    for (const file of files) {
      const name = basename(file);
      const expectFailure = name.startsWith('x');
      let line: string;
      let ok: boolean;
      try {
        const outcome = await convertInPage(page, file);
        if (expectFailure) {
          ok = !outcome.ok && outcome.error.startsWith('Failed to load image');
          const recovery = ok ? await convertInPage(page, control) : null;
          ok &&= recovery?.ok === true;
          line = outcome.ok
            ? 'converted, but it is corrupt and should have been refused'
            : `refused (${outcome.error}); next conversion ${recovery?.ok ? 'ok' : 'FAILED'}`;
        } else if (outcome.ok) {
          const header = validatePng(readFileSync(file), name);
          const gif = describeGif(outcome.gif);
          ok = gif.width === header.width && gif.height === header.height && gif.frames === 1;
          line = `${header.width}x${header.height} -> GIF ${gif.width}x${gif.height}, ${gif.frames} frame, ${outcome.gif.length} B, ${outcome.ms} ms`;
        } else {
          ok = false;
          line = `failed: ${outcome.error}`;
        }
      } catch (error) {
        ok = false;
        line = `no outcome: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
        await page.goto(server.origin);
      }
      if (!ok) failures++;
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(16)} ${line}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(
    `conformance: ${files.length - failures}/${files.length} as expected ` +
      `(${valid.length} valid, ${files.length - valid.length} corrupt)${failures ? `, ${failures} UNEXPECTED` : ''}`,
  );
  return failures ? 1 : 0;
}

process.exitCode = await main();
