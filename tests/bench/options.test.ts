import { describe, expect, it } from 'vitest';
import { ALL_CASE_IDS } from './cases';
import { parseOptions } from './options';

describe('parseOptions', () => {
  it('runs every case three times by default', () => {
    const options = parseOptions([]);
    expect(options.runs).toBe(3);
    expect(options.cases).toEqual(ALL_CASE_IDS);
    expect(options.quick).toBe(false);
  });

  it('makes --quick a single warm run unless --runs says otherwise', () => {
    expect(parseOptions(['--quick']).runs).toBe(1);
    expect(parseOptions(['--quick', '--runs', '2']).runs).toBe(2);
    expect(parseOptions(['--runs=5', '--quick']).runs).toBe(5);
  });

  it('selects cases in catalogue order and refuses unknown ones', () => {
    expect(parseOptions(['--cases', 'page,anim-800x600']).cases).toEqual(['anim-800x600', 'page']);
    expect(() => parseOptions(['--cases', 'anim-1x1'])).toThrow(/unknown case/);
  });

  it('drops the memory case with --skip-memory', () => {
    expect(parseOptions(['--skip-memory']).cases).not.toContain('memory');
  });

  it('refuses unknown flags and bad numbers', () => {
    expect(() => parseOptions(['--fast'])).toThrow(/unknown option/);
    expect(() => parseOptions(['--runs', '0'])).toThrow(/positive integer/);
    expect(() => parseOptions(['--port'])).toThrow(/needs a value/);
  });
});
