import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoreModuleMessage } from './core-module';

/** The smallest valid wasm: a module, as a core posts back. */
const wasmModule = () => new WebAssembly.Module(Uint8Array.of(0, 0x61, 0x73, 0x6d, 1, 0, 0, 0));

/** A core's worker as the page sees it: what the page posted, and a way for the core to answer. */
class FakeCoreWorker extends EventTarget {
  readonly posted: CoreModuleMessage[] = [];
  constructor(private readonly refuses = false) {
    super();
  }
  postMessage(message: CoreModuleMessage): void {
    if (this.refuses && message.module) throw new DOMException('not cloneable', 'DataCloneError');
    this.posted.push(message);
  }
  answer(data: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

let share: (worker: Worker) => void;
beforeEach(async () => {
  vi.resetModules(); // each test starts with a page that has no module yet
  share = (await import('./core-module')).shareCoreModule;
});

describe('shareCoreModule', () => {
  it('lets the first core compile, then hands every later core the module it posted back', () => {
    const first = new FakeCoreWorker();
    share(first as unknown as Worker);
    expect(first.posted).toEqual([{ type: 'png2gif:core-module', module: null }]);
    const module = wasmModule();
    first.answer({ type: 'png2gif:core-module', module });
    first.answer({ type: 'png2gif:core-module', module: wasmModule() }); // only the first one is kept

    const [second, third] = [new FakeCoreWorker(), new FakeCoreWorker()];
    share(second as unknown as Worker);
    share(third as unknown as Worker);
    expect(second.posted[0]!.module).toBe(module);
    expect(third.posted[0]!.module).toBe(module);
  });

  it("ignores the library's own messages", () => {
    const first = new FakeCoreWorker();
    share(first as unknown as Worker);
    first.answer({ id: 1, type: 'LOAD', data: true });
    first.answer(null);
    const second = new FakeCoreWorker();
    share(second as unknown as Worker);
    expect(second.posted).toEqual([{ type: 'png2gif:core-module', module: null }]);
  });

  it('tells a core that cannot be posted the module to compile its own', () => {
    const first = new FakeCoreWorker();
    share(first as unknown as Worker);
    first.answer({ type: 'png2gif:core-module', module: wasmModule() });
    const refusing = new FakeCoreWorker(true);
    share(refusing as unknown as Worker);
    expect(refusing.posted).toEqual([{ type: 'png2gif:core-module', module: null }]);
  });
});
