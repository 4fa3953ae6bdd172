import { describe, expect, it } from 'vitest';
import { abortError, errorMessageOf, failedToLoadImage, isAbortError } from './errors';

describe('errors', () => {
  it('names the file that failed to load, and why', () => {
    expect(failedToLoadImage('a.png', 'bad CRC in IDAT chunk').message).toBe(
      'Failed to load image: a.png (bad CRC in IDAT chunk)',
    );
    expect(failedToLoadImage('a.png').message).toBe('Failed to load image: a.png');
  });
  it('uses an error’s message or the fallback', () => {
    expect(errorMessageOf(new Error('boom'))).toBe('boom');
    expect(errorMessageOf(new Error(''))).toBe('An unknown error occurred');
    expect(errorMessageOf(undefined)).toBe('An unknown error occurred');
  });
  it('makes and recognises aborts', () => {
    expect(isAbortError(abortError())).toBe(true);
    expect(abortError().name).toBe('AbortError');
    expect(isAbortError(new Error('x'))).toBe(false);
  });
});
