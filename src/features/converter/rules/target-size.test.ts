import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type ConversionSettings } from './settings';
import { coloursForQuality } from './quality';
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
} from './target-size';

const photo = { width: 1920, height: 1280 };
const context = (settings: Partial<ConversionSettings> = {}, frameCount = 1): LadderContext => ({
  settings: { ...DEFAULT_SETTINGS, ...settings },
  first: photo,
  frameCount,
});

/** A content whose real sizes differ from the model's priors (steeper colours, cheaper dither off). */
function trueBytes(knobs: Knobs, frames = 1): number {
  const kept = Math.ceil(frames / knobs.frameStep);
  return (
    900_000 *
    (coloursForQuality(knobs.quality) / 256) ** 0.6 *
    (knobs.dither === 'none' ? 1 : 1.1) *
    knobs.scale ** 1.8 *
    kept ** 0.8
  );
}

/** Runs the policy against `trueBytes` the way the store does, returning the attempts and the verdict. */
function search(ladder: Rung[], budget: number, frames = 1, prior?: number) {
  const attempts: Attempt[] = [];
  for (;;) {
    const step = nextStep(ladder, budget, attempts, prior);
    if (step.kind === 'done') return { attempts, step };
    expect(attempts.some((a) => a.rung === step.rung)).toBe(false);
    attempts.push({ rung: step.rung, bytes: trueBytes(ladder[step.rung]!.knobs, frames) });
  }
}

/** The best rung under the budget, by brute force. */
const bestRung = (ladder: Rung[], budget: number, frames = 1) =>
  ladder.findIndex((rung) => trueBytes(rung.knobs, frames) <= budget);

describe('buildLadder', () => {
  it('starts at the person’s settings and gives up dither, colours, then scale, then the last colours', () => {
    const ladder = buildLadder(context({ quality: 80, dither: 'auto' }));
    expect(ladder[0]!.knobs).toEqual({ quality: 80, dither: 'auto', lossiness: 0, scale: 1, frameStep: 1 });
    expect(ladder[0]!.model).toBe(1);
    expect(ladder[1]!.knobs).toMatchObject({ dither: 'none', quality: 80 });
    expect(ladder[2]!.knobs.quality).toBe(70);
    expect(ladder.slice(3, 7).map((r) => r.knobs)).toMatchObject([
      { quality: 70, scale: 0.92 },
      { quality: 70, scale: 0.85 },
      { quality: 70, scale: 0.78 },
      { quality: 70, scale: 0.7 },
    ]);
    expect(ladder.slice(7, 10).map((r) => r.knobs)).toMatchObject([
      { quality: 60, scale: 0.7 },
      { quality: 50, scale: 0.7 },
      { quality: 50, scale: 0.64 },
    ]);
    const minimum = ladder.at(-1)!.knobs;
    expect(minimum).toMatchObject({ quality: 10, scale: 128 / 1920 });
    // Each rung is predicted smaller than the one before.
    ladder.slice(1).forEach((rung, i) => expect(rung.model).toBeLessThan(ladder[i]!.model));
  });
  it('drops frames of an animation under half size, and uses lossiness first when the core has it', () => {
    const ladder = buildLadder({ ...context({ mode: 'animated' }, 10), lossinessSteps: [20, 40, 80] });
    expect(ladder.slice(1, 4).map((r) => r.knobs.lossiness)).toEqual([20, 40, 80]);
    const firstDrop = ladder.findIndex((r) => r.knobs.frameStep === 2);
    expect(ladder[firstDrop - 1]!.knobs.scale).toBe(0.5);
    expect(ladder.at(-1)!.knobs.frameStep).toBe(4);
  });
  it('a still never drops frames, and a small picture has few scales', () => {
    expect(buildLadder(context()).every((r) => r.knobs.frameStep === 1)).toBe(true);
    const small = buildLadder({ ...context(), first: { width: 120, height: 90 } });
    expect(small.every((r) => r.knobs.scale === 1)).toBe(true);
  });
});

