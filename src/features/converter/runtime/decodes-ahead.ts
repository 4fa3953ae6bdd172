import { factsAhead } from '../rules/plan/facts-ahead';
import { stillPngHeader } from '../rules/png/validation';
import type { ConversionSettings } from '../rules/settings';
import type { DecodeAhead } from './frame-decoder';
import { readStart } from '@/shared/lib/file-start';

/**
 * The decodes ahead start in the task after the choice: the file list, set in the same update, is drawn on
 * the page's thread while a worker decodes, and the header reads and posts are short. Waiting for an idle
 * moment made a Convert clicked at once wait for it too.
 */
const DECODE_AFTER_MS = 0;
/**
 * After a conversion took the kept decodes, they are made again this long after it: the result's own work
 * (its preview, the compare view, a download) comes first.
 */
const AGAIN_AFTER_MS = 1000;

/** Runs a task `ms` later (a timer, not an idle callback); returns what calls it off. */
const after =
  (ms: number) =>
  (task: () => void): (() => void) => {
    const timer = setTimeout(task, ms);
    return () => clearTimeout(timer);
  };

/** Where the decoded PNGs go: the engine instance a single conversion and the size estimate run on. */
export interface DecodeAheadTarget {
  decodeAhead(files: readonly DecodeAhead[]): void;
}

/**
 * Decodes the still PNGs just chosen at once, into the decode workers that will encode them (their
 * kept decodes, runtime/kept-decodes.ts): by the time Convert is clicked, or the size estimate's sample runs,
 * the biggest part of a still's decode is done, with the facts a conversion at the settings of the moment
 * reads from the pixels (rules/plan/facts-ahead.ts). A new choice or a conversion calls off what has not started.
 */
export class DecodesAhead {
  #cancel: (() => void) | null = null;
  /** The files of the last choice; null before the first (one made before the runtime loaded is not told). */
  #chosen: readonly File[] | null = null;

  constructor(
    private readonly target: DecodeAheadTarget,
    private readonly schedule: (task: () => void) => () => void = after(DECODE_AFTER_MS),
    private readonly scheduleAgain: (task: () => void) => () => void = after(AGAIN_AFTER_MS),
  ) {}

  prepare(files: readonly File[], settings: ConversionSettings): void {
    this.stop();
    this.#chosen = files;
    let called = false;
    const cancelIdle = this.schedule(() => void this.#start(files, settings, () => called));
    this.#cancel = () => {
      called = true;
      cancelIdle();
    };
  }

  /**
   * A conversion that took the kept decodes of `files` is over: they are decoded ahead again for the next
   * one, unless another choice was made meanwhile.
   */
  again(files: readonly File[], settings: ConversionSettings): void {
    const chosen = this.#chosen ?? files;
    if (files.length !== chosen.length || files.some((file, index) => file !== chosen[index])) return;
    this.stop();
    this.#chosen = files;
    this.#cancel = this.scheduleAgain(() => this.prepare(files, settings));
  }

  /** A conversion starts: it decodes what is not decoded yet itself. */
  stop(): void {
    this.#cancel?.();
    this.#cancel = null;
  }

  async #start(files: readonly File[], settings: ConversionSettings, calledOff: () => boolean): Promise<void> {
    const starts = await Promise.all(
      files.map((file) =>
        readStart(file)
          .then(stillPngHeader)
          .catch(() => null),
      ),
    );
    if (calledOff()) return;
    const facts = factsAhead(
      settings,
      starts.map((header, index) => header && { name: files[index]!.name, width: header.width, height: header.height }),
    );
    this.target.decodeAhead(
      files.flatMap((file, index) => {
        const header = starts[index];
        return header ? [{ file, pixels: header.width * header.height, facts: facts[index]! }] : [];
      }),
    );
  }
}
