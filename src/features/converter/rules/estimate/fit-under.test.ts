import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type ConversionSettings } from '../settings';
import { coloursForQuality } from '../palette/quality';
import {
  buildLadder,
  describeKnobs,
  nextStep,
  predictBytes,
  SEARCH,
  settingsForKnobs,
  type Attempt,
  type Knobs,
  type LadderContext,
  type Rung,
} from './fit-under';

const photo = { width: 1920, height: 1280 };
const context = (settings: Partial<ConversionSettings> = {}, frameCount = 1): LadderContext => ({
  settings: { ...DEFAULT_SETTINGS, ...settings },
  first: photo,
  frameCount,
});

/** A content whose real sizes differ from the model's priors (steeper colours, cheaper dither off, steeper scale). */
function trueBytes(knobs: Knobs, frames = 1): number {
  const kept = Math.ceil(frames / knobs.frameStep);
  return (
    900_000 *
    (coloursForQuality(knobs.quality) / 256) ** 0.6 *
    (knobs.dither === 'none' ? 1 : 1.1) *
    knobs.scale ** 2.1 *
    kept ** 0.8
  );
}

/** Runs the policy against `bytes` the way the store does, returning the attempts and the verdict. */
function search(ladder: Rung[], budget: number, frames = 1, prior?: number, bytes = trueBytes) {
  const attempts: Attempt[] = [];
  for (;;) {
    const step = nextStep(ladder, budget, attempts, prior);
    if (step.kind === 'done') return { attempts, step, chosen: attempts[step.attempt]! };
    expect(step.scale).toBeGreaterThanOrEqual(ladder[step.rung]!.floor);
    expect(step.scale).toBeLessThanOrEqual(1);
    const knobs = { ...ladder[step.rung]!.knobs, scale: step.scale };
    attempts.push({ rung: step.rung, scale: step.scale, bytes: bytes(knobs, frames) });
  }
}

describe('buildLadder', () => {
  it('a still keeps the person’s quality down to half size, then gives up quality step by step', () => {
    const ladder = buildLadder(context({ quality: 80, dither: 'auto' }));
    expect(ladder.map((s) => [s.knobs.quality, s.knobs.dither, s.floor])).toEqual([
      [80, 'auto', 0.5],
      [60, 'auto', 0.35],
      [40, 'auto', 0.25],
      [20, 'auto', 0.18],
      [10, 'auto', 128 / 1920],
    ]);
    expect(ladder[0]!.model).toBe(1);
    // Each rung is predicted smaller than the one before at the same size.
    ladder.slice(1).forEach((rung, i) => expect(rung.model).toBeLessThan(ladder[i]!.model));
  });
  it('an animation gives up its dither pattern first, then colours, then frames', () => {
    const ladder = buildLadder(context({ mode: 'animated' }, 10));
    expect(ladder.map((s) => [s.knobs.quality, s.knobs.dither, s.knobs.frameStep])).toEqual([
      [80, 'auto', 1],
      [80, 'none', 1],
      [60, 'none', 1],
      [40, 'none', 1],
      [40, 'none', 2],
      [40, 'none', 3],
      [40, 'none', 4],
      [10, 'none', 4],
    ]);
    ladder.slice(1).forEach((rung, i) => expect(rung.floor).toBeLessThanOrEqual(ladder[i]!.floor));
    expect(ladder.at(-1)!.floor).toBeCloseTo(128 / 1920);
  });
  it('a still never drops frames, and a small picture is never scaled under 128 px', () => {
    expect(buildLadder(context()).every((s) => s.knobs.frameStep === 1)).toBe(true);
    const small = buildLadder({ ...context(), first: { width: 120, height: 90 } });
    expect(small.every((s) => s.floor === 1)).toBe(true);
  });
});

describe('settingsForKnobs', () => {
  it('turns the scale into a resize box of the settings’ own output size, keeping proportions', () => {
    const knobs: Knobs = { quality: 60, dither: 'none', scale: 0.5, frameStep: 2 };
    expect(settingsForKnobs(context({ targetBytes: 1000 }), knobs)).toMatchObject({
      quality: 60,
      dither: 'none',
      frameStep: 2,
      resize: true,
      maintainAspectRatio: true,
      width: 960,
      height: 640,
      targetBytes: null,
    });
    expect(settingsForKnobs(context(), { ...knobs, scale: 1 }).resize).toBe(false);
  });
  it('says what changed', () => {
    const base: Knobs = { quality: 80, dither: 'auto', scale: 1, frameStep: 1 };
    const knobs: Knobs = { quality: 50, dither: 'none', scale: 0.5, frameStep: 2 };
    expect(describeKnobs(knobs, base, { width: 960, height: 640 })).toEqual([
      'quality 50 %',
      'dithering off',
      'scaled to 960 × 640',
      'every 2nd frame kept',
    ]);
  });
});

