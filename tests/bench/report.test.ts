import { describe, expect, it } from 'vitest';
import { formatBytes, formatMs, table } from './report';

describe('table', () => {
  it('pads every column to its widest cell', () => {
    expect(table(['a', 'bb'], [['ccc', 'd']])).toBe(['a    bb', '---  --', 'ccc  d'].join('\n'));
  });
});

describe('formatters', () => {
  it('shows milliseconds, seconds past ten seconds, and a dash for nothing', () => {
    expect(formatMs(1234.4)).toBe('1234 ms');
    expect(formatMs(12_345)).toBe('12.3 s');
    expect(formatMs(null)).toBe('—');
  });

  it('shows bytes in base 1024 units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.00 MB');
  });
});