describe('settingsForKnobs', () => {
  it('turns the scale into a resize box of the settings’ own output size, keeping proportions', () => {
    const knobs: Knobs = { quality: 60, dither: 'none', lossiness: 0, scale: 0.5, frameStep: 2 };
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
    const base: Knobs = { quality: 80, dither: 'auto', lossiness: 0, scale: 1, frameStep: 1 };
    const knobs: Knobs = { quality: 50, dither: 'none', lossiness: 0, scale: 0.5, frameStep: 2 };
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
    expect(step).toEqual({ kind: 'done', rung: 0, fits: true });
  });
  it.each([1024 * 1024, 256 * 1024, 100 * 1024, 30 * 1024])(
    'finds a rung under %i bytes within a few encodes, close to the best one',
    (budget) => {
      const { attempts, step } = search(still, budget);
      expect(step.kind === 'done' && step.fits).toBe(true);
      expect(trueBytes(still[step.rung]!.knobs)).toBeLessThanOrEqual(budget);
      expect(attempts.length).toBeLessThanOrEqual(SEARCH.maxEncodes);
      // At most one rung worse than the best possible, or close enough to the budget.
      const best = bestRung(still, budget);
      expect(step.rung - best <= 1 || trueBytes(still[step.rung]!.knobs) >= SEARCH.goodEnough * budget).toBe(true);
    },
  );
  it('an animation fits by dropping frames when it must', () => {
    const ladder = buildLadder(context({ mode: 'animated' }, 10));
    const { step } = search(ladder, 120 * 1024, 10);
    expect(step.kind === 'done' && step.fits).toBe(true);
  });
  it('an impossible budget ends at the minimum, with the smallest GIF as the closest result', () => {
    const { attempts, step } = search(still, 500);
    expect(step).toEqual({ kind: 'done', rung: still.length - 1, fits: false });
    expect(attempts.length).toBeLessThanOrEqual(3);
  });
  it('a prior guess lets the first encode skip the rungs that cannot fit', () => {
    const budget = 100 * 1024;
    const { attempts, step } = search(still, budget, 1, trueBytes(still[0]!.knobs));
    expect(attempts[0]!.rung).toBeGreaterThan(0);
    expect(step.kind === 'done' && step.fits).toBe(true);
  });
  it('a result well under the budget is followed by a try at a better rung predicted under the budget itself', () => {
    const budget = 256 * 1024;
    // Dither off (rung 1) is predicted 23 % smaller than rung 0: a result there at 74 % of the budget
    // predicts rung 0 at about 96 % of it, over the safety margin but under the budget.
    const ratio = still[1]!.model / still[0]!.model;
    const attempts = [{ rung: 1, bytes: 0.965 * budget * ratio }];
    expect(attempts[0]!.bytes).toBeLessThan(SEARCH.goodEnough * budget);
    const predicted = predictBytes(still, attempts, 0);
    expect(predicted).toBeGreaterThan(SEARCH.safety * budget);
    expect(predicted).toBeLessThanOrEqual(budget);
    expect(nextStep(still, budget, attempts)).toEqual({ kind: 'encode', rung: 0 });
    // Over the budget after all: the first result stands.
    expect(nextStep(still, budget, [...attempts, { rung: 0, bytes: 1.02 * budget }])).toEqual({
      kind: 'done',
      rung: 1,
      fits: true,
    });
  });
  it('predicts between two encodes by interpolating their errors', () => {
    const attempts = [
      { rung: 0, bytes: 1000 },
      { rung: 4, bytes: 2000 * still[4]!.model },
    ];
    const middle = predictBytes(still, attempts, 2);
    expect(middle).toBeGreaterThan(1000 * still[2]!.model);
    expect(middle).toBeLessThan(2000 * still[2]!.model);
  });
});