describe('the search', () => {
  const still = buildLadder(context({ quality: 80 }));
  it('stops after one encode when the settings already fit', () => {
    const { attempts, step } = search(still, 10 * 1024 * 1024);
    expect(attempts).toHaveLength(1);
    expect(step).toEqual({ kind: 'done', attempt: 0, fits: true });
  });
  it.each([1024 * 1024, 512 * 1024, 256 * 1024, 100 * 1024, 30 * 1024])(
    'lands close under %i bytes in a few encodes, at the person’s quality while the picture is over half size',
    (budget) => {
      const { attempts, step, chosen } = search(still, budget);
      expect(step.kind === 'done' && step.fits).toBe(true);
      expect(chosen.bytes).toBeLessThanOrEqual(budget);
      expect(attempts.length).toBeLessThanOrEqual(budget < 50 * 1024 ? SEARCH.maxEncodes : 4);
      // The best rung for this budget is the first that fits at its floor; near a floor the search may
      // take the next one, whose first encode is already under the budget.
      const rung = still.findIndex((s) => trueBytes({ ...s.knobs, scale: s.floor }) <= budget);
      expect(chosen.rung - rung).toBeGreaterThanOrEqual(0);
      expect(chosen.rung - rung).toBeLessThanOrEqual(1);
      expect(chosen.bytes).toBeGreaterThan(0.8 * budget);
    },
  );
  it('an animation fits by dropping frames when it must', () => {
    const ladder = buildLadder(context({ mode: 'animated' }, 10));
    const { step, chosen } = search(ladder, 40 * 1024, 10);
    expect(step.kind === 'done' && step.fits).toBe(true);
    expect(ladder[chosen.rung]!.knobs.frameStep).toBeGreaterThan(1);
  });
  it('an impossible budget ends at the minimum, with the smallest GIF as the closest result', () => {
    const { attempts, step, chosen } = search(still, 500);
    expect(step.kind === 'done' && step.fits).toBe(false);
    expect(chosen).toMatchObject({ rung: still.length - 1, scale: still.at(-1)!.floor });
    expect(attempts.length).toBeLessThanOrEqual(3);
  });
  it('a prior guess lets the first encode aim at the budget', () => {
    const budget = 100 * 1024;
    const { attempts, step } = search(still, budget, 1, trueBytes(still[0]!.knobs));
    expect(attempts[0]!.scale).toBeLessThan(1);
    expect(step.kind === 'done' && step.fits).toBe(true);
    expect(attempts.length).toBeLessThanOrEqual(3);
  });
  it('a prior that fits starts at the person’s settings', () => {
    expect(nextStep(still, 1000, [], 900)).toEqual({ kind: 'encode', rung: 0, scale: 1 });
  });
  it('a result well under the budget is followed by a try at a larger size; a try over it leaves the result', () => {
    const budget = 256 * 1024;
    const attempts: Attempt[] = [{ rung: 0, scale: 0.6, bytes: 0.82 * budget }];
    const next = nextStep(still, budget, attempts);
    expect(next).toMatchObject({ kind: 'encode', rung: 0 });
    if (next.kind !== 'encode') throw new Error('no encode');
    expect(next.scale).toBeGreaterThan(0.62);
    expect(nextStep(still, budget, [...attempts, { ...next, bytes: 1.02 * budget }])).toEqual({
      kind: 'done',
      attempt: 0,
      fits: true,
    });
  });
  it('measures how bytes follow the scale: UI text barely shrinks, so the next try goes further down', () => {
    const budget = 100_000;
    const ui = (knobs: Knobs) => 200_000 * (coloursForQuality(knobs.quality) / 256) ** 0.3 * knobs.scale ** 0.9;
    const { step, chosen, attempts } = search(still, budget, 1, undefined, ui);
    expect(step.kind === 'done' && step.fits).toBe(true);
    expect(chosen.bytes).toBeGreaterThan(0.8 * budget);
    expect(attempts.length).toBeLessThanOrEqual(SEARCH.maxEncodes);
  });
  it('predicts from the nearest encode of the same rung, with the measured exponent', () => {
    const attempts: Attempt[] = [
      { rung: 0, scale: 1, bytes: 1000 },
      { rung: 0, scale: 0.5, bytes: 250 },
    ];
    expect(predictBytes(still, attempts, 0, 0.7)).toBeCloseTo(250 * 1.4 ** 2, 0);
    expect(predictBytes(still, attempts, 1, 1)).toBeCloseTo(1000 * still[1]!.model, 0);
  });
});
