import { describe, expect, it } from 'vitest';
import { classifyFailure, describeThrown, type FailureKind } from './failure-kinds';

/** What Chromium, Firefox and WebKit (and @ffmpeg/ffmpeg's worker, as text) say, by the kind it is. */
const SAID: readonly [unknown, FailureKind][] = [
  // The engine core, a worker or a chunk that could not be fetched or compiled.
  ['CompileError: WebAssembly.compile(): expected magic word 00 61 73 6d, found 3c 21 44 4f @+0', 'engine-load'],
  [new WebAssembly.CompileError('wasm validation error: at offset 4: failed to match magic number'), 'engine-load'],
  ["TypeError: Failed to execute 'compileStreaming' on 'WebAssembly': HTTP status code is not ok", 'engine-load'],
  [new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'), 'engine-load'],
  [new TypeError('error loading dynamically imported module: https://x/assets/a.js'), 'engine-load'],
  [new TypeError('Importing a module script failed.'), 'engine-load'],
  [new TypeError('Failed to fetch'), 'engine-load'],
  [new TypeError('NetworkError when attempting to fetch resource.'), 'engine-load'],
  [new TypeError('Load failed'), 'engine-load'],
  ['Error: failed to import ffmpeg-core.js', 'engine-load'],
  [new Error('The GIF optimiser could not load its encoder (HTTP 404)'), 'engine-load'],
  // A core that died or answers as if it had never loaded.
  ['Error: ffmpeg is not loaded, call `await ffmpeg.load()` first', 'engine-stopped'],
  [new Error('called FFmpeg.terminate()'), 'engine-stopped'],
  ['RuntimeError: memory access out of bounds', 'engine-stopped'],
  ['RuntimeError: unreachable', 'engine-stopped'],
  [new WebAssembly.RuntimeError('something new'), 'engine-stopped'],
  // Memory, whatever the engine calls it.
  [new RangeError('Array buffer allocation failed'), 'out-of-memory'],
  ['Uncaught RangeError: Array buffer allocation failed', 'out-of-memory'],
  ['RangeError: WebAssembly.Memory(): could not allocate memory', 'out-of-memory'],
  ['RuntimeError: Aborted(OOM). Build with -sASSERTIONS for more info.', 'out-of-memory'],
  [new RangeError('invalid array length'), 'out-of-memory'],
  [new RangeError('Invalid typed array length: 4294967296'), 'out-of-memory'],
  [new RangeError('Out of memory'), 'out-of-memory'],
  ['uncaught exception: out of memory', 'out-of-memory'],
  [new Error('The GIF encoder failed (exit code 1): Cannot allocate memory'), 'out-of-memory'],
  [new Error('The LZW encoder could not get 33554432 bytes of memory'), 'out-of-memory'],
  // Storage, files, decoding, refusals.
  [new DOMException('The quota has been exceeded.', 'QuotaExceededError'), 'storage-full'],
  [{ name: 'NS_ERROR_DOM_QUOTA_REACHED', message: 'Persistent storage maximum size reached' }, 'storage-full'],
  [
    new DOMException(
      'The requested file could not be read, typically due to permission problems that have occurred after a reference to a file was acquired.',
      'NotReadableError',
    ),
    'file-unreadable',
  ],
  // WebKit, for a chosen file changed on disk, as a plain Error once a worker has passed its message on.
  [new Error('The object can not be found here.'), 'file-unreadable'],
  [
    new DOMException(
      'A requested file or directory could not be found at the time an operation was processed.',
      'NotFoundError',
    ),
    'file-unreadable',
  ],
  [new DOMException('The source image could not be decoded.', 'InvalidStateError'), 'decode'],
  [new DOMException('The image could not be decoded.', 'EncodingError'), 'decode'],
  [new DOMException('The request is not allowed by the user agent.', 'NotAllowedError'), 'not-allowed'],
  [new DOMException("Failed to construct 'Worker': access denied", 'SecurityError'), 'not-allowed'],
  // Nothing recognised.
  [new RangeError('Maximum call stack size exceeded.'), 'unknown'],
  [new Error('boom'), 'unknown'],
  [{ code: 42 }, 'unknown'],
  [undefined, 'unknown'],
  ['', 'unknown'],
];

describe('failure kinds', () => {
  it.each(SAID)('%s is %s', (thrown, kind) => {
    expect(classifyFailure(thrown)).toBe(kind);
  });

  it('reads a kind our own errors carry', () => {
    expect(classifyFailure(Object.assign(new Error('anything'), { failureKind: 'out-of-memory' }))).toBe(
      'out-of-memory',
    );
    expect(classifyFailure(Object.assign(new Error('Failed to fetch'), { failureKind: 'nonsense' }))).toBe(
      'engine-load',
    );
  });

  it('splits "Name: message" texts, from workers and ErrorEvents alike', () => {
    expect(describeThrown('RangeError: Array buffer allocation failed')).toEqual({
      name: 'RangeError',
      message: 'Array buffer allocation failed',
    });
    expect(describeThrown('Uncaught TypeError: x is not a function')).toEqual({
      name: 'TypeError',
      message: 'x is not a function',
    });
    expect(describeThrown(new Error('CompileError: bad'))).toEqual({ name: 'CompileError', message: 'bad' });
    expect(describeThrown(new DOMException('gone', 'NotFoundError'))).toEqual({
      name: 'NotFoundError',
      message: 'gone',
    });
    expect(describeThrown('plain words')).toEqual({ name: '', message: 'plain words' });
    expect(describeThrown(7)).toEqual({ name: '', message: '' });
  });
});
