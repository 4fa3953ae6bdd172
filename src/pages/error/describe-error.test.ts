import { describe, expect, it } from 'vitest';
import { describeError } from './describe-error';

describe('describeError', () => {
  it('shows the status and status text of a route error response', () => {
    const response = { status: 404, statusText: 'Not Found', internal: true, data: null };
    expect(describeError(response)).toEqual({ message: '404 Not Found' });
  });

  it('shows the message and the stack of an Error', () => {
    const error = new TypeError('Failed to fetch dynamically imported module');
    expect(describeError(error)).toEqual({ message: error.message, stack: error.stack });
    expect(describeError(error).stack).toContain('TypeError');
  });

  it('leaves the stack out when the error has none', () => {
    const error = new Error('boom');
    error.stack = undefined;
    expect(describeError(error)).toEqual({ message: 'boom' });
  });

  it('shows a thrown string as it is, and anything else as an unknown error', () => {
    expect(describeError('Something broke')).toEqual({ message: 'Something broke' });
    expect(describeError(42)).toEqual({ message: 'Unknown error' });
  });
});
