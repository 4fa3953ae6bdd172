import { describe, expect, it } from 'vitest';
import { ALL_CASE_IDS } from './cases';
import { parseOptions } from './options';

describe('parseOptions', () => {
  it('runs every case five times by default', () => {
    const options = parseOptions([]);
    expect(options.runs).toBe(5);
    expect(options.cases).toEqual(ALL_CASE_IDS);
    expect(options.quick).toBe(false);
  });

  it('makes --quick a single warm run unless --runs says otherwise', () => {
    expect(parseOptions(['--quick']).runs).toBe(1);
    expect(parseOptions(['--quick', '--runs', '2']).runs).toBe(2);
    expect(parseOptions(['--runs=5', '--quick']).runs).toBe(5);
  });

  it('selects cases in catalogue order and refuses unknown ones', () => {
    expect(parseOptions(['--cases', 'page,anim-800x600-ui']).cases).toEqual(['anim-800x600-ui', 'page']);
    expect(parseOptions(['--cases', 'still-4000x3000']).cases).toEqual([
      'still-4000x3000-photo',
      'still-4000x3000-gradient',
      'still-4000x3000-ui',
      'still-4000x3000-testcard',
    ]);
    expect(() => parseOptions(['--cases', 'anim-1x1'])).toThrow(/unknown case/);
  });

  it('drops the memory case with --skip-memory', () => {
    expect(parseOptions(['--skip-memory']).cases).not.toContain('memory');
  });

  it('takes a quality on the slider steps and leaves the default alone otherwise', () => {
    expect(parseOptions([]).quality).toBeNull();
    expect(parseOptions(['--quality', '100']).quality).toBe(100);
    expect(() => parseOptions(['--quality', '85'])).toThrow(/10, 20/);
    expect(() => parseOptions(['--quality', '0'])).toThrow(/10, 20/);
  });

  it('times Firefox and WebKit too unless --engines says otherwise', () => {
    expect(parseOptions([]).engines).toEqual(['firefox', 'webkit']);
    expect(parseOptions(['--engines', 'webkit']).engines).toEqual(['webkit']);
    expect(parseOptions(['--engines=webkit,firefox']).engines).toEqual(['firefox', 'webkit']);
    expect(parseOptions(['--engines', 'none']).engines).toEqual([]);
    expect(() => parseOptions(['--engines', 'safari'])).toThrow(/unknown engine/);
  });

  it('runs no framing unless --framing names some, and needs a conversion case for them', () => {
    expect(parseOptions([]).framings).toEqual([]);
    expect(parseOptions(['--framing', 'crop-turn,turn']).framings).toEqual(['turn', 'crop-turn']);
    expect(parseOptions(['--quick', '--engines', 'none', '--framing=turn'])).toMatchObject({
      quick: true,
      engines: [],
      framings: ['turn'],
    });
    expect(() => parseOptions(['--framing', 'sideways'])).toThrow(/unknown framing/);
    expect(() => parseOptions(['--cases', 'page', '--framing', 'turn'])).toThrow(/--framing needs a conversion case/);
  });

  it('clicks as soon as it can in every engine unless --look gives a time', () => {
    expect(parseOptions([]).lookMs).toBe(0);
    expect(parseOptions(['--look', '2000']).lookMs).toBe(2000);
    expect(() => parseOptions(['--look', '-5'])).toThrow(/positive integer/);
  });

  it('refuses unknown flags and bad numbers', () => {
    expect(() => parseOptions(['--fast'])).toThrow(/unknown option/);
    expect(() => parseOptions(['--runs', '0'])).toThrow(/positive integer/);
    expect(() => parseOptions(['--port'])).toThrow(/needs a value/);
  });
});
