import { describe, expect, it, vi } from 'vitest';
import type { ConversionOutput, ConverterRuntime } from '../rules/contracts';
import { DEFAULT_SETTINGS } from '../rules/settings';
import { createLazyRuntime } from './lazy-runtime';

const output = { fileName: 'converted_1.gif' } as ConversionOutput;

function fakeEngine(): ConverterRuntime {
  return {
    warmUp: vi.fn(async () => {}),
    prepare: vi.fn(),
    convertAhead: vi.fn(),
    convert: vi.fn(async () => output),
    convertEach: vi.fn(async () => []),
    convertSample: vi.fn(async () => output),
    decodeGif: vi.fn(async () => ({ width: 1, height: 1, frames: [] })),
    animationFrame: vi.fn(async () => null),
  };
}

const request = { files: [], settings: DEFAULT_SETTINGS };

describe('createLazyRuntime', () => {
  it('loads nothing until it is used, then loads once', async () => {
    const real = fakeEngine();
    const load = vi.fn(async () => real);
    const runtime = createLazyRuntime(load);
    expect(load).not.toHaveBeenCalled();
    await expect(runtime.convert(request)).resolves.toBe(output);
    await runtime.convertEach(request);
    expect(load).toHaveBeenCalledTimes(1);
    expect(real.convertEach).toHaveBeenCalledWith(request, undefined);
  });

  it('warms the loaded runtime up, and settles when the engine has', async () => {
    const real = fakeEngine();
    let engineIn!: () => void;
    vi.mocked(real.warmUp).mockReturnValue(new Promise<void>((resolve) => (engineIn = resolve)));
    const runtime = createLazyRuntime(async () => real);
    let settled = false;
    const warm = runtime.warmUp().then(() => (settled = true));
    await vi.waitFor(() => expect(real.warmUp).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    engineIn();
    await warm;
    expect(settled).toBe(true);
  });

  it('hands a choice of files to a loaded runtime only: loading it for that would compete with the first paint', async () => {
    const real = fakeEngine();
    const runtime = createLazyRuntime(async () => real);
    const files = [new File([new Uint8Array(8)], 'a.png')];
    runtime.prepare(files, request.settings);
    await runtime.convert(request);
    expect(real.prepare).not.toHaveBeenCalled();
    runtime.prepare(files, request.settings);
    expect(real.prepare).toHaveBeenCalledWith(files, request.settings);
  });

  it('hands a conversion ahead to a loaded runtime only', async () => {
    const real = fakeEngine();
    const runtime = createLazyRuntime(async () => real);
    const ahead = { files: [new File([new Uint8Array(8)], 'a.png')], settings: request.settings };
    runtime.convertAhead(ahead);
    await runtime.convert(request);
    expect(real.convertAhead).not.toHaveBeenCalled();
    runtime.convertAhead(ahead);
    runtime.convertAhead(null);
    expect(vi.mocked(real.convertAhead).mock.calls).toEqual([[ahead], [null]]);
  });

  it('retries a load that failed', async () => {
    const real = fakeEngine();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(real);
    const runtime = createLazyRuntime(load);
    // A failed warm-up settles without an error: the next conversion loads again and reports its own.
    await expect(runtime.warmUp()).resolves.toBeUndefined();
    await expect(runtime.convert(request)).resolves.toBe(output);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
