import { describe, expect, it } from 'vitest';
import {
  abortError,
  ConversionError,
  engineLoadFailure,
  errorMessageOf,
  FAILURE_MESSAGES,
  failedToLoadImage,
  isAbortError,
  shareFailureMessage,
  workerFailure,
} from './errors';

/** Fragments of the libraries' and browsers' own texts: none may reach a person. */
const RAW =
  /ffmpeg|load\(\)|RangeError|TypeError|CompileError|RuntimeError|DOMException|Uncaught|wasm|WebAssembly|allocation|magic word|Aborted\(/i;

describe('errors', () => {
  it('names the file that failed to load, and why', () => {
    expect(failedToLoadImage('a.png', 'bad CRC in IDAT chunk').message).toBe(
      'Failed to load image: a.png (bad CRC in IDAT chunk)',
    );
    expect(failedToLoadImage('a.png').message).toBe('Failed to load image: a.png');
  });

  it('shows messages written for a person as they are', () => {
    expect(errorMessageOf(failedToLoadImage('a.png', 'truncated IDAT chunk'))).toBe(
      'Failed to load image: a.png (truncated IDAT chunk)',
    );
    expect(errorMessageOf(new ConversionError('Use at most 3 frames at 800x600.'))).toBe(
      'Use at most 3 frames at 800x600.',
    );
    // The spec's own catalogue, even as a plain Error.
    expect(errorMessageOf(new Error('No files provided'))).toBe('No files provided');
    expect(errorMessageOf(new Error('Failed to create blob'))).toBe('Failed to create blob');
    expect(errorMessageOf(new Error('Could not get canvas context'))).toBe('Could not get canvas context');
  });

  it('shows the message of its kind for everything else, never the thrown text', () => {
    const thrown = [
      'Error: ffmpeg is not loaded, call `await ffmpeg.load()` first',
      new RangeError('Array buffer allocation failed'),
      'CompileError: WebAssembly.compile(): expected magic word 00 61 73 6d, found 3c 21 44 4f @+0',
      new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
      new DOMException('The source image could not be decoded.', 'InvalidStateError'),
      new Error('boom'),
    ];
    const shown = thrown.map(errorMessageOf);
    expect(shown).toEqual([
      FAILURE_MESSAGES['engine-stopped'],
      FAILURE_MESSAGES['out-of-memory'],
      FAILURE_MESSAGES['engine-load'],
      FAILURE_MESSAGES['storage-full'],
      FAILURE_MESSAGES.decode,
      FAILURE_MESSAGES.unknown,
    ]);
    for (const message of shown) expect(message).not.toMatch(RAW);
  });

  it('says what happened and what to try, in the product’s catalogue words where it has them', () => {
    for (const message of Object.values(FAILURE_MESSAGES)) {
      expect(message).not.toMatch(RAW);
      // A sentence of what happened, then at least one of what to try.
      expect(message.split(/[.;] /).length).toBeGreaterThan(1);
    }
    expect(FAILURE_MESSAGES.unknown).toMatch(/^An unknown error occurred\. /);
    expect(FAILURE_MESSAGES.decode).toMatch(/^Failed to load image: /);
    expect(errorMessageOf(undefined)).toBe(FAILURE_MESSAGES.unknown);
    expect(errorMessageOf(new Error(''))).toBe(FAILURE_MESSAGES.unknown);
  });

  it('keeps a message already worded for a person when it is passed on again', () => {
    for (const message of Object.values(FAILURE_MESSAGES)) {
      expect(errorMessageOf(new Error(message))).toBe(message);
      expect(errorMessageOf(message)).toBe(message);
    }
  });

  it('says an engine that could not load as such, or as memory', () => {
    expect(engineLoadFailure('CompileError: WebAssembly.compile(): bad').message).toBe(FAILURE_MESSAGES['engine-load']);
    expect(engineLoadFailure(new TypeError('Failed to fetch')).message).toBe(FAILURE_MESSAGES['engine-load']);
    expect(engineLoadFailure(new Error('')).message).toBe(FAILURE_MESSAGES['engine-load']);
    expect(engineLoadFailure(new RangeError('WebAssembly.Memory(): could not allocate memory')).message).toBe(
      FAILURE_MESSAGES['out-of-memory'],
    );
    const cause = new Error('x');
    expect(engineLoadFailure(cause).cause).toBe(cause);
    expect(errorMessageOf(engineLoadFailure(cause))).toBe(FAILURE_MESSAGES['engine-load']);
  });

  it('says what a worker’s error event means', () => {
    // No text: its script never ran.
    expect(workerFailure(undefined).message).toBe(FAILURE_MESSAGES['engine-load']);
    expect(workerFailure('').message).toBe(FAILURE_MESSAGES['engine-load']);
    expect(workerFailure('Uncaught RangeError: Array buffer allocation failed').message).toBe(
      FAILURE_MESSAGES['out-of-memory'],
    );
    // An error escaped it: it cannot be trusted any more.
    expect(workerFailure('Uncaught TypeError: x is not a function').message).toBe(FAILURE_MESSAGES['engine-stopped']);
  });

  it('words the share sheet’s refusals, and stays quiet when the person closed it', () => {
    expect(shareFailureMessage(new DOMException('Share canceled', 'AbortError'))).toBeNull();
    for (const name of ['NotAllowedError', 'InvalidStateError', 'DataError', 'TypeError', 'OperationError']) {
      const message = shareFailureMessage(new DOMException('Permission denied by the user agent', name));
      expect(message).toMatch(/\.$/);
      expect(message).not.toMatch(RAW);
      expect(message).not.toMatch(/user agent/);
    }
    expect(shareFailureMessage(new TypeError('files not supported'))).toMatch(/Use Download instead/);
  });

  it('makes and recognises aborts', () => {
    expect(isAbortError(abortError())).toBe(true);
    expect(abortError().name).toBe('AbortError');
    expect(isAbortError(new Error('x'))).toBe(false);
  });
});
