import { stillPngHeader } from '../rules/png-validation';
import { whenIdle } from '@/shared/lib/when-idle';
import { readStart } from './read-ahead';

/**
 * The decodes ahead start this long after a choice at the latest: the file list and the settings are drawn
 * first (a decode competes with them for the two cores of a small machine).
 */
const DECODE_AFTER_MS = 300;

/** Where the decoded PNGs go: the engine instance a single conversion and the size estimate run on. */
export interface DecodeAheadTarget {
  decodeAhead(files: readonly { file: File; pixels: number }[]): void;
}

/**
 * Decodes the still PNGs just chosen in idle time, into the decode workers that will encode them (their
 * kept decodes, rules/kept-decodes.ts): by the time Convert is clicked, or the size estimate's sample runs,
 * the biggest part of a still's decode is done. A new choice or a conversion calls off what has not started.
 */
export class DecodesAhead {
  #cancel: (() => void) | null = null;

  constructor(
    private readonly target: DecodeAheadTarget,
    private readonly schedule: (task: () => void) => () => void = (task) => whenIdle(task, DECODE_AFTER_MS),
  ) {}

  prepare(files: readonly File[]): void {
    this.stop();
    let called = false;
    const cancelIdle = this.schedule(() => void this.#start(files, () => called));
    this.#cancel = () => {
      called = true;
      cancelIdle();
    };
  }

  /** A conversion starts: it decodes what is not decoded yet itself. */
  stop(): void {
    this.#cancel?.();
    this.#cancel = null;
  }

  async #start(files: readonly File[], calledOff: () => boolean): Promise<void> {
    const starts = await Promise.all(
      files.map((file) =>
        readStart(file)
          .then(stillPngHeader)
          .catch(() => null),
      ),
    );
    if (calledOff()) return;
    this.target.decodeAhead(
      files.flatMap((file, index) => {
        const header = starts[index];
        return header ? [{ file, pixels: header.width * header.height }] : [];
      }),
    );
  }
}
