/**
 * What moves on the page by itself during a whole conversion: every layout shift Chromium reports that no
 * input of the last 500 ms explains (a click's own change is expected), from the first load through choosing
 * the files, the settings' estimate, Convert and the result, at a phone's width and a desktop's. Prints each
 * shift with the phase it fell in, its score and the elements that moved; a product with nothing moving by
 * itself prints only the phases.
 * Run: `npm run build && npx tsx tests/bench/probes/layout-shifts.ts <dist dir> <png or folder>…` (each
 * argument one conversion: a folder's PNGs are chosen at once, as an animation when there are several).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { assertChromiumInstalled } from '../../browser';
import { withBrowserProfile } from '../../support/browser-profile';
import { chooseFiles, chooseMode, convertAndWait, openConverter } from '../app-ui';

const [OUT_DIR = 'dist', ...SETS] = process.argv.slice(2);
const WIDTHS = [375, 1280];

// In-page code as a string: the CSP is bypassed for it, and tsx's helpers do not exist in the page.
const OBSERVE = `(() => {
  window.__shifts = [];
  window.__phase = 'load';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__shifts.push({
        phase: window.__phase,
        at: Math.round(entry.startTime),
        score: entry.value,
        moved: entry.sources.map((source) => {
          const node = source.node;
          const name = node ? (node.getAttribute?.('data-testid') || node.getAttribute?.('aria-label') || node.className || node.nodeName) : '?';
          const text = (node?.textContent || '').trim().slice(0, 40);
          const [was, now] = [source.previousRect, source.currentRect];
          return String(name).slice(0, 50) + ' "' + text + '" y ' + Math.round(was.y) + '→' + Math.round(now.y) + ', h ' + Math.round(was.height) + '→' + Math.round(now.height);
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})()`;

function pngsOf(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => name.endsWith('.png'))
    .sort()
    .map((name) => join(path, name));
}

async function phase(page: Page, name: string, waitMs: number, action: () => Promise<unknown>) {
  await page.evaluate(`window.__phase = ${JSON.stringify(name)}`);
  await action();
  await page.waitForTimeout(waitMs);
}

async function main() {
  if (SETS.length === 0) throw new Error('usage: layout-shifts.ts <dist dir> <png or folder>…');
  assertChromiumInstalled();
  for (const set of SETS)
    for (const width of WIDTHS) {
      const files = pngsOf(set);
      const shifts = await withBrowserProfile(
        OUT_DIR,
        async (context, origin) => {
          const page = await context.newPage();
          await page.setViewportSize({ width, height: 740 });
          await page.addInitScript(OBSERVE);
          await phase(page, 'load', 2000, () => openConverter(page, `${origin}/`));
          await phase(page, 'files chosen', 3000, async () => {
            await chooseFiles(page, files);
            await chooseMode(page, files.length > 1 ? 'animated' : 'static');
          });
          await phase(page, 'convert', 3000, () => convertAndWait(page, 120_000));
          return (await page.evaluate('window.__shifts')) as {
            phase: string;
            at: number;
            score: number;
            moved: string[];
          }[];
        },
        { bypassCSP: true },
      );
      const total = shifts.reduce((sum, shift) => sum + shift.score, 0);
      console.log(`${set} at ${width} px: ${shifts.length} shift(s), ${total.toFixed(4)} in all`);
      for (const shift of shifts) {
        console.log(`  ${shift.phase}, ${shift.at} ms: ${shift.score.toFixed(4)}`);
        for (const moved of shift.moved) console.log(`    ${moved}`);
      }
    }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
