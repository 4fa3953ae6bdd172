/**
 * The bench's conversion cases in Chromium, Firefox and WebKit, timed alike: click on Convert → result in the
 * page, stamped by the page itself (app-ui.ts ARM_PROBE), each case run the way it ran in Chromium.
 */
import { chooseFiles, click, CONVERT, slide, toggle, waitFor } from '../engines/app';
import { launchEngine, type EngineBrowser, type EngineName, type EnginePage } from '../engines/drivers';
import { ARM_PROBE, STAGES_MARK, type StageDetail } from './app-ui';
import { stageMedians, stageSums, type CaseResult } from './case-runner';
import type { ConversionCase } from './cases';
import type { InputSet } from './inputs/write-inputs';
import { spread, type Spread } from './stats';

export interface EngineCaseTime {
  caseId: string;
  runsMs: number[];
  time: Spread | null;
  /** Median ms per stage of the measured runs, read from the engine's stage mark as in Chromium's own table. */
  stages: Record<string, number> | null;
  error: string | null;
}

export interface EngineTimes {
  engine: EngineName;
  /** The browser and its version, or why it did not run. */
  version: string;
  cases: EngineCaseTime[];
}

export interface EngineRunOptions {
  runs: number;
  quality: number | null;
  /** Convert is clicked no sooner than this after the file list shows (ms), in every engine alike. */
  lookMs: number;
  conversionTimeoutMs: number;
  log: (line: string) => void;
}

/** One case as Chromium ran it: its files, its mode, then Convert; the probe's time and the stages. */
export async function convertOnce(
  page: EnginePage,
  conversionCase: ConversionCase,
  inputs: InputSet,
  options: EngineRunOptions,
): Promise<{ ms: number; stages: Record<string, number> | null }> {
  // Back to an empty selection without a reload, so the engine stays warm between runs.
  const reset = (name: string) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === name);
  if (await page.run(reset, 'Reset')) await click(page, { selector: 'button', name: 'Reset' });
  await chooseFiles(page, inputs.files);
  const listedAt = await page.run<null, number>('performance.now()');
  if (conversionCase.kind === 'animated') await toggle(page, 'Animated GIF');
  if (conversionCase.kind === 'batch') await toggle(page, 'Static (one GIF per file)');
  if (options.quality !== null) await slide(page, 'Quality', options.quality);
  await page.run(`performance.clearMarks('${STAGES_MARK}')`);
  await page.run(ARM_PROBE);
  const looked = await page.run<null, number>(`performance.now() - ${listedAt}`);
  if (looked < options.lookMs) await new Promise((resolve) => setTimeout(resolve, options.lookMs - looked));
  await click(page, CONVERT);
  const probe = await waitFor(
    page,
    () => {
      const probe = (window as unknown as { __benchProbe: { clickAt: number; doneAt: number | null; failed: string } })
        .__benchProbe;
      return probe.doneAt === null ? null : probe;
    },
    undefined,
    'the result',
    options.conversionTimeoutMs,
  );
  if (probe.failed) throw new Error(probe.failed);
  const ms = probe.doneAt! - probe.clickAt;
  const marks = await page.run<null, { detail: StageDetail; at: number }[]>(
    `performance.getEntriesByName('${STAGES_MARK}').map((entry) => ({ detail: entry.detail, at: entry.startTime }))`,
  );
  // One conversion: the page's part split at the engine, as in Chromium's own stage table.
  const only = marks.length === 1 ? marks[0]! : null;
  const split =
    only && typeof only.detail.totalMs === 'number'
      ? { beforeMs: only.at - only.detail.totalMs - probe.clickAt, afterMs: probe.doneAt! - only.at }
      : null;
  const stages = stageSums({ ms, stages: marks.map((mark) => mark.detail), page: split });
  // Nothing chosen after the result: the page's idle-time work on the files (decoding them ahead again) is
  // called off, and the next engine's run does not share the machine with it.
  await click(page, { selector: 'button', name: 'Reset' });
  // How long the engine had for its work ahead (the files' checks, a still's decode) before the click.
  return { ms, stages: stages && { ...stages, 'list-to-click': probe.clickAt - listedAt } };
}

/**
 * Times each case Chromium converted in one conversion or as a batch (not those it had to run one file at a
 * time) in Chromium and the other engines, run by run in turn so that all of them meet the same machine
 * load: one warm-up each, then `runs` measured runs. A missing browser or a failed case is reported, not thrown.
 */
export async function timeCasesInEngines(
  others: readonly EngineName[],
  url: string,
  cases: readonly { conversionCase: ConversionCase; inputs: InputSet; chromium: CaseResult }[],
  options: EngineRunOptions,
): Promise<EngineTimes[]> {
  const engines: { times: EngineTimes; browser: EngineBrowser | null }[] = [];
  for (const engine of ['chromium' as const, ...others]) {
    try {
      const browser = await launchEngine(engine);
      engines.push({ times: { engine, version: browser.version, cases: [] }, browser });
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      options.log(`  ${engine}: not run: ${reason}`);
      engines.push({ times: { engine, version: `not run: ${reason}`, cases: [] }, browser: null });
    }
  }
  try {
    for (const { conversionCase, inputs, chromium } of cases) {
      const way = chromium.app.way;
      const running = engines.flatMap(({ times, browser }) => {
        const result: EngineCaseTime = {
          caseId: conversionCase.id,
          runsMs: [],
          time: null,
          stages: null,
          error: null,
        };
        times.cases.push(result);
        if (way !== 'one conversion' && way !== 'batch (several results)') result.error = `not run (${way})`;
        return browser && !result.error ? [{ engine: times.engine, browser, result }] : [];
      });
      const pages = new Map<EngineName, EnginePage>();
      const stageRuns = new Map<EngineCaseTime, Record<string, number>[]>();
      try {
        for (let run = 0; run <= options.runs; run++) {
          for (const { engine, browser, result } of running) {
            if (result.error) continue;
            try {
              let page = pages.get(engine);
              if (!page) {
                page = await browser.newPage();
                pages.set(engine, page);
                await page.goto(url);
              }
              const { ms, stages } = await convertOnce(page, conversionCase, inputs, options);
              if (run > 0) result.runsMs.push(ms);
              if (run > 0 && stages) stageRuns.set(result, [...(stageRuns.get(result) ?? []), stages]);
              options.log(
                `  ${conversionCase.title}, ${engine}: ${run === 0 ? 'warm-up' : `run ${run}`} ${Math.round(ms)} ms` +
                  (stages ? ` (clicked ${Math.round(stages['list-to-click']!)} ms after the file list showed)` : ''),
              );
            } catch (error) {
              result.error = error instanceof Error ? error.message.split('\n')[0]! : String(error);
              options.log(`  ${conversionCase.title}, ${engine}: failed: ${result.error}`);
            }
          }
        }
      } finally {
        for (const page of pages.values()) await page.close();
      }
      for (const { result } of running) {
        if (result.error || result.runsMs.length === 0) continue;
        result.time = spread(result.runsMs);
        result.stages = stageMedians(stageRuns.get(result) ?? []);
      }
    }
  } finally {
    for (const { times, browser } of engines) {
      if (!browser) continue;
      times.version = browser.version;
      await browser.close();
    }
  }
  return engines.map(({ times }) => times);
}
