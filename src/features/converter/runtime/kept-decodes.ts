/**
 * The full-size decodes a decode worker keeps, so that a file is decoded once per choice, not once per
 * encode: the PNGs are decoded ahead a moment after they are chosen (runtime/decodes-ahead.ts), then the
 * size estimate's sample and the conversion, and the next conversion at other settings, take them from
 * here: a big photo's decode and read-back are a large part of the click-to-result time. Bounded by
 * pixels, the least recently used given back first.
 */
export const KEPT_DECODE_PIXELS = 16_000_000;

export class KeptDecodes<T> {
  readonly #entries = new Map<number, { value: T; pixels: number }>();

  /** `release` frees a value that leaves, where the garbage collector does not (an ImageBitmap's close). */
  constructor(
    private readonly release: (value: T) => void = () => {},
    private readonly maxPixels = KEPT_DECODE_PIXELS,
  ) {}

  get(key: number): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // The newest last: what was used a moment ago is the last to go.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` under `key` if it fits the bound at all, giving back the oldest to make room. */
  keep(key: number, value: T, pixels: number): boolean {
    if (pixels > this.maxPixels) return false;
    this.#drop(key);
    let total = pixels;
    for (const entry of this.#entries.values()) total += entry.pixels;
    for (const [oldest, entry] of this.#entries) {
      if (total <= this.maxPixels) break;
      total -= entry.pixels;
      this.#drop(oldest);
    }
    this.#entries.set(key, { value, pixels });
    return true;
  }

  /** The value under `key`, no longer kept and not released: its taker owns it now. */
  take(key: number): T | undefined {
    const entry = this.#entries.get(key);
    this.#entries.delete(key);
    return entry?.value;
  }

  /** Gives back every value but those of `keys` (a new choice of files). */
  keepOnly(keys: readonly number[]): void {
    for (const key of [...this.#entries.keys()]) if (!keys.includes(key)) this.#drop(key);
  }

  keys(): number[] {
    return [...this.#entries.keys()];
  }

  #drop(key: number): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.release(entry.value);
  }
}

/**
 * Which decode worker decodes each file ahead (null: none), in file order: each to the worker that keeps
 * the fewest pixels so far, while it stays within the bound, so that no ahead decode gives back another.
 * `pixels` is null for a file not to decode ahead (an animated or unreadable PNG).
 */
export function assignDecodesAhead(
  pixels: readonly (number | null)[],
  workers: number,
  maxPixels = KEPT_DECODE_PIXELS,
): (number | null)[] {
  const load = new Array<number>(workers).fill(0);
  return pixels.map((size) => {
    if (size === null) return null;
    const worker = load.indexOf(Math.min(...load));
    if (load[worker]! + size > maxPixels) return null;
    load[worker]! += size;
    return worker;
  });
}
