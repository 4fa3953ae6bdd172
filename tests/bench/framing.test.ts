import { describe, expect, it } from 'vitest';
import { formatAdded, framingOf, parseFramings, runOrder, summariseFraming } from './framing';
import { framingTable } from './report';

describe('framings', () => {
  it('takes known framings in a fixed order and refuses others', () => {
    expect(parseFramings('crop-turn,turn')).toEqual(['turn', 'crop-turn']);
    expect(() => parseFramings('turn,spin')).toThrow(/unknown framing\(s\) spin/);
    expect(() => parseFramings(',')).toThrow(/none given/);
  });

  it('crops 2 % off each side, moved by a pixel each run, and turns a quarter right', () => {
    expect(framingOf('turn', 800, 600, 1)).toEqual({ crop: null, quarterTurnsRight: 1 });
    expect(framingOf('crop-turn', 800, 600, 0)).toEqual({
      crop: { x: 15, y: 11, width: 768, height: 576 },
      quarterTurnsRight: 1,
    });
    expect(framingOf('crop', 800, 600, 2)).toEqual({
      crop: { x: 17, y: 13, width: 768, height: 576 },
      quarterTurnsRight: 0,
    });
    // The moved crop stays inside the picture, even a tiny one.
    for (const run of [0, 1, 2]) {
      const { crop } = framingOf('crop', 20, 10, run);
      expect(crop!.x).toBeGreaterThanOrEqual(0);
      expect(crop!.x + crop!.width).toBeLessThanOrEqual(20);
      expect(crop!.y + crop!.height).toBeLessThanOrEqual(10);
    }
  });

  it('turns the order of the variants by one each run', () => {
    expect(runOrder(['turn', 'crop-turn'], 0)).toEqual(['plain', 'turn', 'crop-turn']);
    expect(runOrder(['turn', 'crop-turn'], 1)).toEqual(['turn', 'crop-turn', 'plain']);
    expect(runOrder(['turn', 'crop-turn'], 3)).toEqual(['plain', 'turn', 'crop-turn']);
  });

  it('gives each framing its runs against the plain run of the same run, leaving out runs without both', () => {
    const result = summariseFraming([1000, 800, null], { turn: [1100, 760, 900] }, ['turn'], null);
    expect(result.plain.time).toEqual({ median: 900, min: 800, max: 1000 });
    expect(result.framed[0]!.time).toEqual({ median: 900, min: 760, max: 1100 });
    expect(result.framed[0]!.ratio!.min).toBeCloseTo(0.95);
    expect(result.framed[0]!.ratio!.max).toBeCloseTo(1.1);
    expect(formatAdded(1.031)).toBe('+3.1 %');
    expect(formatAdded(0.95)).toBe('−5.0 %');
  });

  it('tables each framing of each case with its verdict, and says why a comparison did not run', () => {
    const ran = summariseFraming([1000], { turn: [1030], 'crop-turn': [1100] }, ['turn', 'crop-turn'], null);
    const failed = summariseFraming([null], { turn: [null] }, ['turn'], 'turn: the Crop X field did not take 3');
    const text = framingTable([
      { title: 'anim', framing: ran },
      { title: 'still', framing: failed },
      { title: 'plain only', framing: null },
    ]);
    expect(text).toMatch(/anim +turn +1000 ms \(1000 ms–1000 ms\) +1030 ms .*\+3\.0 % \(\+3\.0 % to \+3\.0 %\) +met/);
    expect(text).toMatch(/anim +crop-turn .*\+10\.0 % .* MISSED/);
    expect(text).toMatch(/still .*the Crop X field did not take 3/);
    expect(text).not.toMatch(/plain only/);
  });
});
