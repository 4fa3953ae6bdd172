import { isAnimatedPng } from '../rules/png/apng-parse';
import { validatePng, type PngHeader } from '../rules/png/validation';
import { whenIdle } from '@/shared/lib/when-idle';

/**
 * Files are checked this long after they are chosen at the latest, one after the other: the file list, the
 * settings and the size estimate's sample come first.
 */
const CHECK_AFTER_MS = 1500;
/**
 * Bigger files are checked by the conversion. A check is one task of the page: 32 MB keeps it short and
 * covers a 4000x3000 photo. It must not compete with a decode: the size estimate's sample takes the PNG
 * decoded ahead (decodes-ahead.ts) rather than decoding it beside the check.
 */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

/**
 * The full check of each still PNG just chosen (every chunk's CRC, the header: validatePng), made in idle
 * time while the person looks at the list and the settings, so that Convert goes straight to decoding.
 * A File is a snapshot, so what its check found stays true; a failed check is kept too and reported by the
 * conversion that uses it, word for word as if that conversion had checked the file itself. Animated PNGs
 * and big files are not checked ahead (the conversion reads the former's frames anyway).
 */
export class ChecksAhead {
  /** A file's check: its header, null when it is not checked ahead after all (an APNG, a failed read). */
  readonly #found = new WeakMap<File, Promise<PngHeader | null>>();
  /** The files whose check has settled. */
  readonly #settled = new WeakSet<File>();
  #queue: File[] = [];
  #cancel: (() => void) | null = null;

  /** `schedule` runs the checks later and returns how to call that off (tests run them at once). */
  constructor(private readonly schedule: (task: () => void) => () => void = (task) => whenIdle(task, CHECK_AFTER_MS)) {}

  /** Queues the files' checks, replacing the ones of an earlier choice that have not started. */
  prepare(files: readonly File[]): void {
    this.#queue = files.filter((file) => file.size <= MAX_FILE_BYTES && !this.#found.has(file));
    this.#cancel?.();
    this.#cancel = this.#queue.length > 0 ? this.schedule(() => this.#drain()) : null;
  }

  /**
   * What the checks ahead found for every file (waiting for one under way), or null when some file was not
   * checked ahead: then the conversion checks them all itself. Rejects with a failed check's error.
   */
  async headers(files: readonly File[]): Promise<PngHeader[] | null> {
    const found = files.map((file) => this.#found.get(file));
    if (found.some((check) => check === undefined)) return null;
    const headers = await Promise.all(found);
    return headers.every((header) => header !== null) ? (headers as PngHeader[]) : null;
  }

  /**
   * Each file's check when some of them are still under way (every file has one), else null. A conversion
   * started meanwhile does not wait for them all: it decodes, and waits for a file's check only before that
   * file's frames go to the core.
   */
  underWay(files: readonly File[]): Promise<PngHeader | null>[] | null {
    if (files.every((file) => this.#settled.has(file))) return null;
    const found = files.map((file) => this.#found.get(file));
    return found.every((check) => check !== undefined) ? found : null;
  }

  /** A check a conversion made of a still PNG, kept for the next conversion of the same file. */
  remember(file: File, header: PngHeader): void {
    this.#found.set(file, Promise.resolve(header));
    this.#settled.add(file);
  }

  /** Every queued file gets its check at once, made one after the other: one file in memory at a time. */
  #drain(): void {
    this.#cancel = null;
    let previous: Promise<unknown> = Promise.resolve();
    for (const file of this.#queue.splice(0)) {
      if (this.#found.has(file)) continue;
      const check = previous
        .catch(() => {})
        .then(() => file.arrayBuffer())
        .then(
          (buffer) => {
            const bytes = new Uint8Array(buffer);
            const header = validatePng(bytes, file.name); // a broken PNG: rejects with the message to show
            return isAnimatedPng(bytes) ? null : header;
          },
          () => null, // not readable now: the conversion reads it again and says why
        );
      check.then(
        () => this.#settled.add(file),
        () => this.#settled.add(file), // reported by the conversion that uses it
      );
      this.#found.set(file, check);
      previous = check;
    }
  }
}
