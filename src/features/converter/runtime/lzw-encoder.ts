/**
 * The LZW encoder's wasm (wasm-assets/core/lzw/gif-lzw.c and lossy-budget.c, built with the core into
 * gif-lzw.wasm), given the compiled module by whoever can fetch it (the optimiser worker's lzw-loader.ts;
 * in Node, tests/support/node-lzw.ts). Each encode copies its frame into the instance's memory and the result out.
 */
import type { BudgetRule, LzwBand, LzwEncoder, LzwImage, LzwResult } from '../rules/gif/lzw';

interface Exports {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(bytes: number): number;
  free(pointer: number): void;
  lzw_encode(
    indices: number,
    count: number,
    width: number,
    palette: number,
    entries: number,
    transparentIndex: number,
    under: number,
    budgets: number,
    minCodeSize: number,
    errorBudget: number,
    band: number,
    alternative: number,
    data: number,
    written: number,
  ): number;
  lzw_budgets(
    indices: number,
    width: number,
    height: number,
    palette: number,
    entries: number,
    transparentIndex: number,
    budget: number,
    smoothShare: number,
    maxShare: number,
    fullAt: number,
    out: number,
  ): number;
}

const BANDS: Record<LzwBand, number> = { whole: 0, first: 1, next: 2 };

/**
 * A memory grown past this by a big frame is dropped after the encode (wasm memory never shrinks), and the
 * next encode starts a fresh instance: a 3840x2160 frame takes ~83 MB, a 1920x1080 one 21 (kept).
 */
const KEEP_MEMORY_BYTES = 64 << 20;

/** Bytes of the instance's memory one encode of `count` pixels uses (see `encode` for the layout). */
const bytesFor = (count: number) => 10 * count + 1024;

class LzwInstance {
  readonly #exports: Exports;
  #arena = 0;
  #arenaBytes = 0;

  constructor(module: WebAssembly.Module) {
    const instance = new WebAssembly.Instance(module, { env: { emscripten_notify_memory_growth: () => {} } });
    this.#exports = instance.exports as unknown as Exports;
    this.#exports._initialize();
  }

  get memoryBytes(): number {
    return this.#exports.memory.buffer.byteLength;
  }

  encode(image: LzwImage, errorBudget: number, band: LzwBand): LzwResult {
    const { indices, under } = image;
    const count = indices.length;
    const budgets = errorBudget > 0 ? (image.budgets ?? null) : null;
    const base = this.#reserve(bytesFor(count));
    // indices | palette (768) | under (2 a pixel) | budgets (2) | alternatives (2) | codes (2 + 64) | written (1)
    const indicesAt = base;
    const paletteAt = base + count;
    const underAt = (paletteAt + 768 + 1) & ~1;
    const budgetsAt = underAt + 2 * count;
    const alternativeAt = budgetsAt + 2 * count;
    const dataAt = alternativeAt + 2 * count;
    const writtenAt = dataAt + 2 * count + 64;
    const { memory } = this.#exports;
    const heap = new Uint8Array(memory.buffer);
    heap.set(indices, indicesAt);
    const palette = image.palette.subarray(0, 768);
    heap.set(palette, paletteAt);
    if (under) new Uint16Array(memory.buffer, underAt, count).set(under);
    if (budgets) new Uint16Array(memory.buffer, budgetsAt, count).set(budgets);
    const bits = this.#exports.lzw_encode(
      indicesAt,
      count,
      image.width,
      paletteAt,
      Math.floor(palette.length / 3),
      image.transparentIndex ?? -1,
      under ? underAt : 0,
      budgets ? budgetsAt : 0,
      image.minCodeSize,
      errorBudget,
      BANDS[band],
      alternativeAt,
      dataAt,
      writtenAt,
    );
    const after = new Uint8Array(memory.buffer);
    return {
      data: after.slice(dataAt, dataAt + Math.ceil(bits / 8)),
      bits,
      written: after.slice(writtenAt, writtenAt + count),
    };
  }

  budgets(indices: Uint8Array, width: number, palette: Uint8Array, rule: BudgetRule): Uint16Array {
    const count = indices.length;
    const base = this.#reserve(bytesFor(count));
    // indices | palette (768) | budgets (2 a pixel)
    const paletteAt = base + count;
    const outAt = (paletteAt + 768 + 1) & ~1;
    const heap = new Uint8Array(this.#exports.memory.buffer);
    heap.set(indices, base);
    const entries = palette.subarray(0, 768);
    heap.set(entries, paletteAt);
    const status = this.#exports.lzw_budgets(
      base,
      width,
      count / width,
      paletteAt,
      Math.floor(entries.length / 3),
      rule.transparentIndex ?? -1,
      rule.budget,
      rule.smoothShare,
      rule.maxShare,
      rule.fullAt,
      outAt,
    );
    if (status !== 0) throw new Error('The LZW encoder could not get memory for the lossy budgets');
    return new Uint16Array(this.#exports.memory.buffer, outAt, count).slice();
  }

  #reserve(bytes: number): number {
    if (bytes > this.#arenaBytes) {
      if (this.#arena) this.#exports.free(this.#arena);
      this.#arena = this.#exports.malloc(bytes);
      if (!this.#arena) throw new Error(`The LZW encoder could not get ${bytes} bytes of memory`);
      this.#arenaBytes = bytes;
    }
    return this.#arena;
  }
}

/** The encoder of one thread: its instance is started on first use, and again after a big frame let it go. */
export class WasmLzwEncoder implements LzwEncoder {
  readonly #module: WebAssembly.Module;
  #instance: LzwInstance | null = null;

  constructor(module: WebAssembly.Module) {
    this.#module = module;
  }

  encode(image: LzwImage, errorBudget: number, band: LzwBand): LzwResult {
    return this.#withInstance((instance) => instance.encode(image, errorBudget, band));
  }

  budgets(indices: Uint8Array, width: number, palette: Uint8Array, rule: BudgetRule): Uint16Array {
    return this.#withInstance((instance) => instance.budgets(indices, width, palette, rule));
  }

  #withInstance<T>(work: (instance: LzwInstance) => T): T {
    this.#instance ??= new LzwInstance(this.#module);
    const result = work(this.#instance);
    if (this.#instance.memoryBytes > KEEP_MEMORY_BYTES) this.#instance = null;
    return result;
  }
}
