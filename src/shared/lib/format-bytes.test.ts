import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234567, '1.18 MB'],
    [50 * 1024 * 1024, '50 MB'],
    [3 * 1024 ** 3, '3 GB'],
    [5 * 1024 ** 4, '5120 GB'],
  ])('%i bytes reads %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
